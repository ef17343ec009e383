import { rrule } from './rrule-module';
import { addDays, parisLocalToIso } from '../paris-time';

/*
 * A series' rule as an iCalendar RRULE, in the shapes the dashboard offers: weekly on chosen
 * days (every week or every other week) and monthly on the Nth weekday (« le premier vendredi »,
 * « le dernier samedi »), ending never, on a day (UNTIL) or after N dates (COUNT).
 *
 * The rule is expanded in Paris wall-clock time: `rrule` runs on "floating" dates whose UTC
 * fields are read as Paris ones, and each day found becomes its instant with parisLocalToIso, so
 * that 20:30 stays 20:30 on both sides of a change of time.
 */

export const SERIES_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type SeriesWeekday = (typeof SERIES_WEEKDAYS)[number];
export const SERIES_NTHS = [1, 2, 3, 4, -1] as const;
export type SeriesNth = (typeof SERIES_NTHS)[number];

export type SeriesRepeat = { kind: 'weekly'; interval: 1 | 2; days: SeriesWeekday[] } | { kind: 'monthly'; nth: SeriesNth; day: SeriesWeekday };
export type SeriesEnd = { kind: 'never' } | { kind: 'until'; date: string } | { kind: 'count'; count: number };

/** What series-rule.ts reads of a series. */
export interface SeriesTiming {
  rule: string;
  startDate: string;
  startTime: string;
  durationMinutes?: number | undefined;
}

export interface Occurrence {
  /** The Paris day the rule gives. */
  date: string;
  startsAt: string;
  endsAt?: string;
}

const { RRule } = rrule;
const MAX_COUNT = 520;
const byIndex = (index: number): SeriesWeekday | undefined => SERIES_WEEKDAYS[index];
const isNth = (n: number): n is SeriesNth => SERIES_NTHS.some((nth) => nth === n);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const floating = (day: string, time = '00:00:00') => new Date(`${day}T${time}Z`);

/** The RRULE text of a choice of the dashboard (« FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10 »). */
export function ruleOf(repeat: SeriesRepeat, end: SeriesEnd = { kind: 'never' }): string {
  const weekday = (code: SeriesWeekday) => RRule[code];
  const base =
    repeat.kind === 'weekly'
      ? { freq: RRule.WEEKLY, interval: repeat.interval, byweekday: SERIES_WEEKDAYS.filter((d) => repeat.days.includes(d)).map(weekday) }
      : { freq: RRule.MONTHLY, interval: 1, byweekday: [weekday(repeat.day).nth(repeat.nth)] };
  const ending = end.kind === 'until' ? { until: floating(end.date, '23:59:59') } : end.kind === 'count' ? { count: end.count } : {};
  // « BYDAY=1FR », as RFC 5545's examples write it (the library writes « +1FR »).
  return RRule.optionsToString({ ...base, ...ending }).replace(/^RRULE:/, '').replace(/\+(\d)/g, '$1');
}

/** The dashboard's choice a rule stands for, or null when it is not one of the shapes offered. */
export function repeatOf(rule: string): { repeat: SeriesRepeat; end: SeriesEnd } | null {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (!/^[A-Z]+=[^;]+(;[A-Z]+=[^;]+)*$/i.test(text)) return null;
  const keys = text.split(';').map((part) => part.split('=')[0]!.toUpperCase());
  if (keys.some((key) => !['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT', 'WKST'].includes(key)) || new Set(keys).size !== keys.length) return null;
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(text);
  } catch {
    return null;
  }
  if (options.until && options.count) return null;
  const end: SeriesEnd = options.until ? { kind: 'until', date: dayOf(options.until) } : options.count ? { kind: 'count', count: options.count } : { kind: 'never' };
  if (end.kind === 'count' && (end.count < 1 || end.count > MAX_COUNT)) return null;
  const weekdays = Array.isArray(options.byweekday) ? options.byweekday : options.byweekday == null ? [] : [options.byweekday];
  const days = weekdays.map((w) => (typeof w === 'number' ? { weekday: w, n: undefined } : typeof w === 'string' ? null : { weekday: w.weekday, n: w.n }));
  if (days.length === 0 || days.some((d) => d === null)) return null;
  const interval = options.interval ?? 1;
  if (options.freq === RRule.WEEKLY && (interval === 1 || interval === 2) && days.every((d) => !d?.n)) {
    const codes = days.map((d) => byIndex(d!.weekday)).filter((d): d is SeriesWeekday => !!d);
    return { repeat: { kind: 'weekly', interval, days: SERIES_WEEKDAYS.filter((d) => codes.includes(d)) }, end };
  }
  const [only] = days;
  const code = only && byIndex(only.weekday);
  if (options.freq === RRule.MONTHLY && interval === 1 && days.length === 1 && only?.n && isNth(only.n) && code) {
    return { repeat: { kind: 'monthly', nth: only.n, day: code }, end };
  }
  return null;
}

/** Why a rule cannot be a series' (in French), or null. */
export function ruleProblem(rule: string): string | null {
  return repeatOf(rule) ? null : 'Règle de répétition non prise en charge : chaque semaine, une semaine sur deux ou chaque mois le Nième jour.';
}

/** The rrule object of a series, on floating dates (UTC fields = Paris wall clock). */
function recurrence(series: SeriesTiming) {
  const parsed = repeatOf(series.rule);
  if (!parsed) throw new Error(ruleProblem(series.rule) ?? 'Règle invalide.');
  const options = RRule.parseString(series.rule.replace(/^RRULE:/i, ''));
  // An UNTIL day includes that whole day, whatever time the text carried.
  const until = parsed.end.kind === 'until' ? floating(parsed.end.date, '23:59:59') : null;
  return new RRule({ ...options, wkst: RRule.MO, until, dtstart: floating(series.startDate, `${series.startTime}:00`), tzid: null });
}

/** The Paris days the rule gives from `from` to `to` (both included), exceptions not removed. */
export function ruleDates(series: SeriesTiming, from: string, to: string): string[] {
  if (to < from) return [];
  return recurrence(series)
    .between(floating(from), floating(to, '23:59:59'), true)
    .map(dayOf);
}

/** The first day the rule gives on or after its start, or null when it gives none. */
export function firstDate(series: SeriesTiming): string | null {
  const first = recurrence(series).after(floating(series.startDate), true);
  return first ? dayOf(first) : null;
}

/** The last day the rule gives, or null when it never ends. */
export function lastDate(series: SeriesTiming): string | null {
  const { end } = repeatOf(series.rule) ?? { end: { kind: 'never' } };
  if (end.kind === 'never') return null;
  const all = recurrence(series).all();
  const last = all[all.length - 1];
  return last ? dayOf(last) : null;
}

/** Whether a day falls in one of the series' pauses. */
export function isPaused(exceptions: ReadonlyArray<{ from: string; to: string }>, day: string): boolean {
  return exceptions.some((e) => e.from <= day && day <= e.to);
}

/** The instants of the occurrence of `day`: the series' time in Paris, and its end after its duration. */
export function occurrenceTimes(series: Pick<SeriesTiming, 'startTime' | 'durationMinutes'>, day: string): { startsAt: string; endsAt?: string } {
  const start = new Date(parisLocalToIso(`${day}T${series.startTime}`));
  return {
    startsAt: start.toISOString(),
    ...(series.durationMinutes ? { endsAt: new Date(start.getTime() + series.durationMinutes * 60_000).toISOString() } : {}),
  };
}

/** The occurrences from `from` to `to` (Paris days, both included), pauses left out. */
export function expandSeries(series: SeriesTiming & { exceptions: ReadonlyArray<{ from: string; to: string }> }, from: string, to: string): Occurrence[] {
  return ruleDates(series, from, to)
    .filter((day) => !isPaused(series.exceptions, day))
    .map((day) => ({ date: day, ...occurrenceTimes(series, day) }));
}

/** The days from `from` on to `from` + `days` - 1. */
export function dayWindow(from: string, days: number): { from: string; to: string } {
  return { from, to: addDays(from, days - 1) };
}
