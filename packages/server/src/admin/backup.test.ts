import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/open-database';
import type { Db } from '../db/database';
import { loadDemo } from '../demo/load';
import { backupDataDir, BackupError, restoreDataDir } from './backup';

const work = mkdtempSync(join(tmpdir(), 'sortie-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TABLES = `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
/** Every row of every table, as one comparable text per table (row count and a digest of the sorted rows). */
async function contents(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { name } of (await query(TABLES)) as Array<{ name: string }>) {
    const [row] = await query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t`);
    out[name] = `${row!.n} ${row!.digest}`;
  }
  return out;
}

describe('sortie-admin backup and restore of the embedded data folder', () => {
  it('backs up while the server holds the folder, restores into an empty folder, and finds every row of every table', async () => {
    const source = join(work, 'source');
    const db: Db = await openDatabase({ dataDir: source });
    let before: Record<string, string>;
    try {
      await loadDemo(db, { password: 'sortie-demo', production: false });
      before = await contents((sql) => db.query(sql));
      // The folder is locked by this process, as by a running server: the copy goes through its database process.
      const file = join(work, 'sortie.tar.gz');
      const { live, bytes } = await backupDataDir(source, file);
      expect(live).toBe(true);
      expect(statSync(file).size).toBe(bytes);
      // Written after the backup: not in it.
      await db.query(`INSERT INTO settings (key, value) VALUES ('after-backup', 'x')`);
    } finally {
      await db.close();
    }

    const restored = join(work, 'restored');
    const counts = await restoreDataDir(join(work, 'sortie.tar.gz'), restored);
    expect(counts.users).toBeGreaterThan(0);
    expect(counts.events).toBeGreaterThan(0);

    const copy = await PGlite.create({ dataDir: restored, extensions: PGLITE_EXTENSIONS });
    try {
      const after = await contents(async (sql) => (await copy.query<Record<string, unknown>>(sql)).rows);
      expect(Object.keys(after).length).toBeGreaterThan(20);
      expect(after).toEqual(before);
    } finally {
      await copy.close();
    }
    // Three databases opened in turn (the first with its migrations and the demo): slow on a busy machine.
  }, 240_000);

  it('restores only into an empty folder, and says so', async () => {
    const full = join(work, 'full');
    mkdirSync(full, { recursive: true });
    writeFileSync(join(full, 'PG_VERSION'), '17');
    await expect(restoreDataDir(join(work, 'sortie.tar.gz'), full)).rejects.toThrow(/n’est pas vide/);
    await expect(restoreDataDir(join(work, 'absent.tar.gz'), join(work, 'other'))).rejects.toBeInstanceOf(BackupError);
  });
});
