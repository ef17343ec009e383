import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, PostgresDb } from '../open-database';

const dataDir = mkdtempSync(join(tmpdir(), 'sortie-prepared-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('prepared statements on the embedded database', () => {
  it('are prepared again on a new connection, the session having kept the last one’s, with no query racing its setup', async () => {
    const warnings: string[] = [];
    const warn = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warn);
    const db = await openDatabase({ dataDir });
    try {
      expect(db).toBeInstanceOf(PostgresDb);
      const ask = () => db.query<{ n: number }>('SELECT $1::int + 1 AS n', [41], 'sortie_test_answer');
      expect((await ask())[0]!.n).toBe(42);
      // The pool's one connection dropped (a restart of the socket, an error): the next query opens another.
      const client = await (db as PostgresDb).pool.connect();
      client.release(true);
      expect((await ask())[0]!.n).toBe(42);
      // pg warns when a client is given a query while it runs another (its setup's): pg 9 will throw.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', warn);
      await db.close();
    }
  });
});
