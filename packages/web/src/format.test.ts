import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPrice, formatPriceRange, formatShortDate, formatTime } from './format';

// Intl separates groups and currency with narrow/no-break spaces; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('format (fr-FR, Europe/Paris)', () => {
  it('shows dates in French, in Paris time whatever the UTC day', () => {
    // 23:30 UTC on 14 March is already 15 March in Paris (UTC+1 in winter).
    expect(formatDate('2026-03-14T23:30:00Z')).toBe('dimanche 15 mars 2026');
    expect(formatShortDate('2026-03-14T23:30:00Z')).toBe('15 mars');
  });

  it('shows times on the 24-hour clock, following summer time', () => {
    expect(formatTime('2026-07-01T18:30:00Z')).toBe('20:30');
    expect(formatTime('2026-01-01T18:30:00Z')).toBe('19:30');
    expect(formatDateTime('2026-07-01T18:30:00Z')).toBe('mercredi 1 juillet à 20:30');
  });

  it('shows prices from cents in euros', () => {
    expect(plain(formatPrice(1250))).toBe('12,50 €');
    expect(plain(formatPrice(1000))).toBe('10 €');
    expect(plain(formatPrice(123456))).toBe('1 234,56 €');
  });

  it('shows a price range, or free', () => {
    expect(formatPriceRange('free')).toBe('Gratuit');
    expect(formatPriceRange({ free: true })).toBe('Gratuit');
    expect(formatPriceRange({ min: 0 })).toBe('Gratuit');
    expect(plain(formatPriceRange({ min: 800, max: 1200 }))).toBe('8 € – 12 €');
    expect(plain(formatPriceRange({ min: 800, max: 800 }))).toBe('8 €');
  });
});
