import { describe, expect, it } from 'vitest';
import { shellConfigOf } from './runtime-config';

describe('shellConfigOf', () => {
  it('keeps the cities, the default city first when missing from the list', () => {
    expect(shellConfigOf({ defaultCity: 'Poitiers', cities: ['Niort', 'La Rochelle'] })).toEqual({ defaultCity: 'Poitiers', cities: ['Poitiers', 'Niort', 'La Rochelle'], storePages: false, mapsApiKey: null });
  });

  it('falls back to Poitiers on a config it cannot read', () => {
    expect(shellConfigOf(null)).toEqual({ defaultCity: 'Poitiers', cities: ['Poitiers'], storePages: false, mapsApiKey: null });
    expect(shellConfigOf({ defaultCity: 42, cities: 'Niort' })).toEqual({ defaultCity: 'Poitiers', cities: ['Poitiers'], storePages: false, mapsApiKey: null });
  });

  it('drops entries that are not city names', () => {
    expect(shellConfigOf({ defaultCity: 'Niort', cities: ['Niort', '', 7, 'x'.repeat(101), 'Niort'] }).cities).toEqual(['Niort']);
  });

  it('says whether a store page is configured, which decides whether a phone may be redirected', () => {
    expect(shellConfigOf({ storePages: { ios: null, android: 'https://play.google.com/store/apps/details?id=fr.sortie' } }).storePages).toBe(true);
    expect(shellConfigOf({ storePages: { ios: null, android: null } }).storePages).toBe(false);
    expect(shellConfigOf({ storePages: { ios: 'javascript:alert(1)', android: '' } }).storePages).toBe(false);
  });
});
