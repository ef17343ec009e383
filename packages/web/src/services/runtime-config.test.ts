import { describe, expect, it } from 'vitest';
import { shellConfigOf } from './runtime-config';

describe('shellConfigOf', () => {
  it('keeps the cities, the default city first when missing from the list', () => {
    expect(shellConfigOf({ defaultCity: 'Poitiers', cities: ['Niort', 'La Rochelle'] })).toEqual({ defaultCity: 'Poitiers', cities: ['Poitiers', 'Niort', 'La Rochelle'] });
  });

  it('falls back to Poitiers on a config it cannot read', () => {
    expect(shellConfigOf(null)).toEqual({ defaultCity: 'Poitiers', cities: ['Poitiers'] });
    expect(shellConfigOf({ defaultCity: 42, cities: 'Niort' })).toEqual({ defaultCity: 'Poitiers', cities: ['Poitiers'] });
  });

  it('drops entries that are not city names', () => {
    expect(shellConfigOf({ defaultCity: 'Niort', cities: ['Niort', '', 7, 'x'.repeat(101), 'Niort'] }).cities).toEqual(['Niort']);
  });
});
