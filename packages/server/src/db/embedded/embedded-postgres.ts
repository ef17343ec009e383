import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLock, TEMP_DIR_PREFIX } from '../data-lock';
import { SERVER_PATHS } from '../../runtime-paths';

const CHILD = SERVER_PATHS.pgliteProcess;
/** The port only names the socket file (`.s.PGSQL.<port>`), as libpq and `pg` expect. */
const SOCKET_PORT = 5432;
const START_TIMEOUT_MS = 60_000;
/** The child's control socket, beside the database's: `sortie-admin backup` asks it for a copy (admin/backup.ts). */
export const CONTROL_SOCKET = 'control.sock';
const STOP_TIMEOUT_MS = 15_000;
/**
 * PGlite's page cache (PostgreSQL's `shared_buffers`), 128 MB by default. A page the cache does
 * not hold is a read through PGlite's file system, in its one thread: at 100,000 events (a
 * 156 MB table, 250 MB in all) a search's random reads missed it, and 4 searches at once
 * measured 133–141 req/s with a p95 of 38–40 ms; with 512 MB, 208–212 req/s and 25 ms. The
 * memory is taken only as pages are read: a small database stays small.
 */
export const EMBEDDED_SHARED_BUFFERS = '512MB';

/** Where `pg` reaches the embedded database, and how to stop it. */
export interface EmbeddedPostgres {
  connection: { host: string; port: number; user: string; database: string };
  /** The child's control socket (a copy of the data folder on request: admin/backup.ts). */
  control: string;
  /** The child's process id. */
  pid: number;
  /** Calls back after each periodic VACUUM (ANALYZE). */
  onMaintained(listener: (at: string) => void): void;
  stop(): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {
  readonly code = 'embedded_database_failed';
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error(`La base embarquée (PGlite) ne s’est pas fermée en ${ms / 1000} s : arrêtée de force, elle se réparera au prochain démarrage.`);
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function ready(child: ChildProcess): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new EmbeddedDatabaseError('La base embarquée (PGlite) ne démarre pas : délai dépassé.')), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new EmbeddedDatabaseError(`La base embarquée (PGlite) s’est arrêtée au démarrage (code ${code}).`)));
    child.on('message', (message: { type?: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'failed') reject(new EmbeddedDatabaseError(`La base embarquée (PGlite) ne s’ouvre pas : ${message.message}`));
    });
    child.once('error', reject);
  }).finally(() => {
    clearTimeout(timer);
    child.removeAllListeners('exit');
  });
}

/**
 * Starts PGlite on `dataDir` in a child process that speaks the PostgreSQL protocol on a
 * private Unix socket. The data folder is locked first: a second server on the same folder
 * fails here, before anything is opened.
 */
/** How often the embedded database is vacuumed and analysed (it has no autovacuum): 6 hours. */
export const MAINTENANCE_PERIOD_MS = 6 * 3600_000;

export async function startEmbeddedPostgres(dataDir: string, options: { maintenancePeriodMs?: number } = {}): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const lock = DataDirLock.acquire(dataDir);
  // Unix socket paths are limited to ~100 bytes: the socket lives in a short temporary folder,
  // named in the lock so that the next server on this folder removes it if this one is killed.
  const socketDir = mkdtempSync(join(tmpdir(), TEMP_DIR_PREFIX));
  // The lock removes the folder it names when it is released, whatever ends the process.
  const cleanUp = () => lock.release();
  try {
    lock.recordTempDir(socketDir);
  } catch (error) {
    cleanUp();
    throw error;
  }
  let child: ChildProcess;
  try {
    child = fork(CHILD, [dataDir, join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), String(options.maintenancePeriodMs ?? MAINTENANCE_PERIOD_MS), join(socketDir, CONTROL_SOCKET), EMBEDDED_SHARED_BUFFERS], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  } catch (error) {
    cleanUp();
    throw error;
  }
  try {
    lock.recordChild(child.pid, join(socketDir, CONTROL_SOCKET));
    await ready(child);
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`La base embarquée (PGlite) s’est arrêtée (${signal ?? `code ${code}`}) : les requêtes échoueront jusqu’au redémarrage du serveur.`);
  });
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    control: join(socketDir, CONTROL_SOCKET),
    pid: child.pid!,
    onMaintained(listener) {
      child.on('message', (message: { type?: string; at?: string }) => {
        if (message.type === 'maintained' && message.at) listener(message.at);
      });
    },
    stop() {
      stopping ??= (async () => {
        if (child.connected) child.send({ type: 'close' });
        await waitForExit(child, STOP_TIMEOUT_MS);
        cleanUp();
      })();
      return stopping;
    },
  };
}
