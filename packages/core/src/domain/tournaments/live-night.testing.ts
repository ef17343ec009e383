import { nextRound, report, start } from '../tournament-engine/engine';
import type { EngineResult } from '../tournament-engine/tournament-engine.errors';
import { ELIMINATION_BRACKETS } from '../tournament-engine/tournament-engine.constants';
import { EngineTournamentSchema, type EngineTournament, type Format, type Match, type Settings } from '../tournament-engine/tournament-engine.schema';

/* Shared by the tests of stations, estimated starts, check-in and byes: a night of n walk-ins. */

export const ok = <T>(result: EngineResult<T>): T => {
  if (!result.ok) throw result.error;
  return result.tournament;
};

/** n registered players `p1`…`pn` seeded in order; `present` says who checked in (everyone by default). */
export function registered(n: number, format: Format, settings: Partial<Settings> = {}, present: (i: number) => boolean = () => true): EngineTournament {
  return EngineTournamentSchema.parse({
    format,
    settings,
    participants: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Joueur ${i + 1}`, seed: i + 1, checkedIn: present(i) })),
  });
}

export const started = (n: number, format: Format, settings: Partial<Settings> = {}, present?: (i: number) => boolean) => ok(start(registered(n, format, settings, present)));

/** Reports a 2–1 result, won by a or by b: never a draw, so it fits every bracket. */
export const played = (t: EngineTournament, match: Match, aWins: boolean) => ok(report(t, match.id, aWins ? 2 : 1, aWins ? 1 : 2));

/** The next Swiss round once the current one is over; the tournament unchanged otherwise. */
export function nextIfRoundOver(t: EngineTournament): EngineTournament {
  if (t.format !== 'swiss' || t.status !== 'running' || t.matches.some((m) => m.status !== 'done')) return t;
  return ok(nextRound(t));
}

export const isElimination = (m: Match) => ELIMINATION_BRACKETS.has(m.bracket);
