import { parisDay, parisMidnight, rangeOf } from './paris-time';

/*
 * « Ce soir » at a venue: the events of today (Paris time) that are not over yet. The server
 * picks them with this rule; the place page only shows what it answered.
 */

/** An event without an end is taken as lasting this long, to tell whether it is still on. */
export const ASSUMED_EVENT_LENGTH_MS = 4 * 3600_000;

/** Today in Paris, from its midnight (not from now: an event under way started earlier) to its last millisecond. */
export function tonightRange(now: Date): { from: string; to: string } {
  return { from: parisMidnight(parisDay(now)).toISOString(), to: rangeOf('today', now).to };
}

/** Whether an event of today is still on (or still to come) at `now`. */
export function isNotOver(event: { startsAt: string; endsAt?: string | null }, now: Date): boolean {
  const end = event.endsAt ? Date.parse(event.endsAt) : Date.parse(event.startsAt) + ASSUMED_EVENT_LENGTH_MS;
  return end > now.getTime();
}
