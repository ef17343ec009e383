import { allow, refuse, STAFF_ONLY, type TournamentActor, type TournamentState, type TournamentVerdict } from './tournament-actions';
import { participantOfUser } from './tournament-view';

/*
 * The predicates several tournament actions share, built from the French refusals that differ.
 * Not exported from the package: the actions are the API.
 */

type Predicate = (state: TournamentState, actor: TournamentActor | null) => TournamentVerdict;

/** Staff only, while the tournament is `status`; else `refusal`. */
export function staffWhile(status: TournamentState['status'], refusal: string): Predicate {
  return (state, actor) => {
    if (!actor?.staff) return refuse(STAFF_ONLY);
    return state.status === status ? allow : refuse(refusal);
  };
}

/** What a player-or-staff action says to someone signed out, to anyone while the status is wrong, and to a non-player. */
export interface PlayerOrStaffRefusals {
  signedOut: string;
  otherStatus: string;
  notPlayer: string;
}

/** A signed-in player of the tournament, or staff, while the tournament is `status`. */
export function playerOrStaffWhile(status: TournamentState['status'], refusals: PlayerOrStaffRefusals): Predicate {
  return (state, actor) => {
    if (!actor) return refuse(refusals.signedOut);
    if (state.status !== status) return refuse(refusals.otherStatus);
    if (!actor.staff && !participantOfUser(state, actor.id)) return refuse(refusals.notPlayer);
    return allow;
  };
}
