import { describe, expect, it } from 'vitest';
import { MOBILE_REDIRECT_COOKIE, SESSION_HINT_COOKIE } from '@sortie/core';
import { FakeCookies } from '@sortie/core/testing';
import { needsServices } from './ServicesSlot';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** A browser's cookies, by name. */
function cookies(...names: string[]) {
  const jar = new FakeCookies();
  for (const name of names) jar.set(name, '1', { maxAgeSeconds: 60 });
  return jar;
}
const shell = (storePages: boolean) => ({ defaultCity: 'Poitiers', cities: ['Poitiers'], storePages, mapsApiKey: null });

describe('whether a visit needs the services before any page asks', () => {
  it('does not for an anonymous visitor on a computer reading a page', () => {
    expect(needsServices('', shell(true), DESKTOP, cookies())).toBe(false);
    expect(needsServices('date=today', shell(true), DESKTOP, cookies('sortie_city'))).toBe(false);
  });

  it('does for a visitor the server says may be signed in', () => {
    expect(needsServices('', shell(false), DESKTOP, cookies('sortie_city', SESSION_HINT_COOKIE))).toBe(true);
  });

  it('does for a phone the store redirect may apply to: a store page configured, not tried today', () => {
    expect(needsServices('', shell(true), ANDROID, cookies())).toBe(true);
    expect(needsServices('', shell(false), ANDROID, cookies())).toBe(false);
    expect(needsServices('', shell(true), ANDROID, cookies(MOBILE_REDIRECT_COOKIE))).toBe(false);
  });

  it('does for a dynamic link to follow or a share to record', () => {
    expect(needsServices('dyna=abc', shell(false), DESKTOP, cookies())).toBe(true);
    expect(needsServices('nshid=abc', shell(false), DESKTOP, cookies())).toBe(true);
  });
});
