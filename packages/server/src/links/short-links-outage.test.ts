import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db, Row } from '../db/database';
import { DatabaseUnavailableError } from '../db/availability';
import { agentsOfWrite } from '../testing/stored-visits';
import { ShortLinks, VISIT_RETRY_MAX_MS } from './short-links';

const LINK = { id: 'a'.repeat(24), url: 'https://exemple.fr/', data: {} };

/** A database holding one link, which can be taken down and brought back; it keeps what it was given. */
class FlakyDb implements Db {
  readonly kind = 'postgres' as const;
  down = false;
  /** Reads fail too (the database stopped, not only full). */
  readsDown = false;
  writes = 0;
  attempts = 0;
  stored: string[] = [];
  async query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    if (text.startsWith('SELECT id, url, data FROM dyna_links')) {
      if (this.readsDown) throw new DatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      return params[0] === 'code' ? [LINK as unknown as T] : [];
    }
    this.attempts += 1;
    if (this.down) throw new DatabaseUnavailableError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    this.writes += 1;
    // The rows as JSON, then the links and their new visits.
    expect(params).toHaveLength(3);
    this.stored.push(...agentsOfWrite(params));
    return [];
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}

describe('buffered short-link visits while the database is down', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are kept, tried again with a growing wait, and all written once it is back; the log says so', async () => {
    const db = new FlakyDb();
    const lines: string[] = [];
    const links = new ShortLinks(db, Date.now, (line) => lines.push(line));
    expect(await links.visit('code', 'ua-0')).toBe(LINK.url);
    await vi.advanceTimersByTimeAsync(0);
    // Alone, a visit is written at once (group commit, issue 34).
    expect(db.stored).toEqual(['ua-0']);
    db.down = true;
    const before = db.attempts;
    for (let i = 1; i < 50; i++) expect(await links.visit('code', `ua-${i}`)).toBe(LINK.url);
    await vi.advanceTimersByTimeAsync(250);
    // The first failure, then one try after 250 ms: not one per visit.
    expect(db.attempts - before).toBeLessThanOrEqual(2);
    expect(links.pendingCount).toBe(49);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\d+ visites en attente, la base de données ne les prend pas/);
    // Down for 10 s: a few tries (backoff, at most one every VISIT_RETRY_MAX_MS), not one per visit.
    for (let s = 0; s < 10; s++) {
      await links.visit('code', `ua-late-${s}`);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(db.attempts - before).toBeLessThanOrEqual(2 + 10);
    expect(db.attempts - before).toBeGreaterThanOrEqual(1 + Math.floor(10_000 / VISIT_RETRY_MAX_MS) - 1);
    expect(links.pendingCount).toBe(59);
    expect(lines).toHaveLength(1);

    db.down = false;
    await vi.advanceTimersByTimeAsync(VISIT_RETRY_MAX_MS);
    expect(links.pendingCount).toBe(0);
    expect(db.stored).toHaveLength(60);
    expect(new Set(db.stored).size).toBe(60);
    expect(lines[1]).toContain('répond de nouveau');
    // Back to the usual pace: a visit written at once.
    await links.visit('code', 'ua-after');
    await vi.advanceTimersByTimeAsync(0);
    expect(db.stored).toHaveLength(61);
  });

  it('bound their memory: past the limit a visitor still goes on, the visit is not counted, and the log says so once', async () => {
    const db = new FlakyDb();
    const lines: string[] = [];
    const links = new ShortLinks(db, Date.now, (line) => lines.push(line), 10);
    db.down = true;
    for (let i = 0; i < 15; i++) expect(await links.visit('code', `ua-${i}`)).toBe(LINK.url);
    expect(links.pendingCount).toBe(10);
    expect(links.droppedCount).toBe(5);
    expect(lines.filter((l) => l.includes('ne sont plus comptées'))).toHaveLength(1);
    db.down = false;
    await vi.advanceTimersByTimeAsync(VISIT_RETRY_MAX_MS);
    expect(db.stored).toHaveLength(10);
    expect(lines.at(-1)).toContain('5 visites n’ont pas pu être comptées');
  });

  it('closing waits a few seconds for a database that is restarting, and writes them', async () => {
    const db = new FlakyDb();
    const links = new ShortLinks(db, Date.now, () => undefined);
    db.down = true;
    for (let i = 0; i < 5; i++) await links.visit('code', `ua-${i}`);
    const closed = links.close();
    await vi.advanceTimersByTimeAsync(1000);
    db.down = false;
    await vi.advanceTimersByTimeAsync(VISIT_RETRY_MAX_MS);
    await closed;
    expect(db.stored).toHaveLength(5);
  });

  it('a link known before the change bus dropped its cache keeps redirecting while the database cannot be read; an unknown one is a 503', async () => {
    const db = new FlakyDb();
    const links = new ShortLinks(db, Date.now, () => undefined);
    expect(await links.visit('code', 'ua-0')).toBe(LINK.url);
    // The database restarting: the change bus loses its connection and the process forgets its copies.
    links.forget();
    db.down = true;
    db.readsDown = true;
    expect(await links.visit('code', 'ua-1')).toBe(LINK.url);
    await expect(links.visit('other', 'ua-2')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    db.down = false;
    db.readsDown = false;
    expect(await links.visit('code', 'ua-3')).toBe(LINK.url);
    await vi.advanceTimersByTimeAsync(VISIT_RETRY_MAX_MS);
    expect(db.stored).toEqual(['ua-0', 'ua-1', 'ua-3']);
    // A write here forgets the old copies too: never a link served from memory that this process changed.
    links.invalidate();
    db.readsDown = true;
    await expect(links.visit('code', 'ua-4')).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
