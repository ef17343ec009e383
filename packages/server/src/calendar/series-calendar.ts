import { addDays, expandSeries, isPaused, occurrenceTimes, repeatOf, ruleEndingBefore, type Event } from '@sortie/core/domain';
import type { Db } from '../db/database';
import { readSeries, type StoredSeries } from '../series/series-records';
import { occurrencesOf } from '../series/series-events';
import type { CalendarItem, SeriesEntry } from './ics';

/*
 * A series in a calendar (issue 35): one VEVENT with its RRULE and, as EXDATE, the dates it skips
 * (its pauses and the dates cancelled one by one), plus a VEVENT with RECURRENCE-ID for each date
 * changed alone — instead of its generated dates one by one, which an agenda could not tell apart
 * from unrelated events.
 */

/** The rule's UNTIL (a Paris day) as the UTC instant that day ends. */
function icsRule(series: StoredSeries): string {
  const parsed = repeatOf(series.rule);
  if (parsed?.end.kind !== 'until') return series.rule;
  const endOfDay = new Date(Date.parse(occurrenceTimes({ startTime: '00:00' }, addDays(parsed.end.date, 1)).startsAt) - 1000);
  const until = endOfDay.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return series.rule.replace(/UNTIL=[^;]+/, `UNTIL=${until}`);
}

/**
 * The items of a feed with each series' occurrences replaced by the series and its changed dates.
 * A series that stopped ends at its last date made. An occurrence whose series is gone stays an event.
 */
export async function collapseSeries(db: Db, items: CalendarItem[]): Promise<CalendarItem[]> {
  const ids = [...new Set(items.map((item) => item.event.seriesId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return items;
  const collapsed = new Map<string, CalendarItem[]>();
  for (const id of ids) {
    // A series that cannot be read leaves its dates listed as events.
    const stored = await readSeries(db, id).catch(() => null);
    const rows = stored ? await occurrencesOf(db, id) : [];
    const made = rows.map((row) => row.occurrenceDate).sort();
    const lastMade = made[made.length - 1];
    if (!stored || !lastMade) continue;
    const series = stored.status === 'stopped' ? { ...stored, rule: ruleEndingBefore(stored, addDays(lastMade, 1)) } : stored;
    const [first] = expandSeries({ ...series, exceptions: [] }, series.startDate, series.startDate);
    if (!first) continue;
    const paused = series.exceptions.flatMap((e) => expandSeries({ ...series, exceptions: [] }, e.from, e.to));
    const cancelled = rows.filter((row) => row.status === 'cancelled' && !isPaused(series.exceptions, row.occurrenceDate)).map((row) => occurrenceTimes(series, row.occurrenceDate));
    const exdates = [...paused, ...cancelled].map((o) => o.startsAt).sort();
    const own = items.filter((item) => item.event.seriesId === id);
    const model = own.find((item) => !item.event.detached) ?? own[0]!;
    const entry: SeriesEntry = { id, rule: icsRule(series), ...first, exdates };
    const changed = own
      .filter((item) => item.event.detached && item.event.status !== 'cancelled' && item.event.occurrenceDate)
      .map((item): CalendarItem => ({ ...item, recurrenceOf: { seriesId: id, startsAt: occurrenceTimes(series, item.event.occurrenceDate!).startsAt } }));
    collapsed.set(id, [{ ...model, event: masterEvent(model.event), series: entry }, ...changed]);
  }
  const done = new Set<string>();
  return items.flatMap((item) => {
    const id = item.event.seriesId;
    if (!id || !collapsed.has(id)) return [item];
    if (done.has(id)) return [];
    done.add(id);
    return collapsed.get(id)!;
  });
}

/** The series' VEVENT reads its fields from one of its dates, as published. */
const masterEvent = (event: Event): Event => ({ ...event, status: 'published' });
