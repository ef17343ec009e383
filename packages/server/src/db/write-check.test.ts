import { describe, expect, it } from 'vitest';
import { Availability } from './availability';
import type { Db, Row } from './database';
import { WriteCheck } from './write-check';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** A database whose disk can be filled and freed, and whose role may lack the TEMP privilege. */
class DiskDb implements Db {
  readonly kind = 'pglite';
  full = false;
  noTempPrivilege = false;
  statements: string[] = [];
  constructor(readonly availability: Availability) {}
  async query<T extends Row = Row>(text: string): Promise<T[]> {
    return this.availability.run(async () => {
      this.statements.push(text);
      if (text.startsWith('CREATE TEMP') && this.noTempPrivilege) throw pgError('42501', 'permission denied to create temporary tables in database "sortie"');
      if (text.startsWith('INSERT') && this.full) throw pgError('53100', 'could not extend file "base/5/16384": No space left on device');
      return [] as T[];
    });
  }
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}

function setUp() {
  let now = 10_000;
  const lines: string[] = [];
  const availability = new Availability({ now: () => now, log: (line) => lines.push(line) });
  const db = new DiskDb(availability);
  const check = new WriteCheck(db, { okMs: 1000, failedMs: 250, now: () => now, log: (line) => lines.push(line) });
  return { db, check, lines, availability, advance: (ms: number) => (now += ms), writes: () => db.statements.filter((s) => s.startsWith('INSERT')).length };
}

describe('WriteCheck: whether /api/ready may say the node can write', () => {
  it('writes to find out, reuses a good verdict for a second, and says not writable while the disk is full', async () => {
    const { db, check, advance, writes } = setUp();
    expect(await check.check()).toBeNull();
    expect(writes()).toBe(1);
    advance(500);
    expect(await check.check()).toBeNull();
    expect(writes()).toBe(1); // within okMs: no second write

    db.full = true;
    advance(600);
    const failure = await check.check();
    expect(failure).not.toBeNull();
    expect(writes()).toBe(2);
    // A failing verdict holds 250 ms: a flood of /api/ready cannot become a flood of writes.
    advance(100);
    expect(await check.check()).toBe(failure);
    expect(writes()).toBe(2);

    db.full = false;
    advance(200);
    expect(await check.check()).toBeNull();
    expect(writes()).toBe(3);
  });

  it('a write refused to a request makes the next check write at once, and a check that writes clears the refusal', async () => {
    const { db, check, availability, advance, writes, lines } = setUp();
    expect(await check.check()).toBeNull();
    db.full = true;
    // A request's write, 100 ms after a good verdict: the disk is full.
    advance(100);
    await expect(db.query('INSERT INTO users VALUES (1)')).rejects.toMatchObject({ statusCode: 503 });
    expect(availability.refusing).toBe(true);
    expect(await check.check()).not.toBeNull();
    expect(writes()).toBe(3);
    expect(lines.filter((line) => line.includes('impossible'))).toHaveLength(1); // one line for the outage, not one per request

    db.full = false;
    advance(300);
    expect(await check.check()).toBeNull();
    expect(availability.refusing).toBe(false);
    expect(lines.at(-1)).toContain('écriture de nouveau possible');
  });

  it('concurrent checks share one write', async () => {
    const { check, writes } = setUp();
    const verdicts = await Promise.all([check.check(), check.check(), check.check()]);
    expect(verdicts).toEqual([null, null, null]);
    expect(writes()).toBe(1);
  });

  it('a role that may not create a temporary table: only the connection is checked, and the operator is told once', async () => {
    const { db, check, advance, lines } = setUp();
    db.noTempPrivilege = true;
    expect(await check.check()).toBeNull();
    advance(2000);
    expect(await check.check()).toBeNull();
    expect(db.statements.filter((s) => s === 'SELECT 1')).toHaveLength(2);
    expect(lines.filter((line) => line.includes('seule la connexion est vérifiée'))).toHaveLength(1);
  });
});
