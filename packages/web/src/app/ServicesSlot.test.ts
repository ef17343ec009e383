import { describe, expect, it } from 'vitest';
import { MOBILE_REDIRECT_COOKIE, SESSION_HINT_COOKIE } from '@sortie/core';
import { needsServices } from './ServicesSlot';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const shell = (storePages: boolean) => ({ defaultCity: 'Poitiers', cities: ['Poitiers'], storePages, mapsApiKey: null });

describe('whether a visit needs the services before any page asks', () => {
  it('does not for an anonymous visitor on a computer reading a page', () => {
    expect(needsServices('', shell(true), DESKTOP, '')).toBe(false);
    expect(needsServices('date=today', shell(true), DESKTOP, 'sortie_city=Tours')).toBe(false);
  });

  it('does for a visitor the server says may be signed in', () => {
    expect(needsServices('', shell(false), DESKTOP, `sortie_city=Tours; ${SESSION_HINT_COOKIE}=1`)).toBe(true);
  });

  it('does for a phone the store redirect may apply to: a store page configured, not tried today', () => {
    expect(needsServices('', shell(true), ANDROID, '')).toBe(true);
    expect(needsServices('', shell(false), ANDROID, '')).toBe(false);
    expect(needsServices('', shell(true), ANDROID, `${MOBILE_REDIRECT_COOKIE}=1`)).toBe(false);
  });

  it('does for a dynamic link to follow or a share to record', () => {
    expect(needsServices('dyna=abc', shell(false), DESKTOP, '')).toBe(true);
    expect(needsServices('nshid=abc', shell(false), DESKTOP, '')).toBe(true);
  });
});
