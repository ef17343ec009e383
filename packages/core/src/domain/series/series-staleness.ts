import { addDays, parisMidnight } from '../paris-time';

/*
 * A series nobody changes goes stale (Meetable's author warns that forgotten series pollute a
 * calendar): six months after its last change it stops making dates, and staff hear of it two
 * weeks before and when it stops.
 */

export const SERIES_STALE_MONTHS = 6;
export const SERIES_WARNING_DAYS = 14;
/** How far ahead the next dates of a series are real events. */
export const SERIES_HORIZON_DAYS = 8 * 7;

/**
 * When a series counts as last looked after: its last change, or — for one that starts later —
 * when it begins making dates (8 weeks before its start), so that it does not stop before it begins.
 */
export function seriesActiveSince(changedAt: string, startDate: string): string {
  const making = parisMidnight(addDays(startDate, -SERIES_HORIZON_DAYS)).toISOString();
  return making > new Date(changedAt).toISOString() ? making : changedAt;
}

/** The instant a series last changed at `changedAt` stops, six calendar months later. */
export function seriesStopsAt(changedAt: string): number {
  const at = new Date(changedAt);
  at.setUTCMonth(at.getUTCMonth() + SERIES_STALE_MONTHS);
  return at.getTime();
}

/** Whether a series is fresh, is to be warned of (two weeks before it stops), or stops at `now`. */
export function seriesStaleness(changedAt: string, now: number): 'fresh' | 'warn' | 'stop' {
  const stops = seriesStopsAt(changedAt);
  if (now >= stops) return 'stop';
  return now >= stops - SERIES_WARNING_DAYS * 24 * 3600_000 ? 'warn' : 'fresh';
}
