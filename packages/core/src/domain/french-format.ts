import { LOCALE, TIME_ZONE } from './constants';

/*
 * French formatting shared by web, server, CLI and mails: plurals and dates as a person in
 * Poitiers reads them, whatever the machine's own locale and time zone.
 */

/**
 * « 0 participation », « 1 participation », « 2 participations »: French puts 0 and 1 in the
 * singular. `many` is the plural form when it is not the singular plus « s » (« 2 jeux »).
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${new Intl.NumberFormat(LOCALE).format(count)} ${Math.abs(count) < 2 ? one : many}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** « samedi 26 décembre 2026 à 14:30 », in Paris time; an unreadable date is given back as it came. */
export function frenchDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
}
