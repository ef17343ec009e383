import { CURRENCY, LOCALE, TIME_ZONE } from '@sortie/core';

// Every date and amount a visitor reads goes through these, in fr-FR and Europe/Paris,
// whatever the browser's own locale and time zone.
const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
const priceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const wholePriceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 0, maximumFractionDigits: 0 });
const numberFormat = new Intl.NumberFormat(LOCALE);

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** « samedi 14 mars 2026 » */
export function formatDate(value: DateInput): string {
  return dateFormat.format(toDate(value));
}

/** « 14 mars » */
export function formatShortDate(value: DateInput): string {
  return shortDateFormat.format(toDate(value));
}

/** « 20:30 » */
export function formatTime(value: DateInput): string {
  return timeFormat.format(toDate(value));
}

/** « samedi 14 mars à 20:30 » */
export function formatDateTime(value: DateInput): string {
  return dateTimeFormat.format(toDate(value));
}

/** An amount in cents (DOMAIN.md: money is integer cents, EUR): « 12,50 € », « 10 € » when whole. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? wholePriceFormat.format(cents / 100) : priceFormat.format(cents / 100);
}

/** An event's price (core's PriceSchema: {free: true} or {min, max} in cents): « Gratuit », « 10 € », « 8 € – 12 € ». */
export function formatPriceRange(price: { free: true } | { min: number; max?: number | null } | 'free' | null | undefined): string {
  if (!price || price === 'free' || 'free' in price || (price.min === 0 && !price.max)) return 'Gratuit';
  if (price.max == null || price.max === price.min) return formatPrice(price.min);
  return `${formatPrice(price.min)} – ${formatPrice(price.max)}`;
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
