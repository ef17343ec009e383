import { z } from 'zod';
import { TournamentError } from '../errors';
import { TournamentInputSchema } from '../schemas/games.schema';
import { advance, buildMatches } from './bracket';

/** What the rules of a tournament read and write; the rest of the record goes along untouched. */
export const TournamentStateSchema = TournamentInputSchema.pick({ format: true, status: true, participants: true, matches: true });
export type TournamentState = z.infer<typeof TournamentStateSchema>;

/** Who asks: a signed-in person (staff or not), or nobody (`null`). */
export interface TournamentActor {
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

const allow: TournamentVerdict = { allowed: true };
const refuse = (reason: string): TournamentVerdict => ({ allowed: false, reason });

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

/** As many as TournamentSchema holds. */
export const MAX_TOURNAMENT_PARTICIPANTS = 256;

const STAFF_ONLY = 'Réservé à l’équipe.';
const REGISTRATION_CLOSED = 'Les inscriptions sont closes.';

/** `join`: the actor registers, under the name given or its own; a bad name falls back to its own. */
export const JoinTournamentParamsSchema = z.object({ name: z.string().trim().min(1).max(80).optional().catch(undefined) });
/** `leave`: staff may unregister someone else by participantId; anyone else leaves themself. */
export const LeaveTournamentParamsSchema = z.object({ participantId: z.string().optional().catch(undefined) });
export const StartTournamentParamsSchema = z.object({});
export const ReportScoreParamsSchema = z.object({
  matchId: z.string().min(1).max(40),
  scoreA: z.number().int().min(0).max(1_000_000),
  scoreB: z.number().int().min(0).max(1_000_000),
});

export const joinTournament: TournamentAction<z.infer<typeof JoinTournamentParamsSchema>> = {
  name: 'join',
  params: JoinTournamentParamsSchema,
  invalidParams: 'Inscription invalide.',
  predicate(state, actor) {
    if (!actor) return refuse('Connectez-vous pour vous inscrire.');
    if (state.status !== 'registration') return refuse(REGISTRATION_CLOSED);
    if (state.participants.some((p) => p.id === actor.id)) return refuse('Vous êtes déjà inscrit.');
    if (state.participants.length >= MAX_TOURNAMENT_PARTICIPANTS) return refuse('Le tournoi est complet.');
    return allow;
  },
  perform(state, params, actor) {
    const seed = state.participants.reduce((max, p) => Math.max(max, p.seed), 0) + 1;
    return { ...state, participants: [...state.participants, { id: actor.id, name: params.name || actor.name, seed }] };
  },
};

export const leaveTournament: TournamentAction<z.infer<typeof LeaveTournamentParamsSchema>> = {
  name: 'leave',
  params: LeaveTournamentParamsSchema,
  invalidParams: 'Désinscription invalide.',
  predicate(state, actor) {
    if (!actor) return refuse('Connectez-vous pour vous désinscrire.');
    if (state.status !== 'registration') return refuse(REGISTRATION_CLOSED);
    return allow;
  },
  perform(state, params, actor) {
    const participantId = params.participantId !== undefined && actor.staff ? params.participantId : actor.id;
    if (!state.participants.some((p) => p.id === participantId)) throw new TournamentRefusal('Ce participant n’est pas inscrit.');
    return { ...state, participants: state.participants.filter((p) => p.id !== participantId) };
  },
};

export const startTournament: TournamentAction<z.infer<typeof StartTournamentParamsSchema>> = {
  name: 'start',
  params: StartTournamentParamsSchema,
  invalidParams: 'Démarrage invalide.',
  predicate(state, actor) {
    if (!actor?.staff) return refuse(STAFF_ONLY);
    if (state.status !== 'registration') return refuse('Le tournoi a déjà commencé.');
    if (state.participants.length < 2) return refuse('Il faut au moins deux participants pour commencer.');
    return allow;
  },
  perform(state) {
    return { ...state, status: 'running', matches: buildMatches(state.format, state.participants) };
  },
};

export const reportScore: TournamentAction<z.infer<typeof ReportScoreParamsSchema>> = {
  name: 'reportScore',
  params: ReportScoreParamsSchema,
  invalidParams: 'Score invalide : matchId, scoreA et scoreB sont attendus.',
  predicate(state, actor) {
    if (!actor?.staff) return refuse(STAFF_ONLY);
    if (state.status !== 'running') return refuse('Le tournoi n’est pas en cours.');
    return allow;
  },
  perform(state, { matchId, scoreA, scoreB }) {
    const matches = state.matches.map((m) => ({ ...m }));
    const match = matches.find((m) => m.id === matchId);
    if (!match) throw new TournamentRefusal('Match introuvable.');
    if (match.status !== 'ready' || !match.a || !match.b) throw new TournamentRefusal('Ce match ne peut pas recevoir de score.');
    const roundRobin = state.format === 'round_robin';
    if (scoreA === scoreB && !roundRobin) throw new TournamentRefusal('Un match à élimination ne peut pas finir à égalité.');
    match.scoreA = scoreA;
    match.scoreB = scoreB;
    const winner = scoreA === scoreB ? null : scoreA > scoreB ? match.a : match.b;
    if (roundRobin) {
      match.winner = winner;
      match.status = 'done';
    } else advance(matches, match, winner!);
    const finished = matches.every((m) => m.status === 'done');
    return { ...state, matches, status: finished ? 'finished' : 'running' };
  },
};

/** The actions that change a tournament, by the name the socket protocol uses (SPEC.md §7). */
export const TOURNAMENT_ACTIONS = {
  join: joinTournament,
  leave: leaveTournament,
  start: startTournament,
  reportScore,
} as const;
export type TournamentActionName = keyof typeof TOURNAMENT_ACTIONS;

export function isTournamentActionName(name: string): name is TournamentActionName {
  return Object.hasOwn(TOURNAMENT_ACTIONS, name);
}

/** True when `actor` may run `action` on `state` now ("can I press Start?"). */
export function canRunTournamentAction(action: TournamentActionName | Pick<TournamentAction<unknown>, 'predicate'>, state: TournamentState, actor: TournamentActor | null): boolean {
  const record = typeof action === 'string' ? TOURNAMENT_ACTIONS[action] : action;
  return record.predicate(state, actor).allowed;
}

/**
 * Runs an action as the authority does: the predicate first, then the params, then `perform`.
 * Every refusal is a TournamentRefusal with its French message.
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
