import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app';
import { contentSecurityDirectives } from './delivery';

const SCRIPT = `console.log(${JSON.stringify('Sortie '.repeat(400))});`;
const ASSET = '/assets/index-B1x9kQ2a.js';
// Above the threshold, and without a precompressed copy: the not-found handler's answer is compressed on the fly.
const SHELL = `<!doctype html><html lang="fr"><head><title>Sortie</title><meta name="description" content="${'Que faire ce soir ? '.repeat(80)}"><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;

/** A built web app in miniature: a hashed asset with its precompressed copies, the shell, a service worker. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'sortie-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, ASSET), SCRIPT);
  writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Sortie"}');
  return dist;
}

describe('delivery: compression, caching and security headers', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await testApp({ config: { webDist: dist, trustProxy: true } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset precompressed in brotli or gzip, cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has the service worker, the manifest and the shell checked again on every visit', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const page = await t.app.inject({ method: 'GET', url: '/home/Poitiers', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the pages the not-found handler answers (the app’s shell, server-rendered pages)', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/events/0123456789abcdef01234567', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SHELL);
    const gz = await t.app.inject({ method: 'GET', url: '/home/Poitiers', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SHELL);
    const plain = await t.app.inject({ method: 'GET', url: '/home/Poitiers', headers: { accept: 'text/html', 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SHELL);
  });

  it('compresses a JSON answer on the fly above the threshold, not a small one', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/events?limit=20', headers: { 'accept-encoding': 'br, gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString()).items.length).toBeGreaterThan(0);

    const gz = await t.app.inject({ method: 'GET', url: '/api/events?limit=20', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).items.length).toBeGreaterThan(0);

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const none = await t.app.inject({ method: 'GET', url: '/api/events?limit=20' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().items.length).toBeGreaterThan(0);
  });

  it('sends the security headers on pages and API answers alike', async () => {
    for (const url of ['/home/Poitiers', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
      expect(script).toContain("'self'");
      expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(script).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/img-src [^;]*https:/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('gives each answer its own script nonce of 16 random bytes, also past the 256 drawn at a time', async () => {
    const nonce = async () => /'nonce-([^']+)'/.exec(String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']))![1]!;
    const nonces: string[] = [];
    for (let i = 0; i < 600; i++) nonces.push(await nonce());
    expect(new Set(nonces).size).toBe(600);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });

  it('sends HSTS only to a request that came over https', async () => {
    const http = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the CSP follows the configuration', () => {
  const base = { firebase: null, mapsApiKey: null, spotify: null };
  const sources = (directives: ReturnType<typeof contentSecurityDirectives>, name: 'scriptSrc' | 'connectSrc' | 'frameSrc') => directives[name].filter((s): s is string => typeof s === 'string');

  it('allows no third-party script when nothing is configured', () => {
    expect(sources(contentSecurityDirectives(base), 'scriptSrc')).toEqual(["'self'"]);
  });

  it('adds Google Maps, Firebase and Spotify only when each is configured', () => {
    const maps = contentSecurityDirectives({ ...base, mapsApiKey: 'key' });
    expect(sources(maps, 'scriptSrc')).toContain('https://*.googleapis.com');
    expect(sources(maps, 'frameSrc')).toContain('https://*.google.com');
    const firebase = contentSecurityDirectives({ ...base, firebase: { projectId: 'p', apiKey: 'k', authDomain: 'p.firebaseapp.com', appId: 'a', messagingSenderId: undefined } });
    expect(sources(firebase, 'frameSrc')).toContain('https://p.firebaseapp.com');
    expect(sources(firebase, 'connectSrc')).toContain('https://*.googleapis.com');
    const spotify = contentSecurityDirectives({ ...base, spotify: { clientId: 'c', redirectUri: 'http://localhost/spotify' } });
    expect(sources(spotify, 'connectSrc')).toContain('https://api.spotify.com');
    expect(sources(spotify, 'scriptSrc')).toEqual(["'self'"]);
  });
});

describe('HSTS by configuration', () => {
  it('is sent on every answer when SORTIE_HSTS says so', async () => {
    const t = await testApp({ config: { hsts: true } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  }, 60_000);
});
