import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchDatabase } from '../testing/test-app';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseOptions } from './open-database';
import { MigrationError } from './migrations';

const work = mkdtempSync(join(tmpdir(), 'sortie-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The real migrations plus two more: one that works, then one that fails halfway. */
function brokenFolder(): string {
  const folder = mkdtempSync(join(work, 'drizzle-'));
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

/** Migrates, fails with the broken folder, and checks that the database is as it was. */
async function failingUpgrade(options: DatabaseOptions, folder: string): Promise<void> {
  const db = await openDatabase(options);
  const [{ n: applied }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')) as [{ n: number }];
  await db.close();

  const failure = await openDatabase({ ...options, migrationsFolder: folder }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(MigrationError);
  expect((failure as Error).message).toMatch(/La migration 9999_broken\.sql a échoué : .*no_such_table/);
  expect((failure as Error).message).toMatch(/la base est restée telle qu’avant ce démarrage/);

  const after = await openDatabase(options);
  try {
    expect(await after.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([{ n: applied }]);
    // Neither the migration before it in the batch nor the failing one's first statement stayed.
    expect(await after.query(`SELECT to_regclass('upgrade_probe') AS t`)).toEqual([{ t: null }]);
    expect(await after.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`)).toEqual([]);
  } finally {
    await after.close();
  }
}

describe('migrations at start', () => {
  it('apply in one transaction: a failing one leaves the embedded database as it was, with a message naming it', async () => {
    await failingUpgrade({ dataDir: join(work, 'data') }, brokenFolder());
    // Three starts of the embedded database, the first creating it: slow on a busy machine.
  }, 240_000);

  it.runIf(process.env.SORTIE_TEST_DATABASE_URL)('do the same on PostgreSQL, under the nodes\' advisory lock', async () => {
    await failingUpgrade({ databaseUrl: await scratchDatabase('sortie_migrations') }, brokenFolder());
  }, 120_000);
});
