import { describe, expect, it } from 'vitest';
import { frenchRange, openingHoursLines, pastMidnight, rangeProblem, storedRangeProblem, upcomingClosures } from './opening-hours';
import { frenchDate } from './french-format';
import { PlaceInputSchema } from './schemas/places.schema';

describe('opening hours', () => {
  it('accepts a range, one past midnight included, and says in French what is wrong with others', () => {
    expect(rangeProblem('18:00', '23:30')).toBeUndefined();
    expect(rangeProblem('22:00', '02:00')).toBeUndefined();
    expect(pastMidnight('22:00', '02:00')).toBe(true);
    expect(rangeProblem('18:00', '18:00')).toMatch(/différente/);
    expect(rangeProblem('25:00', '02:00')).toMatch(/HH:MM/);
    expect(rangeProblem('', '02:00')).toMatch(/Indiquez/);
    expect(storedRangeProblem('09:00-12:00')).toBeUndefined();
  });

  it('reads and writes them the French way', () => {
    expect(frenchRange('18:00-02:30')).toBe('18 h – 2 h 30');
    expect(openingHoursLines({ sat: ['18:00-02:00'] })[5]).toEqual({ day: 'Samedi', hours: '18 h – 2 h' });
    expect(frenchDate('2026-12-25')).toBe('vendredi 25 décembre 2026');
  });

  it('keeps the closures from today on, soonest first', () => {
    const closures = [{ date: '2026-12-31' }, { date: '2026-01-01' }, { date: '2026-12-25', note: 'Noël' }];
    expect(upcomingClosures(closures, '2026-06-01').map((c) => c.date)).toEqual(['2026-12-25', '2026-12-31']);
  });

  it('refuses a stored range that is not a time of day, and a place without closures gets none', () => {
    const place = { name: 'Le Bar', slug: 'le-bar', address: { postalCode: '86000', city: 'Poitiers' } };
    expect(PlaceInputSchema.parse(place).closures).toEqual([]);
    expect(PlaceInputSchema.safeParse({ ...place, openingHours: { mon: ['18:00-18:00'] } }).success).toBe(false);
    expect(PlaceInputSchema.safeParse({ ...place, openingHours: { mon: ['22:00-02:00'] }, closures: [{ date: '2026-12-25', note: 'Noël' }] }).success).toBe(true);
    expect(PlaceInputSchema.safeParse({ ...place, closures: [{ date: '25/12/2026' }] }).success).toBe(false);
  });
});
