import { confirmScore, disqualifyParticipant, nextSwissRound, reportScore, startTournament, undoMatch } from './play-actions';
import { addParticipant, checkIn, joinTournament, leaveTournament, removeParticipant, seedParticipants, undoCheckIn, walkInCheckIn } from './registration-actions';
import { TournamentRefusal, type TournamentAction, type TournamentActor, type TournamentState } from './tournament-actions';

/** The actions that change a tournament, by the name the socket protocol uses (SPEC.md §7). */
export const TOURNAMENT_ACTIONS = {
  join: joinTournament,
  leave: leaveTournament,
  checkIn,
  walkInCheckIn,
  undoCheckIn,
  addParticipant,
  removeParticipant,
  seed: seedParticipants,
  start: startTournament,
  reportScore,
  confirmScore,
  undo: undoMatch,
  nextRound: nextSwissRound,
  disqualify: disqualifyParticipant,
} as const;
export type TournamentActionName = keyof typeof TOURNAMENT_ACTIONS;

/** Every name a client may send: the actions, and `get` (read and join the room). */
export const TOURNAMENT_ACTION_NAMES = ['get', ...Object.keys(TOURNAMENT_ACTIONS)] as readonly string[];

export function isTournamentActionName(name: string): name is TournamentActionName {
  return Object.hasOwn(TOURNAMENT_ACTIONS, name);
}

/** Whether `actor` may run `action` on `state` now ("can I press Start?"), and why not. */
export function tournamentVerdict(action: TournamentActionName, state: TournamentState, actor: TournamentActor | null) {
  return TOURNAMENT_ACTIONS[action].predicate(state, actor);
}

/** True when `actor` may run `action` on `state` now. */
export function canRunTournamentAction(action: TournamentActionName, state: TournamentState, actor: TournamentActor | null): boolean {
  return tournamentVerdict(action, state, actor).allowed;
}

/**
 * Runs an action as the authority does: the predicate first, then the params, then `perform`.
 * Every refusal is a TournamentRefusal with its French message; fields the rules do not own
 * (name, game, ids) go along untouched.
 */
export function runTournamentAction<S extends TournamentState>(name: TournamentActionName, state: S, actor: TournamentActor | null, params: unknown): S {
  const action = TOURNAMENT_ACTIONS[name] as TournamentAction<unknown>;
  const verdict = action.predicate(state, actor);
  if (!verdict.allowed) throw new TournamentRefusal(verdict.reason);
  const parsed = action.params.safeParse(params ?? {});
  if (!parsed.success) throw new TournamentRefusal(action.invalidParams);
  // The predicate refuses a missing actor for every action.
  return { ...state, ...action.perform(state, parsed.data, actor!) };
}
