import { formatTime, frenchTime } from '../french-format';
import type { EngineTournament, Match } from '../tournament-engine/tournament-engine.schema';
import { callOrder, feedersOf, isPlaying } from './match-queue';
import { stationOf } from './stations';

/*
 * When a queued match should start, for « vers 21 h 40 » on a phone and the TV. The night is
 * played forward on the stations with the match duration the tournament sets: a match being
 * played ends `matchMinutes` after its call (or now, when it runs late), and each time a station
 * frees, it takes the first match in call order whose players and feeding matches are through,
 * as `assignStations` will. So every result revises the estimates, and they come out in the
 * order they will be called, never earlier than the one before.
 */

type Scheduled = Pick<EngineTournament, 'matches' | 'settings'>;

export interface EstimatedStart {
  matchId: string;
  /** ms since the epoch. */
  startsAt: number;
}

/**
 * The queued matches (not done, not at a station) with their estimated start, in the order they
 * should be called. Empty without stations or a match duration; a match that waits for what is
 * not drawn yet (the next Swiss round) has none.
 */
export function estimatedStarts(t: Scheduled, now: number): EstimatedStart[] {
  const names = t.settings.stations ?? [];
  const minutes = t.settings.matchMinutes;
  if (names.length === 0 || minutes === undefined) return [];
  const duration = minutes * 60_000;
  const ends = new Map<string, number>();
  const freeAt = new Map(names.map((name) => [name, now]));
  const playerFreeAt = new Map<string, number>();
  const occupy = (m: Match, station: string, end: number) => {
    ends.set(m.id, end);
    freeAt.set(station, end);
    for (const id of [m.a, m.b]) if (id !== null) playerFreeAt.set(id, end);
  };
  for (const m of t.matches) {
    const station = stationOf(m);
    if (station !== null && freeAt.has(station)) occupy(m, station, Math.max(now, (m.calledAt ?? now) + duration));
    // A match done, or with its score reported, no longer holds anyone back.
    else if (m.status === 'done' || (m.status === 'ready' && !isPlaying(m))) ends.set(m.id, now);
  }
  const feeders = feedersOf(t.matches);
  const ready = (m: Match, at: number) =>
    (feeders.get(m.id) ?? []).every((f) => (ends.get(f.id) ?? Infinity) <= at) && [m.a, m.b].every((id) => id === null || (playerFreeAt.get(id) ?? now) <= at);

  let queue = callOrder(t).filter((m) => !ends.has(m.id));
  const starts: EstimatedStart[] = [];
  for (let at = now; queue.length > 0; ) {
    const free = names.filter((name) => freeAt.get(name)! <= at);
    const waiting: Match[] = [];
    for (const m of queue) {
      if (free.length > 0 && ready(m, at)) {
        occupy(m, free.shift()!, at + duration);
        starts.push({ matchId: m.id, startsAt: at });
      } else waiting.push(m);
    }
    queue = waiting;
    // Only a station freeing can let another match start.
    const next = Math.min(...[...freeAt.values()].filter((time) => time > at));
    if (!Number.isFinite(next)) break;
    at = next;
  }
  return starts;
}

const FIVE_MINUTES = 5 * 60_000;

/** « vers 21 h 40 »: an estimate, to the nearest five minutes, in Paris time. */
export function formatAround(at: number): string {
  return `vers ${frenchTime(formatTime(Math.round(at / FIVE_MINUTES) * FIVE_MINUTES))}`;
}

/**
 * Where and when a match is played, as a phone or the TV shows it beside the match: « Table 2 »
 * once called, « vers 21 h 40 » while queued, null when there is nothing to say.
 */
export function matchCallout(t: Scheduled, matchId: string, now: number, starts: readonly EstimatedStart[] = estimatedStarts(t, now)): string | null {
  const match = t.matches.find((m) => m.id === matchId);
  if (!match) return null;
  const station = stationOf(match);
  if (station !== null) return station;
  const start = starts.find((s) => s.matchId === matchId);
  return start ? formatAround(start.startsAt) : null;
}
