import type { z } from 'zod';
import { TournamentError } from '../errors';
import type { EngineResult } from '../tournament-engine/tournament-engine.errors';
import type { EngineTournament } from '../tournament-engine/tournament-engine.schema';

/** What the rules of a tournament read and write; the rest of the record goes along untouched. */
export type TournamentState = EngineTournament;

/** Who asks: a signed-in person (staff or not), or nobody (`null`). */
export interface TournamentActor {
  /** The user's id: a participant who joined carries it as `userId`. */
  id: string;
  /** The name shown in the bracket when the person gives none. */
  name: string;
  staff: boolean;
}

/** A French refusal of a tournament action, answered as `{status: 'error', msg}` by the server. */
export class TournamentRefusal extends TournamentError {
  constructor(message: string) {
    super(message, 'TOURNAMENT_REFUSED');
  }
}

/** Whether an actor may run an action now, and in French why not. */
export type TournamentVerdict = { allowed: true } | { allowed: false; reason: string };

export const allow: TournamentVerdict = { allowed: true };
export const refuse = (reason: string): TournamentVerdict => ({ allowed: false, reason });

/**
 * An action on a tournament, as Excalidraw's `Action`: `predicate` says whether the actor may
 * run it on this state (the server's guard and a button's `disabled` alike); `perform` applies
 * it to a state the predicate allowed, and refuses (TournamentRefusal) what depends on params.
 */
export interface TournamentAction<P> {
  readonly name: string;
  /** The params the action takes; a parse failure is refused with `invalidParams`. */
  readonly params: z.ZodType<P>;
  readonly invalidParams: string;
  predicate(state: TournamentState, actor: TournamentActor | null): TournamentVerdict;
  perform(state: TournamentState, params: P, actor: TournamentActor): TournamentState;
}

export const STAFF_ONLY = 'Réservé à l’équipe.';
export const REGISTRATION_CLOSED = 'Les inscriptions sont closes.';
export const NOT_RUNNING = 'Le tournoi n’est pas en cours.';

/** The engine's outcome as an action's: the new state, or its French refusal. */
export function engineOutcome(result: EngineResult<TournamentState>): TournamentState {
  if (!result.ok) throw new TournamentRefusal(result.error.message);
  return result.tournament;
}
