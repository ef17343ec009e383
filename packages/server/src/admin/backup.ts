import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { DataDirLock, LOCK_FILE } from '../db/data-lock';
import { startEmbeddedPostgres } from '../db/embedded/embedded-postgres';
import { PGLITE_EXTENSIONS } from '../db/open-database';

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** The embedded database's process's answer to `dump` (db/embedded/pglite-process.mjs). */
const DumpReply = z.object({ ok: z.boolean(), bytes: z.number().optional(), message: z.string().optional() });

/** Asks the embedded database's process for a copy of its folder (protocol: db/embedded/pglite-process.mjs). */
function requestDump(control: string, path: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect(control);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ type: 'dump', path })}\n`));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', (error) => reject(new BackupError(`La base embarquée ne répond pas (${error.message}).`)));
    socket.on('end', () => {
      try {
        const reply = DumpReply.parse(JSON.parse(answer));
        if (reply.ok) resolvePromise(reply.bytes ?? 0);
        else reject(new BackupError(`La sauvegarde a échoué : ${reply.message}`));
      } catch {
        reject(new BackupError('La base embarquée a répondu de façon inattendue.'));
      }
    });
  });
}

/**
 * `sortie-admin backup <file>`: a gzipped tarball of the embedded data folder, taken by the
 * database's own process — the running server's when one holds the folder (no stop needed),
 * else one started for the copy. PGlite copies the folder between two statements: the backup
 * holds every transaction committed before it, as PostgreSQL would find them after a crash.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number; live: boolean }> {
  const target = resolve(file);
  if (existsSync(target) && statSync(target).isDirectory()) throw new BackupError(`${target} est un dossier : donnez le nom du fichier de sauvegarde (par exemple sortie-$(date +%F).tar.gz).`);
  const holder = DataDirLock.holder(dataDir);
  if (holder) {
    if (!holder.control) throw new BackupError(`Le processus ${holder.pid} qui utilise ${dataDir} n’accepte pas de sauvegarde à chaud (version antérieure, ou autre machine) : arrêtez-le, puis relancez la sauvegarde.`);
    return { bytes: await requestDump(holder.control, target), live: true };
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`Aucune base de données dans ${dataDir} (SORTIE_DATA_DIR ou --data).`);
  const embedded = await startEmbeddedPostgres(dataDir, { maintenancePeriodMs: 0 });
  try {
    return { bytes: await requestDump(embedded.control, target), live: false };
  } finally {
    await embedded.stop();
  }
}

/** Rows of every table of the public schema, by table: what a restore reports, and the test compares. */
export async function countRows(db: PGlite): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name.replaceAll('"', '""')}"`);
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * `sortie-admin restore <file> --data <folder>`: the backup unpacked into an empty (or absent)
 * folder, never over an existing database. The folder is locked meanwhile, so a server cannot
 * start on a half-restored database; the lock file the backup carries (the source server's) is
 * dropped. Answers the rows found in each table.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<Record<string, number>> {
  const source = resolve(file);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new BackupError(`Le dossier ${dataDir} n’est pas vide : la restauration ne remplace jamais une base. Donnez un dossier vide ou absent.`);
  if (!existsSync(source)) throw new BackupError(`Fichier de sauvegarde introuvable : ${source}`);
  mkdirSync(dataDir, { recursive: true });
  const lock = DataDirLock.acquire(dataDir);
  try {
    let db: PGlite;
    try {
      db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(source)]), extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      // Left as found: empty.
      for (const name of readdirSync(dataDir)) if (name !== LOCK_FILE) rmSync(join(dataDir, name), { recursive: true, force: true });
      throw new BackupError(`Ce fichier n’est pas une sauvegarde lisible de Sortie (${error instanceof Error ? error.message : String(error)}).`);
    }
    try {
      return await countRows(db);
    } finally {
      await db.close();
    }
  } finally {
    // The unpacked folder carries the lock of the server it was copied from: ours replaces it.
    rmSync(join(dataDir, LOCK_FILE), { force: true });
    rmSync(join(dataDir, `${LOCK_FILE}.takeover`), { force: true });
    lock.release();
  }
}
