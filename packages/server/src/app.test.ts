import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openTestDb, signIn, testConfig } from './testing/test-app';
import { DEMO_ACCOUNTS } from './demo/ids';
import { loadDemo, DemoRefusedError } from './demo/load';
import type { Db } from './db/database';

describe('the web app, the micro-cache and the demo guard', () => {
  let db: Db;
  let dist: string;
  beforeAll(async () => {
    db = await openTestDb();
    dist = mkdtempSync(join(tmpdir(), 'sortie-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sortie</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("sortie")');
  });
  afterAll(async () => {
    await db.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the built web app with the single-page fallback, JSON 404 for the API', async () => {
    const app = await buildApp({ db, config: testConfig({ webDist: dist }) });
    const page = await app.inject({ method: 'GET', url: '/events/0123456789abcdef01234567', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toContain('sortie');
    const api = await app.inject({ method: 'GET', url: '/api/inconnu', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Page not found: /api/inconnu');
    await app.close();
  });

  it('says in French that the web app is not built when its folder is missing', async () => {
    const app = await buildApp({ db, config: testConfig() });
    const page = await app.inject({ method: 'GET', url: '/home/Poitiers', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('L’application web n’est pas encore construite.');
    await app.close();
  });

  it('keeps an anonymous list one second, and drops it at once on a write', async () => {
    let now = Date.now();
    const app = await buildApp({ db, config: testConfig(), now: () => now });
    const count = async () => (await app.inject({ method: 'GET', url: '/api/badges' })).json().meta.total as number;
    const before = await count();
    await db.query(`INSERT INTO badges (id, name, data) VALUES ('00000000000000000000abcd', 'Direct', '{"name":"Direct"}')`);
    expect(await count()).toBe(before); // served from the cache
    now += 1000;
    expect(await count()).toBe(before + 1); // expired after one second
    const staff = await signIn(app, DEMO_ACCOUNTS.staff.email);
    await app.inject({ method: 'POST', url: '/api/badges', payload: { name: 'Via l’API' }, headers: { cookie: staff } });
    expect(await count()).toBe(before + 2); // a write drops the cache
    await app.close();
  });

  it('refuses the demo data in production', async () => {
    await expect(loadDemo(db, { password: 'x', production: true })).rejects.toThrow(DemoRefusedError);
    await expect(loadDemo(db, { password: 'x', production: true })).rejects.toThrow('refusées en production');
  });
});
