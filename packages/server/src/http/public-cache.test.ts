import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type SortieApp } from '../app';
import { openTestDb, signIn, testConfig } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { SESSION_CACHE_MS } from '../auth/session-cache';
import type { Db, Row } from '../db/database';
import { MICRO_CACHE_REFRESH_AHEAD_MS, MICRO_CACHE_TTL_MS } from './micro-cache';
import { SharedAnswer } from './encoding';

/*
 * Issue 34: a signed-in crowd costs what an anonymous one does. Its session is read once in a few
 * seconds, forgotten on every write; what it reads as any visitor would comes from the public cache.
 */
describe('the public cache and the sessions read lately', () => {
  let db: Db;
  let app: SortieApp;
  let now = Date.parse('2026-11-27T18:00:00Z');
  let visitor: string;
  let staff: string;
  let admin: string;
  const draftId = () => db.query<{ id: string }>(`SELECT id FROM events WHERE status = 'draft' LIMIT 1`).then(([row]) => row!.id);
  const eventIds = async (cookie?: string, extra: Record<string, string> = {}) => {
    const answer = await app.inject({ method: 'GET', url: '/api/events?limit=100&upcoming=false', headers: { ...(cookie ? { cookie } : {}), ...extra } });
    expect(answer.statusCode).toBe(200);
    return (answer.json().items as Array<{ _id: string }>).map((item) => item._id);
  };
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  /**
   * Counts the statements that read events, until `restore`; the next `hold` of them run, then
   * wait unanswered (`held`) until `release`.
   */
  const countEventReads = () => {
    const query = db.query.bind(db);
    let open = () => {};
    let gate = new Promise<void>((resolve) => (open = resolve));
    const counter = {
      reads: 0,
      hold: 0,
      held: 0,
      release: () => {
        const opened = open;
        gate = new Promise<void>((resolve) => (open = resolve));
        opened();
      },
      restore: () => void (db.query = query),
    };
    db.query = async <T extends Row = Row>(text: string, params?: unknown[], prepared?: string) => {
      // The events, or the tables that list them by city or category (migrations 0030, 0031).
      const read = /\bFROM events(_by_city|_by_category)?\b/i.test(text);
      if (read) counter.reads += 1;
      const holds = read && counter.hold > 0;
      if (holds) counter.hold -= 1;
      const rows = await query<T>(text, params, prepared);
      if (holds) {
        counter.held += 1;
        await gate;
      }
      return rows;
    };
    return counter;
  };

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ db, config: testConfig(), now: () => now });
    visitor = await signIn(app, DEMO_ACCOUNTS.visitor.email);
    staff = await signIn(app, DEMO_ACCOUNTS.staff.email);
    admin = await signIn(app, DEMO_ACCOUNTS.admin.email);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves a signed-in visitor the list an anonymous visitor got in the same second, and staff their own with drafts', async () => {
    now += 2000;
    const hidden = await draftId();
    // Staff's list depends on who reads it: read fresh, and never kept for the others.
    expect(await eventIds(staff)).toContain(hidden);
    const anonymous = await eventIds();
    expect(anonymous).not.toContain(hidden);
    // Published behind the API's back: only a fresh read could show it.
    await db.query(`UPDATE events SET status = 'published' WHERE id = $1`, [hidden]);
    expect(await eventIds(visitor)).toEqual(anonymous);
    now += 1000;
    expect(await eventIds(visitor)).toContain(hidden);
    await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden]);
  });

  it('reads afresh for a forced reload (Cache-Control: no-cache), and keeps that answer for the others', async () => {
    now += 2000;
    const before = await eventIds(visitor);
    const hidden = await draftId();
    await db.query(`UPDATE events SET status = 'published' WHERE id = $1`, [hidden]);
    expect(await eventIds(visitor)).toEqual(before);
    expect(await eventIds(visitor, { 'cache-control': 'no-cache' })).toContain(hidden);
    expect(await eventIds()).toContain(hidden);
    await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden]);
  });

  it('never answers a forced reload from a read begun before it arrived, and gives a crowd of reloads one read a place', async () => {
    const counter = countEventReads();
    const reload = () => eventIds(undefined, { 'cache-control': 'no-cache' });
    const hidden = await draftId();
    const turns = async (n: number) => {
      for (let turn = 0; turn < n; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      now += 2000;
      counter.reads = 0;
      await reload();
      const one = counter.reads;
      // A reload under way when the event is published, then one more: the second sees it.
      counter.hold = one;
      counter.reads = 0;
      const before = reload();
      await vi.waitFor(() => expect(counter.held).toBe(1));
      counter.restore();
      await db.query(`UPDATE events SET status = 'published' WHERE id = $1`, [hidden]);
      const after = reload();
      expect(await after).toContain(hidden);
      counter.release();
      expect(await before).not.toContain(hidden);
      // Ten reloads at once: the embedded database's two places, then one read for the eight left.
      const crowdCounter = countEventReads();
      crowdCounter.hold = 2;
      const crowd = Array.from({ length: 10 }, reload);
      await vi.waitFor(() => expect(crowdCounter.held).toBe(2));
      await turns(10);
      crowdCounter.release();
      const answers = await Promise.all(crowd);
      crowdCounter.restore();
      expect(answers.every((ids) => ids.includes(hidden))).toBe(true);
      expect(crowdCounter.reads).toBe(3 * one);
    } finally {
      counter.restore();
      await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden]);
    }
  });

  it('answers a crowd asking at once for an expired list with one read', async () => {
    const counter = countEventReads();
    const crowd = (n: number) => Promise.all(Array.from({ length: n }, () => app.inject({ method: 'GET', url: '/api/events?city=Poitiers&limit=5', headers: { cookie: visitor } })));
    try {
      now += 2000;
      await crowd(1);
      const one = counter.reads;
      expect(one).toBeGreaterThan(0);
      now += 2000;
      counter.reads = 0;
      const answers = await crowd(8);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(counter.reads).toBe(one);
    } finally {
      counter.restore();
    }
  });

  it('sends a kept list compressed as each visitor accepts it, the same bytes to all', async () => {
    now += 2000;
    const read = (encoding?: string) => app.inject({ method: 'GET', url: '/api/events?limit=100&upcoming=false', headers: { cookie: visitor, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const [br, again, gzip] = [await read('gzip, deflate, br'), await read('br'), await read('gzip')];
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('compresses a list read afresh again only when what it read changed', async () => {
    const hidden = await draftId();
    const reload = () => app.inject({ method: 'GET', url: '/api/events?limit=100&upcoming=false', headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'cache-control': 'no-cache' } });
    const compressed = vi.spyOn(SharedAnswer.prototype, 'encoded');
    try {
      const [first, second] = [await reload(), await reload()];
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      // Both reloads read the database; the second found the same bytes and sent the first's compression.
      const [firstAnswer, secondAnswer] = compressed.mock.contexts;
      expect(secondAnswer).toBe(firstAnswer);
      await db.query(`UPDATE events SET status = 'published' WHERE id = $1`, [hidden]);
      const edited = await reload();
      expect(compressed.mock.contexts[2]).not.toBe(firstAnswer);
      const ids = (JSON.parse(brotliDecompressSync(edited.rawPayload).toString('utf8')).items as Array<{ _id: string }>).map((item) => item._id);
      expect(ids).toContain(hidden);
    } finally {
      compressed.mockRestore();
      await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden]);
    }
  });

  it('reads a list afresh in the last moments of its second, answering from the kept one meanwhile, so that no crowd waits when the second ends', async () => {
    const hidden = await draftId();
    const counter = countEventReads();
    try {
      now += 2000;
      const before = await eventIds(visitor);
      const one = counter.reads;
      await db.query(`UPDATE events SET status = 'published' WHERE id = $1`, [hidden]);
      now += MICRO_CACHE_TTL_MS - MICRO_CACHE_REFRESH_AHEAD_MS - 1;
      expect(await eventIds(visitor)).toEqual(before);
      expect(counter.reads).toBe(one);
      // Its second's last moments: the kept answer, and one read afresh begun.
      now += 1;
      expect(await eventIds()).toEqual(before);
      await vi.waitFor(() => expect(counter.reads).toBe(2 * one));
      // The second over: the answer read afresh, with no read of its own.
      now += MICRO_CACHE_REFRESH_AHEAD_MS;
      expect(await eventIds(visitor)).toContain(hidden);
      expect(await eventIds()).toContain(hidden);
      expect(counter.reads).toBe(2 * one);
    } finally {
      counter.restore();
      await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden]);
    }
  });

  it('never keeps a list read afresh before an edit once the edit is made', async () => {
    // The read afresh runs its statement, then waits: the edit lands between its read and its answer.
    const counter = countEventReads();
    const hidden = await draftId();
    try {
      now += 2000;
      const before = await eventIds(visitor);
      counter.hold = 1;
      now += MICRO_CACHE_TTL_MS - MICRO_CACHE_REFRESH_AHEAD_MS;
      expect(await eventIds(visitor)).toEqual(before);
      await vi.waitFor(() => expect(counter.held).toBe(1));
      const published = await app.inject({ method: 'PATCH', url: `/api/events/${hidden}`, payload: { status: 'published' }, headers: { cookie: staff } });
      expect(published.statusCode).toBe(200);
      counter.release();
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(await eventIds(visitor)).toContain(hidden);
    } finally {
      counter.restore();
      await db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [hidden]);
    }
  });

  it('reads a session once in a few seconds: a session deleted behind its back opens nothing after SESSION_CACHE_MS', async () => {
    now += 2000;
    const cookie = await signIn(app, DEMO_ACCOUNTS.visitor.email);
    expect((await me(cookie)).json().email).toBe(DEMO_ACCOUNTS.visitor.email);
    await db.query(`DELETE FROM sessions WHERE user_id = $1 AND last_used_at >= (SELECT max(last_used_at) FROM sessions WHERE user_id = $1)`, [DEMO_IDS.users.visitor]);
    now += SESSION_CACHE_MS - 1;
    expect((await me(cookie)).json().email).toBe(DEMO_ACCOUNTS.visitor.email);
    now += 1;
    expect((await me(cookie)).statusCode).toBe(401);
    visitor = await signIn(app, DEMO_ACCOUNTS.visitor.email);
  });

  it('ends a session at once when it signs out, and takes a role away at once', async () => {
    const other = await signIn(app, DEMO_ACCOUNTS.staff.email);
    expect((await me(other)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: other } })).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);

    const hidden = await draftId();
    expect(await eventIds(staff)).toContain(hidden);
    const taken = await app.inject({ method: 'PUT', url: `/api/users/${DEMO_IDS.users.staff}/roles`, payload: { roles: [] }, headers: { cookie: admin } });
    expect(taken.statusCode).toBe(200);
    expect((await me(staff)).json().roles).toEqual([]);
    expect(await eventIds(staff)).not.toContain(hidden);
    await app.inject({ method: 'PUT', url: `/api/users/${DEMO_IDS.users.staff}/roles`, payload: { roles: ['staff'] }, headers: { cookie: admin } });
    expect(await eventIds(staff)).toContain(hidden);
  });

  it('never outlives the session’s own end', async () => {
    now += 2000;
    const cookie = await signIn(app, DEMO_ACCOUNTS.visitor.email);
    // Its 30 days run out two seconds from now, and it is read now.
    await db.query(`UPDATE sessions SET expires_at = now() + interval '2 seconds' WHERE user_id = $1`, [DEMO_IDS.users.visitor]);
    expect((await me(cookie)).statusCode).toBe(200);
    now += 1000;
    expect((await me(cookie)).statusCode).toBe(200);
    now += 1000;
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
