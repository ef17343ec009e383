import { describe, expect, it } from 'vitest';
import { cacheRuleFor, changesSession, mayStore, readRememberMessage, REMEMBER, type RequestFacts } from './cache-rules';

const ORIGIN = 'https://sortie.example';
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });
const navigate = (path: string): RequestFacts => ({ method: 'GET', url: `${ORIGIN}${path}`, mode: 'navigate', destination: 'document' });
const fetchOf = (path: string, init: Partial<RequestFacts> = {}): RequestFacts => ({ method: 'GET', url: `${ORIGIN}${path}`, mode: 'cors', destination: '', ...init });
const rule = (request: RequestFacts) => cacheRuleFor(request, ORIGIN);

describe('what the service worker keeps', () => {
  it('keeps the public pages a visitor opens, event pages included', () => {
    for (const path of ['/', '/home/Poitiers', '/events/0123456789abcdef01234567', '/places/0123456789abcdef01234567', '/blog', '/offline.html']) {
      expect(rule(navigate(path)), path).toBe('page');
    }
  });

  it('treats a request for HTML from the app (a page to keep) as a page', () => {
    expect(rule(fetchOf('/events/0123456789abcdef01234567', { headers: headers({ accept: 'text/html' }) }))).toBe('page');
  });

  it('never keeps the visitor’s own pages, nor redirects, but still answers them offline', () => {
    for (const path of ['/dashboard', '/dashboard/events', '/account', '/notifications', '/users/likes', '/users/following', '/suggestions', '/r/abc123', '/nextEvent', '/stripe/success']) {
      expect(rule(navigate(path)), path).toBe('private-page');
    }
  });

  it('leaves downloads opened as pages (calendars, sitemaps) to the browser', () => {
    for (const path of ['/events/0123456789abcdef01234567.ics', '/sitemap.xml', '/robots.txt']) expect(rule(navigate(path)), path).toBe('pass');
  });

  it('keeps hashed build files, and public API reads', () => {
    expect(rule(fetchOf('/assets/EventPage-Bq1x2.js', { destination: 'script' }))).toBe('asset');
    for (const path of ['/api/config', '/api/events/0123456789abcdef01234567', '/api/events?city=Poitiers', '/api/search?q=jazz', '/api/users/0123456789abcdef01234567/badges']) {
      expect(rule(fetchOf(path)), path).toBe('api');
    }
  });

  it('never keeps the session, personal or staff reads, nor health checks', () => {
    for (const path of [
      '/api/auth/me',
      '/api/auth/logout',
      '/api/identity/signIn',
      '/api/me/notifications',
      '/api/me/likes',
      '/api/me',
      '/api/notifications/0123456789abcdef01234567',
      '/api/dashboard/stats',
      '/api/users/notificationPreferences',
      '/api/forms/0123456789abcdef01234567/entries',
      '/api/raffles/0123456789abcdef01234567/entries',
      '/api/dynaLinks/0123456789abcdef01234567/visits',
      '/api/health',
      '/api/ready',
    ]) {
      expect(rule(fetchOf(path)), path).toBe('pass');
    }
  });

  it('never touches writes, socket.io or other sites', () => {
    expect(rule(fetchOf('/api/events/0123456789abcdef01234567', { method: 'POST' }))).toBe('pass');
    expect(rule(fetchOf('/api/me/likes/0123456789abcdef01234567', { method: 'PUT' }))).toBe('pass');
    expect(rule({ ...navigate('/'), method: 'POST' })).toBe('pass');
    expect(rule(fetchOf('/socket.io/?EIO=4&transport=polling'))).toBe('pass');
    expect(cacheRuleFor({ method: 'GET', url: 'https://tile.openstreetmap.org/1/2/3.png', destination: 'image' }, ORIGIN)).toBe('pass');
    expect(cacheRuleFor(navigate('/'), 'https://other.example')).toBe('pass');
  });

  it('keeps the site’s own images, not other fetches', () => {
    expect(rule(fetchOf('/uploads/event-640.webp', { destination: 'image' }))).toBe('image');
    expect(rule(fetchOf('/favicon.svg'))).toBe('pass');
  });
});

describe('mayStore', () => {
  const response = (status: number, cacheControl?: string) => ({ status, headers: headers(cacheControl ? { 'cache-control': cacheControl } : {}) });

  it('keeps whole answers the server allows to share', () => {
    expect(mayStore(response(200))).toBe(true);
    expect(mayStore(response(200, 'public, max-age=0'))).toBe(true);
    expect(mayStore(response(200, 'public, max-age=31536000, immutable'))).toBe(true);
    // The server's blanket header on API answers, for the HTTP cache.
    expect(mayStore(response(200, 'no-store'))).toBe(true);
  });

  it('refuses errors, partial answers and what the server marks private', () => {
    expect(mayStore(response(404))).toBe(false);
    expect(mayStore(response(500))).toBe(false);
    expect(mayStore(response(206))).toBe(false);
    expect(mayStore(response(0))).toBe(false);
    expect(mayStore(response(200, 'private, max-age=60'))).toBe(false);
    expect(mayStore(response(200, 'max-age=0, Private'))).toBe(false);
  });
});

describe('changesSession', () => {
  it('is a sign-in or a sign-out on this site', () => {
    expect(changesSession({ method: 'POST', url: `${ORIGIN}/api/auth/login/web` }, ORIGIN)).toBe(true);
    expect(changesSession({ method: 'POST', url: `${ORIGIN}/api/auth/logout` }, ORIGIN)).toBe(true);
  });

  it('is nothing else', () => {
    expect(changesSession({ method: 'GET', url: `${ORIGIN}/api/auth/me` }, ORIGIN)).toBe(false);
    expect(changesSession({ method: 'POST', url: `${ORIGIN}/api/me/likes/0123456789abcdef01234567` }, ORIGIN)).toBe(false);
    expect(changesSession({ method: 'POST', url: 'https://other.example/api/auth/logout' }, ORIGIN)).toBe(false);
  });
});

describe('readRememberMessage', () => {
  it('reads the app’s message, keeping only strings', () => {
    expect(readRememberMessage({ type: REMEMBER, pages: [`${ORIGIN}/events/1`, 3], resources: [`${ORIGIN}/api/config`, null] })).toEqual({
      type: REMEMBER,
      pages: [`${ORIGIN}/events/1`],
      resources: [`${ORIGIN}/api/config`],
    });
  });

  it('ignores any other message', () => {
    expect(readRememberMessage(null)).toBeNull();
    expect(readRememberMessage('sortie:remember')).toBeNull();
    expect(readRememberMessage({ type: 'SKIP_WAITING' })).toBeNull();
    expect(readRememberMessage({ type: REMEMBER })).toEqual({ type: REMEMBER, pages: [], resources: [] });
  });
});
