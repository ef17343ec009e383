import type { Place } from '@sortie/core';

const DAYS = [
  ['mon', 'Lundi'],
  ['tue', 'Mardi'],
  ['wed', 'Mercredi'],
  ['thu', 'Jeudi'],
  ['fri', 'Vendredi'],
  ['sat', 'Samedi'],
  ['sun', 'Dimanche'],
] as const;

/** « 18:00 » → « 18 h », « 18:30 » → « 18 h 30 », as French signs write hours. */
export function frenchTime(value: string): string {
  const [hours = '0', minutes = '00'] = value.split(':');
  const h = String(Number(hours));
  return minutes === '00' ? `${h} h` : `${h} h ${minutes}`;
}

/** « 18:00-02:00 » → « 18 h – 2 h ». */
export function frenchRange(range: string): string {
  const [from = '', to = ''] = range.split('-');
  return `${frenchTime(from)} – ${frenchTime(to)}`;
}

export interface OpeningDay {
  day: string;
  hours: string;
}

/** One line per weekday from Monday, « Fermé » when a day has no range. Empty when nothing is known. */
export function openingHoursLines(hours: Place['openingHours'] | undefined): OpeningDay[] {
  if (!hours || Object.values(hours).every((ranges) => !ranges?.length)) return [];
  return DAYS.map(([key, day]) => {
    const ranges = hours[key] ?? [];
    return { day, hours: ranges.length ? ranges.map(frenchRange).join(', ') : 'Fermé' };
  });
}
