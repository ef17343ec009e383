import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disqualify, nextRound, report, start, undo } from './engine';
import { compareRows } from './standings';
import type { EngineResult } from './tournament-engine.errors';
import { ELIMINATION_BRACKETS } from './tournament-engine.constants';
import { EngineTournamentSchema, type EngineTournament, type Format, type Settings } from './tournament-engine.schema';

const ok = <T>(result: EngineResult<T>): T => {
  if (!result.ok) throw result.error;
  return result.tournament;
};

const tournament = (n: number, format: Format, settings: Partial<Settings> = {}) =>
  EngineTournamentSchema.parse({ format, settings, participants: Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Joueur ${i + 1}`, seed: i + 1 })) });

/** Plays a whole tournament with the scores drawn, Swiss rounds paired when each round ends. */
function playOut(t: EngineTournament, scores: () => [number, number]): EngineTournament {
  let current = ok(start(t));
  for (let guard = 0; current.status !== 'finished'; guard++) {
    if (guard > 10_000) throw new Error('the tournament never ends');
    const ready = current.matches.filter((m) => m.status === 'ready');
    if (ready.length === 0) {
      current = ok(nextRound(current));
      continue;
    }
    for (const match of ready) {
      const [a, drawn] = scores();
      const b = ELIMINATION_BRACKETS.has(match.bracket) && a === drawn ? a + 1 : drawn;
      current = ok(report(current, match.id, a, b));
    }
  }
  return current;
}

const played = (t: EngineTournament) => t.matches.filter((m) => m.status === 'done' && m.a && m.b);

function checkCommon(t: EngineTournament): void {
  const ids = new Set(t.participants.map((p) => p.id));
  for (const m of t.matches) for (const id of [m.a, m.b, m.winner]) if (id !== null) expect(ids.has(id)).toBe(true);
  const seen = new Set<string>();
  for (const m of t.matches)
    for (const id of [m.a, m.b]) {
      if (!id) continue;
      const key = `${m.stage}/${m.bracket}/${m.group ?? 0}/${m.round}/${id}`;
      expect(seen.has(key), `${id} plays twice in ${key}`).toBe(false);
      seen.add(key);
    }
  expect(t.status).toBe('finished');
  // What the engine writes reads back through its own schema unchanged (a stored row is checked so).
  expect(EngineTournamentSchema.parse(t)).toEqual(t);
  expect(t.standings).toHaveLength(new Set(t.matches.flatMap((m) => [m.a, m.b]).filter(Boolean)).size);
}

function checkSorted(t: EngineTournament): void {
  const seed = (id: string) => t.participants.find((p) => p.id === id)!.seed;
  const rows = t.standings.map((row) => ({ ...row, seed: seed(row.participantId) }));
  for (let i = 1; i < rows.length; i++) expect(compareRows(rows[i - 1]!, rows[i]!)).toBeLessThan(0);
  expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
}

const players = fc.integer({ min: 2, max: 64 });
const scoreArb = fc.infiniteStream(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })));
const scorer = (stream: fc.Stream<[number, number]>) => {
  const it = stream[Symbol.iterator]();
  return () => it.next().value as [number, number];
};
const runs = { numRuns: 12 };

describe('the engine over whole tournaments, 2 to 64 players', () => {
  it('single elimination plays n − 1 matches, n with a third-place match', () => {
    fc.assert(
      fc.property(players, fc.boolean(), scoreArb, (n, thirdPlace, stream) => {
        const t = playOut(tournament(n, 'single_elimination', { thirdPlace }), scorer(stream));
        checkCommon(t);
        expect(played(t)).toHaveLength(n - 1 + (thirdPlace && n >= 4 ? 1 : 0));
        expect(t.winnerId).toBe(t.standings[0]!.participantId);
      }),
      runs,
    );
  });

  it('double elimination plays 2n − 2 matches (2n − 1 with a reset); all but the champion leave with two losses', () => {
    fc.assert(
      fc.property(players, fc.boolean(), scoreArb, (n, grandFinalReset, stream) => {
        const t = playOut(tournament(n, 'double_elimination', { grandFinalReset }), scorer(stream));
        checkCommon(t);
        const reset = t.matches.some((m) => m.id === 'GF2');
        expect(played(t)).toHaveLength(2 * n - 2 + (reset ? 1 : 0));
        const losses = new Map<string, number>();
        for (const m of played(t)) {
          const loser = m.winner === m.a ? m.b! : m.a!;
          losses.set(loser, (losses.get(loser) ?? 0) + 1);
        }
        expect(losses.get(t.winnerId!) ?? 0).toBeLessThanOrEqual(1);
        for (const p of t.participants) {
          if (p.id === t.winnerId) continue;
          // Without a reset, the unbeaten finalist who loses the grand final leaves with one loss.
          const gf = t.matches.find((m) => m.id === 'GF1')!;
          if (!grandFinalReset && p.id === gf.a && gf.winner === gf.b) expect(losses.get(p.id)).toBe(1);
          else expect(losses.get(p.id), p.id).toBe(2);
        }
      }),
      runs,
    );
  });

  it('round robin schedules every pair exactly once, one match a player per round (2 to 64)', () => {
    fc.assert(
      fc.property(players, (n) => {
        const t = ok(start(tournament(n, 'round_robin')));
        const pairs = t.matches.map((m) => [m.a, m.b].sort().join('|'));
        expect(new Set(pairs).size).toBe(pairs.length);
        expect(pairs).toHaveLength((n * (n - 1)) / 2);
        expect(Math.max(...t.matches.map((m) => m.round))).toBe(n % 2 === 0 ? n - 1 : n);
        checkCommon({ ...t, status: 'finished', standings: t.standings });
      }),
      { numRuns: 20 },
    );
  });

  // A whole round robin of 64 is 2,016 reports: played out up to 24 players to keep the suite fast.
  it('round robin played out: every pair once, standings sorted by points then tiebreaks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), scoreArb, (n, stream) => {
        const t = playOut(tournament(n, 'round_robin'), scorer(stream));
        checkCommon(t);
        const pairs = played(t).map((m) => [m.a, m.b].sort().join('|'));
        expect(new Set(pairs).size).toBe(pairs.length);
        expect(pairs).toHaveLength((n * (n - 1)) / 2);
        checkSorted(t);
        expect(t.winnerId).toBe(t.standings[0]!.participantId);
      }),
      runs,
    );
  });

  it('Swiss never repeats a pairing and gives at most one bye per player', () => {
    fc.assert(
      fc.property(players, fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }), scoreArb, (n, swissRounds, stream) => {
        const t = playOut(tournament(n, 'swiss', swissRounds === undefined ? {} : { swissRounds }), scorer(stream));
        checkCommon(t);
        const pairs = played(t).map((m) => [m.a, m.b].sort().join('|'));
        expect(new Set(pairs).size).toBe(pairs.length);
        const byes = t.matches.filter((m) => m.b === null).map((m) => m.a);
        expect(new Set(byes).size).toBe(byes.length);
        expect(Math.max(...t.matches.map((m) => m.round))).toBe(t.settings.swissRounds);
        checkSorted(t);
      }),
      runs,
    );
  });

  it('groups then elimination: every group pair once, then a bracket of the best of each group', () => {
    fc.assert(
      fc.property(players, scoreArb, (n, stream) => {
        const t = playOut(tournament(n, 'groups_then_elimination', { groupSize: 4, advancePerGroup: 2 }), scorer(stream));
        checkCommon(t);
        const groups = new Set(t.matches.filter((m) => m.stage === 1).map((m) => m.group));
        const finalists = new Set(t.matches.filter((m) => m.stage === 2).flatMap((m) => [m.a, m.b]).filter(Boolean));
        expect(finalists.size).toBe(groups.size * 2);
        expect(played(t).filter((m) => m.stage === 2)).toHaveLength(finalists.size - 1);
        expect(t.standings[0]!.participantId).toBe(t.winnerId);
      }),
      runs,
    );
  });

  it('the same results give the same standings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.constantFrom<Format>('round_robin', 'swiss', 'double_elimination'), fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { minLength: 1, maxLength: 50 }), (n, format, list) => {
        const scores = () => {
          let i = 0;
          return () => list[i++ % list.length]!;
        };
        expect(playOut(tournament(n, format), scores()).standings).toEqual(playOut(tournament(n, format), scores()).standings);
      }),
      { numRuns: 6 },
    );
  });

  it('survives disqualifications and undos thrown in at random, in every format', () => {
    const formats = fc.constantFrom<Format>('single_elimination', 'double_elimination', 'round_robin', 'swiss', 'groups_then_elimination');
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), formats, fc.infiniteStream(fc.nat(99)), (n, format, stream) => {
        const dice = stream[Symbol.iterator]();
        const roll = () => dice.next().value as number;
        let t = ok(start(tournament(n, format)));
        for (let step = 0; t.status !== 'finished'; step++) {
          expect(step).toBeLessThan(5_000);
          const r = roll();
          const active = t.participants.filter((p) => !p.dropped);
          const done = t.matches.filter((m) => m.scoreA !== null && m.status === 'done');
          // Refusals are fine (undo of a match whose next one has started): only throws are not.
          if (r < 4 && active.length > 2) t = ok(disqualify(t, active[roll() % active.length]!.id));
          else if (r < 10 && done.length > 0 && step < 200) {
            const outcome = undo(t, done[roll() % done.length]!.id);
            if (outcome.ok) t = outcome.tournament;
          } else {
            const ready = t.matches.filter((m) => m.status === 'ready');
            if (ready.length === 0) {
              t = ok(nextRound(t));
              continue;
            }
            const match = ready[roll() % ready.length]!;
            const a = roll() % 4;
            const drawn = roll() % 4;
            const b = ELIMINATION_BRACKETS.has(match.bracket) && a === drawn ? a + 1 : drawn;
            t = ok(report(t, match.id, a, b));
          }
        }
        checkCommon(t);
        const dropped = new Set(t.participants.filter((p) => p.dropped).map((p) => p.id));
        if (t.winnerId !== null) expect(dropped.has(t.winnerId), 'a disqualified champion').toBe(false);
        // A forfeit is lost by a disqualified player (its winner may have been disqualified since).
        for (const m of t.matches) if (m.forfeit) expect(dropped.has(m.winner === m.a ? m.b! : m.a!), `forfeit ${m.id}`).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
