import { describe, expect, it } from 'vitest';
import { formatDay, formatHour, formatPrice } from './content';

// What a poster prints, in Paris time whatever the server's zone: the web app's formats, a poster's hours.
describe('poster texts', () => {
  it('opens the day with a capital', () => {
    expect(formatDay('2026-03-14T19:30:00.000Z')).toBe('Samedi 14 mars 2026');
    expect(formatDay('2026-03-14T23:30:00.000Z')).toBe('Dimanche 15 mars 2026');
  });

  it('writes hours as a sign does', () => {
    expect(formatHour('2026-03-14T19:30:00.000Z')).toBe('20 h 30');
    expect(formatHour('2026-07-14T19:00:00.000Z')).toBe('21 h');
  });

  it('says the price: free, one price or a range', () => {
    expect(formatPrice({ free: true })).toBe('Entrée libre');
    expect(formatPrice(undefined)).toBe('Entrée libre');
    expect(formatPrice({ min: 1000 })).toBe('10\u00a0€');
    expect(formatPrice({ min: 800, max: 1250 })).toBe('De 8\u00a0€ à 12,50\u00a0€');
  });
});
