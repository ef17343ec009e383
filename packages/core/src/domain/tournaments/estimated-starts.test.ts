import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineTournament, Format } from '../tournament-engine/tournament-engine.schema';
import { estimatedStarts, formatAround, matchCallout, type EstimatedStart } from './estimated-starts';
import { assignStations, stationOf } from './stations';
import { nextIfRoundOver, played, started } from './live-night.testing';

const MINUTE = 60_000;
// Thursday 26 November 2026, 21:00 in Paris (UTC+1 in winter).
const NINE_PM = Date.parse('2026-11-26T20:00:00Z');
const at = (id: string, t: EngineTournament) => t.matches.find((m) => m.id === id)!;

describe('estimated starts', () => {
  const night = () => assignStations(started(4, 'single_elimination', { stations: ['Table 1'], matchMinutes: 20 }), NINE_PM);

  it('tells each player where and when: the table once called, « vers 21 h 20 » while queued', () => {
    const t = night();
    expect(['W1-1', 'W1-2', 'W2-1'].map((id) => matchCallout(t, id, NINE_PM))).toEqual(['Table 1', 'vers 21 h 20', 'vers 21 h 40']);
  });

  it('moves the queue earlier when a match ends early', () => {
    let t = night();
    const early = NINE_PM + 5 * MINUTE;
    t = assignStations(played(t, at('W1-1', t), true), early);
    expect(['W1-2', 'W2-1'].map((id) => matchCallout(t, id, early))).toEqual(['Table 1', 'vers 21 h 25']);
  });

  it('moves the queue later while a match runs late', () => {
    const t = night();
    const late = NINE_PM + 32 * MINUTE;
    expect(estimatedStarts(t, late)).toEqual([
      { matchId: 'W1-2', startsAt: late },
      { matchId: 'W2-1', startsAt: late + 20 * MINUTE },
    ]);
    expect(matchCallout(t, 'W2-1', late)).toBe('vers 21 h 50');
  });

  it('gives no estimate without a match duration or without stations', () => {
    expect(estimatedStarts(started(4, 'single_elimination', { stations: ['Table 1'] }), NINE_PM)).toEqual([]);
    expect(estimatedStarts(started(4, 'single_elimination', { matchMinutes: 20 }), NINE_PM)).toEqual([]);
    expect(matchCallout(started(4, 'single_elimination'), 'W1-1', NINE_PM)).toBeNull();
  });

  it('writes the time as French signs do, to the nearest five minutes, in Paris', () => {
    expect(formatAround(Date.parse('2026-11-26T20:38:00Z'))).toBe('vers 21 h 40');
    expect(formatAround(Date.parse('2026-11-26T08:02:00Z'))).toBe('vers 9 h');
    expect(formatAround(Date.parse('2026-07-14T19:06:00Z'))).toBe('vers 21 h 05');
  });
});

const formats: Format[] = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'groups_then_elimination'];

/** What is wrong with a plan: the queue out of order or before now, more matches at once than stations, a player in two. */
function plannedFaults(t: EngineTournament, queue: readonly EstimatedStart[], now: number, duration: number, stationCount: number): string[] {
  const faults: string[] = [];
  queue.forEach(({ matchId, startsAt }, i) => {
    if (startsAt < now) faults.push(`${matchId} before now`);
    if (i > 0 && startsAt < queue[i - 1]!.startsAt) faults.push(`${matchId} earlier than ${queue[i - 1]!.matchId}`);
  });
  // What is played now and what is planned: spans of time, each on a station, each with its players.
  const spans = [
    ...t.matches.filter((m) => stationOf(m) !== null).map((m) => ({ m, from: m.calledAt!, to: Math.max(now, m.calledAt! + duration) })),
    ...queue.map(({ matchId, startsAt }) => ({ m: at(matchId, t), from: startsAt, to: startsAt + duration })),
  ];
  for (const { m, from } of spans) if (spans.filter((s) => s.from <= from && from < s.to).length > stationCount) faults.push(`too many matches at ${m.id}’s start`);
  const byPlayer = new Map<string, typeof spans>();
  for (const span of spans) for (const id of [span.m.a, span.m.b]) if (id !== null) byPlayer.set(id, [...(byPlayer.get(id) ?? []), span]);
  for (const [id, mine] of byPlayer) {
    const sorted = [...mine].sort((x, y) => x.from - y.from);
    for (let i = 1; i < sorted.length; i++) if (sorted[i]!.from < sorted[i - 1]!.to) faults.push(`${id} in ${sorted[i - 1]!.m.id} and ${sorted[i]!.m.id} at once`);
  }
  return faults;
}

describe('estimated starts over whole nights (fast-check)', () => {
  it('never decrease along the queue, never fall before now, and fit the stations and the players', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 5, max: 45 }),
        fc.infiniteStream(fc.tuple(fc.nat(), fc.boolean(), fc.integer({ min: 0, max: 60 }))),
        (format, n, stationCount, matchMinutes, picks) => {
          const stations = Array.from({ length: stationCount }, (_, i) => `Table ${i + 1}`);
          const duration = matchMinutes * MINUTE;
          let now = NINE_PM;
          let t = assignStations(started(n, format, { stations, matchMinutes }), now);
          const draws = picks[Symbol.iterator]();
          for (let step = 0; t.status === 'running'; step++) {
            expect(plannedFaults(t, estimatedStarts(t, now), now, duration, stationCount)).toEqual([]);
            // A result comes in, after a random while, from a match at a station.
            const [pick, aWins, minutes] = draws.next().value as [number, boolean, number];
            const onStation = t.matches.filter((m) => stationOf(m) !== null);
            now += minutes * MINUTE;
            t = assignStations(nextIfRoundOver(played(t, onStation[pick % onStation.length]!, aWins)), now);
            expect(step).toBeLessThan(5_000);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);
});
