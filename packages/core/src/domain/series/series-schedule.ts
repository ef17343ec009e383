import { TIME_ZONE } from '../constants';
import { isPaused, lastDate, repeatOf, ruleDates, type SeriesTiming, type SeriesWeekday } from './series-rule';

/* A series as schema.org's `Schedule`, the `eventSchedule` of an event page's JSON-LD. */

const SCHEMA_DAYS: Record<SeriesWeekday, string> = {
  MO: 'https://schema.org/Monday',
  TU: 'https://schema.org/Tuesday',
  WE: 'https://schema.org/Wednesday',
  TH: 'https://schema.org/Thursday',
  FR: 'https://schema.org/Friday',
  SA: 'https://schema.org/Saturday',
  SU: 'https://schema.org/Sunday',
};

const pad = (n: number) => String(n).padStart(2, '0');
function endTimeOf(startTime: string, minutes: number): string {
  const [h = 0, m = 0] = startTime.split(':').map(Number);
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

export type SchemaSchedule = {
  '@type': 'Schedule';
  repeatFrequency: 'P1W' | 'P2W' | 'P1M';
  byDay: string[];
  byMonthWeek?: number;
  startTime: string;
  endTime?: string;
  duration?: string;
  startDate: string;
  endDate?: string;
  repeatCount?: number;
  scheduleTimezone: string;
  exceptDate?: string[];
};

/**
 * The schema.org Schedule of a series: its frequency, days, times and bounds, and as `exceptDate`
 * the days the rule gives that do not take place (its pauses, and the dates cancelled one by one).
 */
export function scheduleOf(series: SeriesTiming & { exceptions: ReadonlyArray<{ from: string; to: string }> }, cancelled: readonly string[] = []): SchemaSchedule | null {
  const parsed = repeatOf(series.rule);
  if (!parsed) return null;
  const { repeat, end } = parsed;
  const paused = series.exceptions.flatMap((e) => ruleDates(series, e.from, e.to));
  const except = [...new Set([...paused, ...cancelled.filter((d) => !isPaused(series.exceptions, d))])].sort();
  const last = end.kind === 'until' ? lastDate(series) : null;
  return {
    '@type': 'Schedule',
    repeatFrequency: repeat.kind === 'monthly' ? 'P1M' : repeat.interval === 2 ? 'P2W' : 'P1W',
    byDay: (repeat.kind === 'monthly' ? [repeat.day] : repeat.days).map((d) => SCHEMA_DAYS[d]),
    ...(repeat.kind === 'monthly' && repeat.nth > 0 ? { byMonthWeek: repeat.nth } : {}),
    startTime: series.startTime,
    ...(series.durationMinutes ? { endTime: endTimeOf(series.startTime, series.durationMinutes), duration: `PT${series.durationMinutes}M` } : {}),
    startDate: series.startDate,
    ...(last ? { endDate: last } : {}),
    ...(end.kind === 'count' ? { repeatCount: end.count } : {}),
    scheduleTimezone: TIME_ZONE,
    ...(except.length ? { exceptDate: except } : {}),
  };
}
