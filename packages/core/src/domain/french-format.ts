import { CURRENCY, LOCALE, TIME_ZONE } from './constants';

/*
 * French formatting shared by web, server, CLI and mails: dates, times, amounts, plurals and
 * words as a person in Poitiers reads them, whatever the machine's own locale and time zone.
 * The one place that builds an `Intl.DateTimeFormat` or folds accents (lint forbids it elsewhere).
 * No zod here: a page that shows a date downloads these few lines only.
 */

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

const numberFormat = new Intl.NumberFormat(LOCALE);
const pluralRules = new Intl.PluralRules(LOCALE);

/** « 1 234 », with the narrow space French puts between thousands. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * « 0 participation », « 1 participation », « 2 participations »: French puts 0 and 1 in the
 * singular. `many` is the plural form when it is not the singular plus « s » (« 2 jeux »).
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${pluralRules.select(Math.abs(count)) === 'one' ? one : many}`;
}

// Dates and times, in Paris.

/** A function that writes a date (a Date, an ISO string or a timestamp) in Paris time, with these options. */
function inParis(options: Intl.DateTimeFormatOptions): (value: DateInput) => string {
  const format = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options });
  return (value) => format.format(toDate(value));
}

/** « samedi 14 mars 2026 » */
export const formatDate = inParis({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** « samedi 14 mars » */
export const formatDay = inParis({ weekday: 'long', day: 'numeric', month: 'long' });

/** « 14 mars » */
export const formatShortDate = inParis({ day: 'numeric', month: 'short' });

/** « sam. 14 mars » */
export const formatShortDay = inParis({ weekday: 'short', day: 'numeric', month: 'short' });

/** « 20:30 » */
export const formatTime = inParis({ hour: '2-digit', minute: '2-digit' });

/** « samedi 14 mars à 20:30 » */
export const formatDateTime = inParis({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** « 14/03/2026 20:30 », for tables and messages where the weekday would be noise. */
export const formatNumericDateTime = inParis({ dateStyle: 'short', timeStyle: 'short' });

/** « 14/03/2026 20:30:05 », for logs and listings that order to the second. */
export const formatNumericDateTimeSeconds = inParis({ dateStyle: 'short', timeStyle: 'medium' });

const formatFullDateTime = inParis({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A calendar day written « YYYY-MM-DD » is the same day everywhere: read and written at UTC. */
const calendarDayFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** « samedi 26 décembre 2026 à 14:30 », in Paris time; an unreadable date is given back as it came. */
export function frenchDateTime(value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatFullDateTime(date);
}

/** « du samedi 14 mars au vendredi 20 mars »: two days, both ends included. */
export function formatDayRange(from: DateInput, to: DateInput): string {
  return `du ${formatDay(from)} au ${formatDay(to)}`;
}

/** « 2026-12-25 » → « vendredi 25 décembre 2026 ». */
export function frenchDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return calendarDayFormat.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** « 18:00 » → « 18 h », « 18:30 » → « 18 h 30 », as French signs write hours. */
export function frenchTime(value: string): string {
  const [hours = '0', minutes = '00'] = value.split(':');
  const h = String(Number(hours));
  return minutes === '00' ? `${h} h` : `${h} h ${minutes}`;
}

// Durations.

/** A wait before trying again: « 45 s », then whole minutes rounded up (« 3 min »). */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** How long something has lasted: « 45 s », « 4 min », « 3 h 0 min », « 2 j 3 h 4 min ». */
export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days && `${days} j`, (days || hours) && `${hours} h`, `${minutes} min`].filter(Boolean);
  return seconds < 60 ? `${seconds} s` : parts.join(' ');
}

// Prices (DOMAIN.md: money is integer cents, EUR).
const priceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const wholePriceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** An amount in cents: « 12,50 € », « 10 € » when whole. */
export function formatPrice(cents: number): string {
  return (cents % 100 === 0 ? wholePriceFormat : priceFormat).format(cents / 100);
}

/** An event's price (core's PriceSchema: {free: true} or {min, max} in cents): « Gratuit », « 10 € », « 8 € – 12 € ». */
export function formatPriceRange(price: { free: true } | { min: number; max?: number | null } | 'free' | null | undefined): string {
  if (!price || price === 'free' || 'free' in price || (price.min === 0 && !price.max)) return 'Gratuit';
  if (price.max == null || price.max === price.min) return formatPrice(price.min);
  return `${formatPrice(price.min)} – ${formatPrice(price.max)}`;
}

// Words.

/** « Inscriptions ouvertes »: a label opening a line or a title, its first letter in capital. */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase(LOCALE) + text.slice(1);
}

/** « de Poitiers », « d’Angers », « d’hôtel »: « de » elided before a vowel or an h. */
export function elide(word: string): string {
  return `${/^[aeiouéèêàâîôûh]/i.test(word) ? 'd’' : 'de '}${word}`;
}

/** Lower case and without accents: « Élément » → « element ». */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** For searching: folded accents, and apostrophe variants as « ' »: « L’Été » and « l'ete » match. */
export function foldText(text: string): string {
  return foldAccents(text).replace(/[’‘]/g, "'");
}

/** « Fête de la musique ! » → « fete-de-la-musique »: lower-case ASCII words joined by dashes, at most `max` characters. */
export function slugify(text: string, max = 60): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max);
}
