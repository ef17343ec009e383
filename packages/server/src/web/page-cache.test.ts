import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDelivery } from './delivery';
import { registerWebApp } from './static';
import { loadConfig } from '../config';

/**
 * The public pages drawn once a second for everyone (issue 34), with a renderer of the shape the
 * web build exports (dist-server/entry-server.mjs) that counts its drawings.
 */
describe('the public pages’ cache', () => {
  let root: string;
  let app: FastifyInstance;
  let now = 1_000_000;
  let clear: () => void = () => undefined;
  const drawings = () => (globalThis as { sortieDrawings?: number }).sortieDrawings ?? 0;
  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sortie-pages-'));
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, 'dist-server'));
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Sortie</title>');
    writeFileSync(
      join(root, 'dist-server', 'entry-server.mjs'),
      // A drawing waits for globalThis.sortieReads when a test sets it: the page's reads, slow.
      `export async function render({ url }) {
         const drawing = (globalThis.sortieDrawings = (globalThis.sortieDrawings ?? 0) + 1);
         await globalThis.sortieReads;
         const padding = '<p>Ce soir à Poitiers</p>'.repeat(80);
         return { status: url.startsWith('/nulle-part') ? 404 : 200, html: '<main>' + url + padding + (url.startsWith('/agenda') ? '<p>dessin ' + drawing + '</p>' : '') + '</main><script type="application/json" id="state">{}</script><script>hydrate()</script>' };
       }`,
    );
    app = Fastify();
    await registerDelivery(app, loadConfig({ SORTIE_SECRET: 'page-cache-test-secret-page-cache' }));
    app.get('/api/config', async () => ({}));
    await registerWebApp(app, join(root, 'dist'), { publicUrl: 'https://sortie.example' }, { now: () => now, ttlMs: 1000, onClear: (listener) => (clear = listener) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('draws a page once for the visitors of a second, with or without a session, the same bytes for all, its inline script allowed by its hash', async () => {
    const before = drawings();
    const answers = await Promise.all([page('/events/1'), page('/events/1', { cookie: 'sortie_session=abc' }), page('/events/1')]);
    expect(drawings() - before).toBe(1);
    const hash = `'sha256-${createHash('sha256').update('hydrate()').digest('base64')}'`;
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).toContain('<main>/events/1');
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain(hash);
      // The JSON data block is not run: no hash, and no nonce for anything else.
      expect(csp.match(/'sha256-/g)).toHaveLength(1);
      expect(csp).not.toContain("'nonce-");
    }
    // Another address is another page.
    await page('/events/2');
    expect(drawings() - before).toBe(2);
  });

  it('sends the page compressed as the browser accepts it, brotli first', async () => {
    const plain = await page('/lieux/1');
    const br = await page('/lieux/1', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect((await page('/lieux/1', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('draws it again after the second, and at once after a write clears the public cache', async () => {
    await page('/places/1');
    const before = drawings();
    now += 999;
    await page('/places/1');
    expect(drawings()).toBe(before);
    now += 1;
    await page('/places/1');
    await vi.waitFor(() => expect(drawings()).toBe(before + 1));
    clear();
    await page('/places/1');
    expect(drawings()).toBe(before + 2);
  });

  it('past its second, answers the last drawing while it draws the next one, once; after a write, waits for the new one', async () => {
    const reads = (globalThis as { sortieReads?: Promise<void> }).sortieReads;
    const drawingOf = (answer: { body: string }) => Number(/dessin (\d+)/.exec(answer.body)?.[1]);
    try {
      const first = drawingOf(await page('/agenda'));
      now += 1000;
      let readsDone = () => undefined as void;
      (globalThis as { sortieReads?: Promise<void> }).sortieReads = new Promise<void>((resolve) => (readsDone = resolve));
      // Its reads are slow: the crowd of that moment receives the last drawing at once, and one drawing begins.
      const crowd = await Promise.all([page('/agenda'), page('/agenda', { cookie: 'sortie_session=abc' }), page('/agenda')]);
      expect(crowd.map(drawingOf)).toEqual([first, first, first]);
      await vi.waitFor(() => expect(drawings()).toBe(first + 1));
      readsDone();
      await vi.waitFor(async () => expect(drawingOf(await page('/agenda'))).toBe(first + 1));
      expect(drawings()).toBe(first + 1);

      // A write: the next visitor waits for a drawing made after it, not the last one.
      now += 1000;
      (globalThis as { sortieReads?: Promise<void> }).sortieReads = new Promise<void>((resolve) => (readsDone = resolve));
      clear();
      const waiting = page('/agenda');
      let answered = false;
      void waiting.then(() => (answered = true));
      // Whatever the wait, no answer before the drawing's reads are done.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answered).toBe(false);
      readsDone();
      expect(drawingOf(await waiting)).toBe(first + 2);

      // Long unvisited (past its second and 5 s more), a page is not answered as it was: its visitor waits for it.
      now += 6001;
      expect(drawingOf(await page('/agenda'))).toBe(first + 3);
    } finally {
      (globalThis as { sortieReads?: Promise<void> }).sortieReads = reads;
    }
  });

  it('keeps a missing record’s 404 page for the second as well', async () => {
    const first = await page('/nulle-part');
    const second = await page('/nulle-part');
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
  });
});
