import type { EngineTournament, Match } from '../tournament-engine/tournament-engine.schema';
import { callOrder, isPlaying } from './match-queue';

/*
 * Stations: the tables, consoles or boards a tournament is played on (`settings.stations`).
 * A ready match is called to the next free station in call order and keeps it until its score
 * is reported; the server runs `assignStations` after every change, phones and the TV read
 * `match.station`.
 */

type Stationed = Pick<EngineTournament, 'matches' | 'settings'>;

/** The station a match holds: only while it is being played. */
export const stationOf = (m: Match): string | null => (isPlaying(m) && m.station !== undefined ? m.station : null);

const withoutStation = (m: Match): Match => {
  const { station: _station, calledAt: _calledAt, ...rest } = m;
  return rest;
};

/**
 * Frees the stations of matches no longer played (a score, an undo, a station renamed away),
 * then calls each ready match, in call order, to the first free station, unless one of its
 * players is already at another. A station never holds two matches, a player never plays two.
 */
export function assignStations<T extends Stationed>(t: T, now: number): T {
  const names = t.settings.stations ?? [];
  const held = new Set<string>();
  const busy = new Set<string>();
  const kept = new Map<string, Match>();
  // Matches already at a station keep it (first called first, should a stale state ever claim one twice).
  const called = t.matches.filter((m) => m.station !== undefined).sort((x, y) => (x.calledAt ?? 0) - (y.calledAt ?? 0));
  for (const m of called) {
    const station = m.station!;
    const keep = isPlaying(m) && names.includes(station) && !held.has(station) && !busy.has(m.a!) && !busy.has(m.b!);
    if (!keep) continue;
    held.add(station);
    busy.add(m.a!).add(m.b!);
    kept.set(m.id, m);
  }
  const calls = new Map<string, Match>();
  for (const m of callOrder(t)) {
    if (kept.has(m.id) || !isPlaying(m) || busy.has(m.a!) || busy.has(m.b!)) continue;
    const free = names.find((name) => !held.has(name));
    if (free === undefined) break;
    held.add(free);
    busy.add(m.a!).add(m.b!);
    calls.set(m.id, { ...m, station: free, calledAt: now });
  }
  const matches = t.matches.map((m) => calls.get(m.id) ?? kept.get(m.id) ?? (m.station === undefined && m.calledAt === undefined ? m : withoutStation(m)));
  const changed = matches.some((m, i) => m !== t.matches[i]);
  return changed ? { ...t, matches } : t;
}

export interface StationBoardRow {
  station: string;
  /** The match being played there, or null when the station is free. */
  match: Match | null;
}

/** Every station in the host's order with what it holds: the TV's and the host desk's « Table 1 : … / Table 2 : libre ». */
export function stationBoard(t: Stationed): StationBoardRow[] {
  const holding = new Map(t.matches.flatMap((m) => (stationOf(m) === null ? [] : [[m.station!, m] as const])));
  return (t.settings.stations ?? []).map((station) => ({ station, match: holding.get(station) ?? null }));
}
