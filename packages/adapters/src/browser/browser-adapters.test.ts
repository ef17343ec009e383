// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { BrowserNavigatorAdapter } from './browser-navigator.adapter';
import { ConsoleLogger } from './console-logger.adapter';
import { DocumentCookieAdapter } from './document-cookie.adapter';
import { LocalStorageTokenStore } from './local-storage-token-store.adapter';
import { SystemClock } from './system-clock.adapter';

describe('LocalStorageTokenStore', () => {
  it('keeps values in localStorage across instances (a reload)', () => {
    new LocalStorageTokenStore().set('spotify_token', '{"access_token":"a"}');
    expect(localStorage.getItem('spotify_token')).toBe('{"access_token":"a"}');
    const reloaded = new LocalStorageTokenStore();
    expect(reloaded.get('spotify_token')).toBe('{"access_token":"a"}');
    reloaded.remove('spotify_token');
    expect(reloaded.get('spotify_token')).toBeNull();
  });

  it('falls back to memory when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const store = new LocalStorageTokenStore(() => refusing);
    store.set('k', 'v');
    expect(store.get('k')).toBe('v');
  });
});

describe('DocumentCookieAdapter', () => {
  it('sets a site-wide cookie with max-age and SameSite=Lax, and reads it back', () => {
    const written: string[] = [];
    const doc = {
      location: { protocol: 'https:' },
      get cookie() {
        return 'other=1; sortie_mobile_redirect=1';
      },
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    const cookies = new DocumentCookieAdapter(() => doc);
    cookies.set('sortie_mobile_redirect', '1', { maxAgeSeconds: 86_400 });
    expect(written).toEqual(['sortie_mobile_redirect=1; path=/; max-age=86400; SameSite=Lax; Secure']);
    expect(cookies.get('sortie_mobile_redirect')).toBe('1');
    expect(cookies.get('absent')).toBeNull();
  });

  it('works on the real document', () => {
    const cookies = new DocumentCookieAdapter();
    cookies.set('marker', 'a b', { maxAgeSeconds: 60 });
    expect(cookies.get('marker')).toBe('a b');
  });
});

describe('BrowserNavigatorAdapter', () => {
  function fakeWindow() {
    return {
      navigator: { userAgent: 'Mozilla/5.0 (iPhone)' },
      location: { href: 'https://sortie.test/events/x?nshid=1', assign: vi.fn() },
      history: { state: { k: 1 }, replaceState: vi.fn() },
    };
  }

  it('reads the user agent and the current address', () => {
    const win = fakeWindow();
    const nav = new BrowserNavigatorAdapter(undefined, () => win as unknown as Window);
    expect(nav.userAgent()).toBe('Mozilla/5.0 (iPhone)');
    expect(nav.currentUrl().searchParams.get('nshid')).toBe('1');
  });

  it('redirects with location.assign and moves in the app through the router', () => {
    const win = fakeWindow();
    const router = vi.fn();
    const nav = new BrowserNavigatorAdapter(router, () => win as unknown as Window);
    nav.redirect('https://example.org/billets');
    nav.navigate('/events/x', { replace: true });
    expect(win.location.assign).toHaveBeenCalledWith('https://example.org/billets');
    expect(router).toHaveBeenCalledWith('/events/x', { replace: true });
  });

  it('falls back to history.replaceState for a replace without a router', () => {
    const win = fakeWindow();
    const nav = new BrowserNavigatorAdapter(undefined, () => win as unknown as Window);
    nav.navigate('/events/x', { replace: true });
    expect(win.history.replaceState).toHaveBeenCalledWith({ k: 1 }, '', '/events/x');
    nav.navigate('/home');
    expect(win.location.assign).toHaveBeenCalledWith('/home');
  });
});

describe('SystemClock and ConsoleLogger', () => {
  it('fires a timer after its delay and not when cleared', () => {
    vi.useFakeTimers();
    const clock = new SystemClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('a'), 5000);
    const b = clock.setTimeout(() => fired.push('b'), 5000);
    clock.clearTimeout(b);
    vi.advanceTimersByTime(4999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a']);
    expect(clock.now().getTime()).toBe(Date.now());
    vi.useRealTimers();
  });

  it('prefixes lines and hides debug unless asked', () => {
    const sink = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const logger = new ConsoleLogger({}, sink);
    logger.debug('détail');
    logger.error('Échec', 42);
    expect(sink.debug).not.toHaveBeenCalled();
    expect(sink.error).toHaveBeenCalledWith('[sortie] Échec', 42);
  });
});
