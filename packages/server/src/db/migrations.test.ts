import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './database';
import { MigrationError } from './migrations';

const work = mkdtempSync(join(tmpdir(), 'sortie-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The real migrations plus two more: one that works, then one that fails halfway. */
function brokenFolder(): string {
  const folder = join(work, 'drizzle');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };
  const last = journal.entries.at(-1)!;
  const add = (tag: string, sql: string, offset: number) => {
    writeFileSync(join(folder, `${tag}.sql`), sql);
    journal.entries.push({ ...last, idx: last.idx + offset, when: last.when + offset, tag });
  };
  add('9998_fine', 'CREATE TABLE upgrade_probe (id int PRIMARY KEY);', 1);
  add('9999_broken', 'ALTER TABLE users ADD COLUMN nickname text;\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x int;', 2);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migrations at start', () => {
  it('apply in one transaction: a failing one leaves the database as it was, with a message naming it', async () => {
    const dataDir = join(work, 'data');
    const db = await openDatabase({ dataDir });
    const [{ n: applied }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')) as [{ n: number }];
    await db.close();

    const failure = await openDatabase({ dataDir, migrationsFolder: brokenFolder() }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/La migration 9999_broken\.sql a échoué : .*no_such_table/);
    expect((failure as Error).message).toMatch(/la base est restée telle qu’avant ce démarrage/);

    const after = await openDatabase({ dataDir });
    try {
      expect(await after.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([{ n: applied }]);
      // Neither the migration before it in the batch nor the failing one's first statement stayed.
      expect(await after.query(`SELECT to_regclass('upgrade_probe') AS t`)).toEqual([{ t: null }]);
      expect(await after.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`)).toEqual([]);
    } finally {
      await after.close();
    }
    // Three starts of the embedded database, the first creating it: slow on a busy machine.
  }, 240_000);
});
