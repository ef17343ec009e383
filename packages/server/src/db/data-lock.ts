import { closeSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { codeOf } from '../unknown-value';

/** A second server (or demo:reset, seed:volume) on a data folder that one already uses. */
export class DataDirInUseError extends Error {
  readonly code = 'data_dir_in_use';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus Sortie (pid ${pid}). ` +
        'Arrêtez-le avant de relancer, ou choisissez un autre dossier avec SORTIE_DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

const LockOwnerSchema = z.object({
  pid: z.number(),
  /** The PGlite child process, which may outlive its parent for the few ms it takes to close the files. */
  childPid: z.number().optional(),
  /** The embedded database's control socket (sortie-admin backup reaches the running database there). */
  control: z.string().optional(),
  /** The temporary folder of the database's sockets (/tmp/sortie-pg-…), removed by whoever takes over a stale lock. */
  tempDir: z.string().optional(),
  host: z.string(),
  command: z.string(),
  since: z.string(),
});
type LockOwner = z.infer<typeof LockOwnerSchema>;

export const LOCK_FILE = 'sortie.lock';
const TAKEOVER_FILE = 'sortie.lock.takeover';
/** A takeover marker older than this was left by a process killed mid-takeover. */
const TAKEOVER_STALE_MS = 5000;
const CHILD_EXIT_WAIT_MS = 5000;

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return codeOf(error) === 'EPERM';
  }
}

/** Blocks (start-up only) until the condition holds or the time is up. */
function waitUntil(done: () => boolean, ms: number): void {
  const until = Date.now() + ms;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!done() && Date.now() < until) Atomics.wait(pause, 0, 0, 50);
}

function readOwner(path: string): LockOwner | null {
  try {
    return LockOwnerSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null; // missing, or half-written by a process killed while writing it (or not a lock of ours)
  }
}

/** Creates the file only if it does not exist; false when it does. */
function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The folders a server makes for its embedded database's sockets: nothing else is ever removed. */
export const TEMP_DIR_PREFIX = 'sortie-pg-';

/** The temporary folder a dead owner left (an older lock names only its control socket, inside it). */
function leftTempDir(owner: LockOwner | null): string | null {
  const dir = owner?.tempDir ?? (owner?.control ? dirname(owner.control) : null);
  return dir && basename(dir).startsWith(TEMP_DIR_PREFIX) ? dir : null;
}

const removeQuietly = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
};

/**
 * One process per data folder: PGlite has no locking of its own, and two processes writing
 * the same files lose rows. The lock is a file naming its owner's pid; an owner that no longer
 * runs (killed with SIGKILL, the machine restarted) left a stale lock, which is taken over at
 * once rather than after a timeout. A pid is only meaningful on its own host: a lock from
 * another host is never taken over.
 */
export class DataDirLock {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(
    readonly dataDir: string,
    private readonly path: string,
    private owner: LockOwner,
  ) {
    process.once('exit', this.onExit);
  }

  static acquire(dataDir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
    const path = join(dataDir, LOCK_FILE);
    const owner: LockOwner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
    const content = JSON.stringify(owner);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createExclusive(path, content)) return new DataDirLock(dataDir, path, owner);
      const current = readOwner(path);
      // An owner killed with SIGKILL leaves its database process a moment to close the files.
      if (current && current.host === owner.host && !alive(current.pid)) waitUntil(() => !alive(current.childPid), CHILD_EXIT_WAIT_MS);
      if (current && (current.host !== owner.host || alive(current.pid) || alive(current.childPid))) throw new DataDirInUseError(dataDir, current.pid);
      DataDirLock.takeOver(dataDir, path, current);
    }
    throw new DataDirInUseError(dataDir, readOwner(path)?.pid ?? 0);
  }

  /**
   * Removes a stale lock. Two processes may find the same stale lock: the takeover marker lets
   * only one of them remove it, so neither deletes the fresh lock the other has just written.
   */
  private static takeOver(dataDir: string, path: string, stale: LockOwner | null): void {
    const marker = join(dataDir, TAKEOVER_FILE);
    if (!createExclusive(marker, String(process.pid))) {
      const age = Date.now() - (statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > TAKEOVER_STALE_MS) removeQuietly(marker);
      return;
    }
    try {
      const again = readOwner(path);
      if (again?.pid === stale?.pid && again?.since === stale?.since) {
        removeQuietly(path);
        // Killed (SIGKILL, a forced stop), the owner and its database left their sockets' folder behind.
        const left = leftTempDir(stale);
        if (left) rmSync(left, { recursive: true, force: true });
      }
    } finally {
      removeQuietly(marker);
    }
  }

  /** Names the child process that holds the database files open, and its control socket. */
  recordChild(pid: number | undefined, control?: string): void {
    if (!pid) return;
    this.record({ childPid: pid, ...(control ? { control } : {}) });
  }

  /** Names the temporary folder made for the database's sockets, before anything is put in it. */
  recordTempDir(tempDir: string): void {
    this.record({ tempDir });
  }

  private record(fields: Partial<LockOwner>): void {
    if (this.released) return;
    this.owner = { ...this.owner, ...fields };
    const fd = openSync(this.path, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(this.owner));
    } finally {
      closeSync(fd);
    }
  }

  /** The live process holding the folder (on this host), or null when none does. */
  static holder(dataDir: string): LockOwner | null {
    const owner = readOwner(join(dataDir, LOCK_FILE));
    if (!owner || owner.host !== hostname()) return owner;
    return alive(owner.pid) ? owner : null;
  }

  /**
   * Gives the folder up, and removes the database's sockets folder it recorded: on a clean stop,
   * and on any other exit of the process too (a forced stop after its deadline), so that only a
   * killed process leaves one for the next owner to remove.
   */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    if (this.owner.tempDir) rmSync(this.owner.tempDir, { recursive: true, force: true });
    if (readOwner(this.path)?.pid === process.pid) removeQuietly(this.path);
  }
}
