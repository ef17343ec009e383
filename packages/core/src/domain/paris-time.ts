import { TIME_ZONE } from './constants';

/*
 * Paris time, once for every side: days start at midnight in Paris (DOMAIN.md), whatever the
 * time zone of the machine running the code. Days are written « YYYY-MM-DD ».
 */

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsOf(at: number): Parts {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { year: +parts['year']!, month: +parts['month']!, day: +parts['day']!, hour: +parts['hour']!, minute: +parts['minute']!, second: +parts['second']! };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes Paris is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function parisOffsetMinutes(at: number): number {
  const p = partsOf(at);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant at which Paris clocks read this wall-clock time. The offset is taken an hour
 * before, then checked once more, so that a time in the hour skipped in March lands after the
 * change and an ambiguous time in October reads as the second (winter) one.
 */
function parisWallClock(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  let offset = parisOffsetMinutes(asUtc - 60 * 60_000);
  offset = parisOffsetMinutes(asUtc - offset * 60_000);
  return asUtc - offset * 60_000;
}

const splitDay = (day: string) => day.split('-').map(Number) as [number, number, number];

/** « 2026-03-14 »: the Paris calendar day of an instant. */
export function parisDay(date: Date | number): string {
  const p = partsOf(typeof date === 'number' ? date : date.getTime());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant of midnight in Paris that starts `day` (YYYY-MM-DD). */
export function parisMidnight(day: string): Date {
  const [y, m, d] = splitDay(day);
  return new Date(parisWallClock(y, m, d));
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = splitDay(day);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Saturday and Sunday of the weekend to come, or under way, from `today`. */
export function weekendOf(today: string): [string, string] {
  const weekday = weekdayOf(today);
  const saturday = weekday === 6 ? addDays(today, -1) : addDays(today, 5 - weekday);
  return [saturday, addDays(saturday, 1)];
}

/** An ISO instant as a `datetime-local` value in Paris time (« 2026-03-14T20:30 »); '' when unreadable. */
export function isoToParisLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const p = partsOf(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A `datetime-local` value read as Paris wall-clock time, as an ISO string with its offset
 * (« 2026-03-14T20:30:00+01:00 »); '' when empty or invalid.
 */
export function parisLocalToIso(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return '';
  const [y, m, d, h, min] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (Number.isNaN(Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00Z`))) return '';
  const offset = Math.round((Date.UTC(y, m - 1, d, h, min) - parisWallClock(y, m, d, h, min)) / 60_000);
  const abs = Math.abs(offset);
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${offset >= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The date filters of the agenda, with the words a French visitor reads. */
export const DATE_FILTERS = {
  today: 'Aujourd’hui',
  tomorrow: 'Demain',
  weekend: 'Ce week-end',
  week: 'Cette semaine',
} as const;
export type DateFilter = keyof typeof DATE_FILTERS;

export const isDateFilter = (value: string | null | undefined): value is DateFilter => !!value && Object.hasOwn(DATE_FILTERS, value);

/** The [from, to] instants of a date filter, in Paris days; `from` never before now. */
export function rangeOf(filter: DateFilter, now: Date): { from: string; to: string } {
  const today = parisDay(now);
  const [saturday] = weekendOf(today);
  const span: Record<DateFilter, [string, string]> = {
    today: [today, addDays(today, 1)],
    tomorrow: [addDays(today, 1), addDays(today, 2)],
    weekend: [saturday, addDays(saturday, 2)],
    week: [today, addDays(today, 7 - weekdayOf(today))],
  };
  const [start, end] = span[filter];
  const from = new Date(Math.max(parisMidnight(start).getTime(), now.getTime()));
  return { from: from.toISOString(), to: new Date(parisMidnight(end).getTime() - 1).toISOString() };
}

/**
 * Which named group of a French agenda a Paris day falls in seen from `today`: « Aujourd’hui »,
 * « Demain », « Ce week-end » (the coming Saturday and Sunday not already named), else null.
 */
export function dayFilterOf(day: string, today: string): Exclude<DateFilter, 'week'> | null {
  if (day === today) return 'today';
  if (day === addDays(today, 1)) return 'tomorrow';
  if (weekendOf(today).includes(day)) return 'weekend';
  return null;
}

/**
 * The weekend a visitor plans: this one, except on a Sunday, when it is tonight and the next
 * one is meant (`next`). Counted in Paris days, so a change of time on that Sunday changes nothing.
 */
export function weekendToPlan(now: Date): { next: boolean; from: string; to: string } {
  const today = parisDay(now);
  if (weekdayOf(today) !== 6) return { next: false, ...rangeOf('weekend', now) };
  const saturday = addDays(today, 6);
  return { next: true, from: parisMidnight(saturday).toISOString(), to: new Date(parisMidnight(addDays(saturday, 2)).getTime() - 1).toISOString() };
}
