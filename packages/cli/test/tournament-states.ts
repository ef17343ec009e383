import { runTournamentAction, tournamentEngine, type Tournament, type TournamentActionName, type TournamentActor, type TournamentFormat } from '@sortie/core';
import { aTournament, anId } from '@sortie/core/testing';

/*
 * Tournaments as the server holds them, played through core's rules (runTournamentAction):
 * the CLI's tests draw real brackets and tables, never hand-made ones.
 */

export const TOURNAMENT_ID = anId(11);
export const STAFF: TournamentActor = { id: 'staff', name: 'Équipe', staff: true };
export const player = (userId: string, name = userId): TournamentActor => ({ id: userId, name, staff: false });

export const act = (t: Tournament, action: TournamentActionName, params: Record<string, unknown> = {}, actor: TournamentActor = STAFF): Tournament =>
  runTournamentAction(action, t, actor, params);

/** A tournament in registration whose players joined with their accounts (user ids u1, u2…). */
export function registered(format: TournamentFormat, names: readonly string[], settings: Record<string, unknown> = {}): Tournament {
  let t = aTournament({ _id: TOURNAMENT_ID, name: 'Coupe de Poitiers', game: 'Mario Kart', format, settings: tournamentEngine.SettingsSchema.parse(settings), participants: [] });
  names.forEach((name, i) => (t = act(t, 'join', { name }, player(`u${i + 1}`))));
  return t;
}

/** The same, started by staff. */
export const started = (format: TournamentFormat, names: readonly string[], settings: Record<string, unknown> = {}): Tournament => act(registered(format, names, settings), 'start');

/** Staff report scores, match by match: [matchId, scoreA, scoreB]. */
export const reported = (t: Tournament, ...scores: ReadonlyArray<readonly [string, number, number]>): Tournament =>
  scores.reduce((state, [matchId, scoreA, scoreB]) => act(state, 'reportScore', { matchId, scoreA, scoreB }), t);

/** The account a participant joined with. */
export const accountOf = (t: Tournament, participantId: string | null): TournamentActor => {
  const p = t.participants.find((q) => q.id === participantId);
  if (!p?.userId) throw new Error(`no account for ${participantId}`);
  return player(p.userId, p.name);
};

/** Player A of a match reports its score: it waits for B's confirmation. */
export const reportedByA = (t: Tournament, matchId: string, scoreA: number, scoreB: number): Tournament =>
  act(t, 'reportScore', { matchId, scoreA, scoreB }, accountOf(t, t.matches.find((m) => m.id === matchId)?.a ?? null));
