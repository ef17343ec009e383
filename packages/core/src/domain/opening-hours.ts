import { frenchTime } from './french-format';

/**
 * A place's opening hours, as staff enter them and the public reads them: per weekday from
 * Monday, « Fermé » or ranges « HH:MM-HH:MM » (an end before its start runs past midnight),
 * and exceptional closures on given days. The one place these rules are written.
 */

export const WEEKDAYS = [
  ['mon', 'Lundi'],
  ['tue', 'Mardi'],
  ['wed', 'Mercredi'],
  ['thu', 'Jeudi'],
  ['fri', 'Vendredi'],
  ['sat', 'Samedi'],
  ['sun', 'Dimanche'],
] as const;
export type Weekday = (typeof WEEKDAYS)[number][0];

/** At most this many ranges a day (the schema's bound). */
export const MAX_RANGES_A_DAY = 4;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether « HH:MM » is a time of day (00:00 to 23:59). */
export const isTimeOfDay = (value: string): boolean => TIME.test(value);

/** « 18:00-02:00 » → { from: '18:00', to: '02:00' } (blanks when a side is missing). */
export function parseRange(range: string): { from: string; to: string } {
  const [from = '', to = ''] = range.split('-');
  return { from, to };
}

export const formatRange = (from: string, to: string): string => `${from}-${to}`;

/**
 * What is wrong with a range, in French, or undefined when it is right: both times given as
 * HH:MM, and an end that differs from the start (an end before the start closes after midnight).
 */
export function rangeProblem(from: string, to: string): string | undefined {
  if (!from || !to) return 'Indiquez l’heure d’ouverture et l’heure de fermeture.';
  if (!isTimeOfDay(from) || !isTimeOfDay(to)) return 'Heure attendue au format HH:MM (de 00:00 à 23:59).';
  if (from === to) return 'La fermeture doit être différente de l’ouverture.';
  return undefined;
}

/** Whether a range closes after midnight (« 22:00-02:00 »). */
export const pastMidnight = (from: string, to: string): boolean => isTimeOfDay(from) && isTimeOfDay(to) && to < from;

/** A stored range's problem (« 18:00-02:00 »), or undefined. */
export const storedRangeProblem = (range: string): string | undefined => {
  const { from, to } = parseRange(range);
  return rangeProblem(from, to);
};


/** « 18:00-02:00 » → « 18 h – 2 h ». */
export function frenchRange(range: string): string {
  const { from, to } = parseRange(range);
  return `${frenchTime(from)} – ${frenchTime(to)}`;
}

export interface OpeningDay {
  day: string;
  hours: string;
}

/** One line per weekday from Monday, « Fermé » when a day has no range. Empty when nothing is known. */
export function openingHoursLines(hours: Partial<Record<Weekday, string[]>> | undefined): OpeningDay[] {
  if (!hours || Object.values(hours).every((ranges) => !ranges?.length)) return [];
  return WEEKDAYS.map(([key, day]) => {
    const ranges = hours[key] ?? [];
    return { day, hours: ranges.length ? ranges.map(frenchRange).join(', ') : 'Fermé' };
  });
}

export interface Closure {
  date: string;
  note?: string;
}

/** The closures from today (a Paris day, YYYY-MM-DD) on, soonest first. */
export function upcomingClosures<T extends Closure>(closures: readonly T[] | undefined, today: string): T[] {
  return [...(closures ?? [])].filter((c) => c.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}

