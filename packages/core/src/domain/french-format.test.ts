import { describe, expect, it } from 'vitest';
import { frenchDateTime, plural } from './french-format';

describe('plural', () => {
  it('puts 0 and 1 in the singular, as French does, and 2 or more in the plural', () => {
    expect(plural(0, 'participation')).toBe('0 participation');
    expect(plural(1, 'participation')).toBe('1 participation');
    expect(plural(2, 'participation')).toBe('2 participations');
    expect(plural(2, 'jeu', 'jeux')).toBe('2 jeux');
  });
  it('writes the number as French does, with a narrow space between thousands', () => {
    expect(plural(1234, 'participation')).toBe('1\u202f234 participations');
  });
});

describe('frenchDateTime', () => {
  it('says the date and time in Paris, in French', () => {
    expect(frenchDateTime('2026-12-26T13:30:00.000Z')).toBe('samedi 26 décembre 2026 à 14:30');
    expect(frenchDateTime(Date.parse('2026-07-14T20:00:00.000Z'))).toBe('mardi 14 juillet 2026 à 22:00');
  });
  it('gives back a date it cannot read as it came', () => {
    expect(frenchDateTime('pas une date')).toBe('pas une date');
  });
});
