import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb } from '../testing/test-app';
import { PostgresDb } from './open-database';
import type { Db } from './database';
import { ChangeBus, COALESCE_MS } from './notifications';

// The bus between server processes on one PostgreSQL (SORTIE_TEST_DATABASE_URL, CI).
describe.skipIf(!BACKENDS.includes('postgres'))('ChangeBus', () => {
  let db: Db;
  let a: ChangeBus;
  let b: ChangeBus;
  const heard: Array<[string, string]> = [];
  const mine: string[] = [];

  beforeAll(async () => {
    db = await openTestDb('postgres');
    const { options } = (db as PostgresDb).pool;
    a = new ChangeBus(db, options, { log: () => undefined });
    b = new ChangeBus(db, options, { log: () => undefined });
    a.on('links', (id) => mine.push(id));
    b.on('links', (id) => heard.push(['links', id]));
    b.on('tournament', (id) => heard.push(['tournament', id]));
    const deadline = Date.now() + 5000;
    while (!(a.listening && b.listening) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('delivers a change to the other processes, by topic, never back to its sender', async () => {
    await a.publish('tournament', 'abc:def');
    await a.publish('links');
    await expect.poll(() => heard).toEqual([
      ['tournament', 'abc:def'],
      ['links', ''],
    ]);
    expect(mine).toEqual([]);
  });

  it('delivers a change made in a transaction at its commit only', async () => {
    heard.length = 0;
    await expect(
      db.transaction(async (tx) => {
        await a.publish('tournament', 'rolled-back', tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction((tx) => a.publish('tournament', 'committed', tx));
    await expect.poll(() => heard).toEqual([['tournament', 'committed']]);
  });

  it('sends a burst of writes as two notifications: the first at once, one after it', async () => {
    heard.length = 0;
    for (let i = 0; i < 20; i += 1) a.publishSoon('links');
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 3));
    expect(heard).toEqual([
      ['links', ''],
      ['links', ''],
    ]);
  });
});
