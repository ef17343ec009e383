import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineTournament, Format } from '../tournament-engine/tournament-engine.schema';
import { isPlaying } from './match-queue';
import { assignStations, stationBoard, stationOf } from './stations';
import { nextIfRoundOver, played, started } from './live-night.testing';

const TABLES = ['Table 1', 'Table 2'];
const at = (id: string, t: EngineTournament) => t.matches.find((m) => m.id === id)!;

describe('stations', () => {
  it('calls the first ready matches of the bracket to the tables in order, the others wait', () => {
    const t = assignStations(started(8, 'double_elimination', { stations: TABLES }), 1_000);
    expect(t.matches.filter((m) => m.station).map((m) => [m.id, m.station, m.calledAt])).toEqual([
      ['W1-1', 'Table 1', 1_000],
      ['W1-2', 'Table 2', 1_000],
    ]);
    expect(stationOf(at('W1-3', t))).toBeNull();
  });

  it('gives a freed table to the next match in bracket order, and the other table keeps its match', () => {
    let t = assignStations(started(8, 'double_elimination', { stations: TABLES }), 1_000);
    t = assignStations(played(t, at('W1-1', t), true), 2_000);
    expect(stationOf(at('W1-1', t))).toBeNull();
    expect([at('W1-2', t).station, at('W1-2', t).calledAt]).toEqual(['Table 2', 1_000]);
    expect([at('W1-3', t).station, at('W1-3', t).calledAt]).toEqual(['Table 1', 2_000]);
  });

  it('brings the losers’ round 1 in beside the winners’ round 2', () => {
    let t = assignStations(started(4, 'double_elimination', { stations: TABLES }), 0);
    t = assignStations(played(t, at('W1-1', t), true), 1);
    t = assignStations(played(t, at('W1-2', t), true), 2);
    expect([at('W2-1', t).station, at('L1-1', t).station]).toEqual(['Table 1', 'Table 2']);
  });

  it('frees a table whose name the host removed', () => {
    const t = assignStations(started(4, 'single_elimination', { stations: TABLES }), 0);
    const renamed = assignStations({ ...t, settings: { ...t.settings, stations: ['Table 1'] } }, 5);
    expect(renamed.matches.filter((m) => m.station).map((m) => [m.id, m.station])).toEqual([['W1-1', 'Table 1']]);
    expect(at('W1-2', renamed).calledAt).toBeUndefined();
  });

  it('lists every table with its match, a free one with none', () => {
    // Three players: seed 1 has a bye, so one match for two tables.
    const t = assignStations(started(3, 'single_elimination', { stations: TABLES }), 0);
    expect(stationBoard(t).map((row) => [row.station, row.match?.id ?? null])).toEqual([
      ['Table 1', 'W1-2'],
      ['Table 2', null],
    ]);
  });

  it('changes nothing without stations', () => {
    const t = started(4, 'single_elimination');
    expect(assignStations(t, 0)).toBe(t);
  });
});

const formats: Format[] = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'groups_then_elimination'];

/** Checks the rules of the stations on one state, as the TV would show it. */
function checkStations(t: EngineTournament): void {
  const names = t.settings.stations!;
  const held = t.matches.filter((m) => stationOf(m) !== null);
  const byStation = held.map((m) => m.station!);
  // A station never holds two matches.
  expect(new Set(byStation).size).toBe(byStation.length);
  for (const station of byStation) expect(names).toContain(station);
  // A player never plays two matches at once.
  const players = held.flatMap((m) => [m.a!, m.b!]);
  expect(new Set(players).size).toBe(players.length);
  // No station stays idle while a ready match could be played on it.
  if (held.length < names.length) {
    const busy = new Set(players);
    const idle = t.matches.filter((m) => isPlaying(m) && stationOf(m) === null && !busy.has(m.a!) && !busy.has(m.b!));
    expect(idle).toEqual([]);
  }
  // A station is only named on a match while it is played.
  for (const m of t.matches) if (!isPlaying(m)) expect(m.station).toBeUndefined();
}

describe('stations over whole nights (fast-check)', () => {
  it('a station never holds two matches, a player never plays two at once, and a match keeps its station until its score', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 1, max: 6 }),
        fc.infiniteStream(fc.tuple(fc.nat(), fc.boolean())),
        (format, n, stationCount, picks) => {
          const stations = Array.from({ length: stationCount }, (_, i) => `Table ${i + 1}`);
          let t = assignStations(started(n, format, { stations }), 0);
          const draws = picks[Symbol.iterator]();
          for (let now = 1; t.status === 'running'; now++) {
            checkStations(t);
            const onStation = t.matches.filter((m) => stationOf(m) !== null);
            // Results come in any order, and only from the matches being played at a station.
            const [pick, aWins] = draws.next().value as [number, boolean];
            const before = new Map(onStation.map((m) => [m.id, m.station]));
            const finished = onStation[pick % onStation.length]!;
            t = assignStations(nextIfRoundOver(played(t, finished, aWins)), now);
            for (const m of t.matches) if (before.has(m.id) && m.id !== finished.id) expect(m.station).toBe(before.get(m.id));
            expect(now).toBeLessThan(5_000);
          }
          checkStations(t);
        },
      ),
      { numRuns: 40 },
    );
  }, 20_000);
});
