import { addDays, expandSeries, parisDay, SERIES_HORIZON_DAYS, type Occurrence } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import type { Data } from '../db/entities';
import type { Db } from '../db/database';
import { lockSeries, readSeries, type StoredSeries } from './series-records';

/*
 * The next 8 weeks of a series as real events. Made once each: under a lock per series (several
 * server processes on one PostgreSQL), and the unique index on (series_id, occurrence_date)
 * behind it. An occurrence that exists in any state — changed alone, moved, cancelled — is never
 * made again nor rewritten here; a date deleted by hand became a pause (events' beforeRemove).
 */

/** The event of one occurrence: the template, its times, and its link to the series. */
export function occurrenceRecord(series: StoredSeries, occurrence: Occurrence): Data {
  return {
    ...series.template,
    startsAt: occurrence.startsAt,
    ...(occurrence.endsAt ? { endsAt: occurrence.endsAt } : {}),
    status: 'published',
    seriesId: series._id,
    occurrenceDate: occurrence.date,
    likeCount: 0,
  };
}

/** The occurrences the series is to have at `now`: from today (those not yet begun) to 8 weeks ahead. */
export function dueOccurrences(series: StoredSeries, now: number): Occurrence[] {
  const today = parisDay(now);
  const from = series.startDate > today ? series.startDate : today;
  return expandSeries(series, from, addDays(today, SERIES_HORIZON_DAYS - 1)).filter((o) => Date.parse(o.startsAt) > now);
}

async function existingDates(tx: Db, seriesId: string, dates: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ occurrence_date: string }>('SELECT occurrence_date FROM events WHERE series_id = $1 AND occurrence_date = ANY($2::text[])', [seriesId, dates]);
  return new Set(rows.map((row) => row.occurrence_date));
}

/** Makes the missing occurrences of an active series; answers the ids made. */
export async function keepOccurrences(ctx: AppContext, seriesId: string): Promise<string[]> {
  const now = ctx.now();
  const made = await ctx.db.transaction(async (tx) => {
    await lockSeries(tx, seriesId);
    const series = await readSeries(tx, seriesId);
    if (!series || series.status !== 'active') return [];
    const due = dueOccurrences(series, now);
    if (due.length === 0) return [];
    const existing = await existingDates(tx, seriesId, due.map((o) => o.date));
    const ids: string[] = [];
    for (const occurrence of due) {
      if (existing.has(occurrence.date)) continue;
      ids.push((await ctx.store.insert('events', occurrenceRecord(series, occurrence), { db: tx }))._id);
    }
    return ids;
  });
  // Public pages show them at once (the one-second cache of anonymous reads).
  if (made.length) ctx.cache.clear();
  return made;
}
