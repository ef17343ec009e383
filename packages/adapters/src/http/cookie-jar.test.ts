import { describe, expect, it } from 'vitest';
import { FakeTokenStore } from '@sortie/core/testing';
import { parseSetCookie, TokenStoreCookieJar } from './cookie-jar';

const NOW = Date.parse('2026-11-22T03:00:00.000Z');

describe('parseSetCookie', () => {
  it('reads name, value and expiry; Max-Age wins over Expires', () => {
    expect(parseSetCookie('sid=abc; Path=/; HttpOnly', NOW)).toEqual({ name: 'sid', value: 'abc', expiresAt: null });
    expect(parseSetCookie('sid=abc; Expires=Sun, 22 Nov 2026 04:00:00 GMT', NOW)?.expiresAt).toBe(NOW + 3_600_000);
    expect(parseSetCookie('sid=abc; Max-Age=60; Expires=Sun, 22 Nov 2026 04:00:00 GMT', NOW)?.expiresAt).toBe(NOW + 60_000);
    expect(parseSetCookie('sid=a=b', NOW)?.value).toBe('a=b');
    expect(parseSetCookie('garbage', NOW)).toBeNull();
  });
});

describe('TokenStoreCookieJar', () => {
  it('stops sending a cookie once it has expired', () => {
    let now = NOW;
    const jar = new TokenStoreCookieJar(new FakeTokenStore(), () => now);
    jar.store(['sid=abc; Max-Age=60', 'theme=dark']);
    expect(jar.header()).toBe('sid=abc; theme=dark');
    now += 61_000;
    expect(jar.header()).toBe('theme=dark');
  });

  it('forgets a cookie the server clears, and the key when the jar is empty', () => {
    const store = new FakeTokenStore();
    const jar = new TokenStoreCookieJar(store, () => NOW);
    jar.store(['sid=abc']);
    jar.store(['sid=; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBeNull();
    expect(store.get('cookies')).toBeNull();
  });

  it('reads a damaged store as an empty jar', () => {
    const store = new FakeTokenStore();
    store.set('cookies', '{oops');
    expect(new TokenStoreCookieJar(store).header()).toBeNull();
  });
});
