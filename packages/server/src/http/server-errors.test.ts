import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, Row } from '../db/database';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/availability';
import { openTestDb, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

/** The test database, whose writes (or every statement) fail as PostgreSQL's do when the disk is full. */
class FailingDb implements Db {
  mode: 'ok' | 'writes' | 'all' | 'bug' = 'ok';
  constructor(private readonly inner: Db) {}
  get kind() {
    return this.inner.kind;
  }
  private check(text: string): void {
    if (this.mode === 'ok') return;
    if (this.mode === 'bug') throw new TypeError('Cannot read properties of undefined (reading "rows")');
    if (this.mode === 'all' || /^\s*(WITH|INSERT|UPDATE|DELETE)/i.test(text)) {
      throw Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100', severity: 'ERROR' });
    }
  }
  async query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]> {
    this.check(text);
    return this.inner.query<T>(text, params);
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.inner.transaction((tx) => fn(new Proxy(tx, { get: (target, key) => (key === 'query' ? (text: string, params?: unknown[]) => (this.check(text), target.query(text, params)) : Reflect.get(target, key)) })));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('a database that cannot write, and server errors', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let db: FailingDb;
  let visitor: string;
  beforeAll(async () => {
    db = new FailingDb(await openTestDb());
    t = await testApp({ db });
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());

  const logged = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((args) => args.map(String).join(' ')).join('\n');

  it('a write refused by the disk answers 503 in French with a request id, and is logged though logging is off', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      db.mode = 'writes';
      const res = await t.app.inject({ method: 'PUT', url: `/api/me/likes/${DEMO_IDS.firstEvent}`, headers: { cookie: visitor } });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(body.code).toBe('DATABASE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('1');
      expect(typeof body.requestId).toBe('string');
      expect(res.headers['x-request-id']).toBe(body.requestId);
      const lines = logged(stderr);
      const line = lines.split('\n').find((l) => l.includes(body.requestId));
      expect(line, lines).toBeDefined();
      const entry = JSON.parse(line!);
      expect(entry).toMatchObject({ level: 'error', requestId: body.requestId, statusCode: 503, method: 'PUT', url: `/api/me/likes/${DEMO_IDS.firstEvent}` });
      expect(JSON.stringify(entry.err)).toContain('No space left on device');
      // Reads still work meanwhile.
      expect((await t.app.inject({ method: 'GET', url: '/api/events?limit=1' })).statusCode).toBe(200);
    } finally {
      db.mode = 'ok';
      stderr.mockRestore();
    }
    // Nothing was half-written: the like is not there, and it can be made once the disk has room.
    expect((await t.app.inject({ method: 'PUT', url: `/api/me/likes/${DEMO_IDS.firstEvent}`, headers: { cookie: visitor } })).statusCode).toBeLessThan(300);
  });

  it('the health route says the database is down (503, JSON), and up again', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      db.mode = 'all';
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, database: 'down' });
    } finally {
      db.mode = 'ok';
      stderr.mockRestore();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('a short link never read while the database is down answers 503, not the home page of a link that does not exist', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      db.mode = 'all';
      const res = await t.app.inject({ method: 'GET', url: '/r/jamaislu' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    } finally {
      db.mode = 'ok';
      stderr.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/r/jamaislu' })).headers.location).toBe('/home');
  });

  it('a bug is a 500 that says its request id, logged under it', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      db.mode = 'bug';
      const res = await t.app.inject({ method: 'GET', url: '/api/events?limit=3' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.message).toBe('Erreur interne du serveur.');
      expect(res.headers['x-request-id']).toBe(body.requestId);
      expect(logged(stderr)).toContain(body.requestId);
      expect(logged(stderr)).toContain('Cannot read properties of undefined');
    } finally {
      db.mode = 'ok';
      stderr.mockRestore();
    }
  });
});
