import { AppError } from '@sortie/core';
import { codeOf, isObject, messageOf } from '../unknown-value';

export const DATABASE_UNAVAILABLE_MESSAGE = 'Le service est momentanément indisponible : la base de données ne répond pas. Réessayez dans un instant.';

/** The database cannot answer now (restarting, unreachable, disk full): a 503 the client may retry. */
export class DatabaseUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super(DATABASE_UNAVAILABLE_MESSAGE, { code: 'DATABASE_UNAVAILABLE', statusCode: 503, cause });
  }
}

// The socket went or never came: the server is down, restarting or out of reach.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT', 'ECONNABORTED']);
// What node-postgres says when a connection ends under a query, or cannot be made in time.
const LOST_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended)/i;
// The server itself answering that it is going or not there yet (SQLSTATE): admin or crash
// shutdown, cannot connect now, and the whole "connection exception" class.
const LOST_STATES = /^(57P01|57P02|57P03|08...)$/;
// It answers but cannot write: insufficient resources (disk full, out of memory, too many
// connections), system errors (I/O, a file gone), a read-only standby mid-failover, a statement cancelled by its timeout.
const FAILING_STATES = /^(53...|58...|25006|57014)$/;
// PGlite in this process: its file system refuses (the data folder removed, the disk full).
const FAILING_MESSAGES = /(No space left on device|ENOSPC|EROFS|read-only file system|could not (write|extend|open|create|fsync) file|ErrnoError)/i;

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && isObject(current); depth += 1) {
    yield current;
    current = current.cause;
  }
}

/** The connection to the database is lost or cannot be made: worth waiting for, not worth hammering. */
export function isConnectionLost(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || LOST_STATES.test(code)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The database cannot serve this request now, whatever the request: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (FAILING_STATES.test(code)) return true;
    if (e.name === 'ErrnoError' || (typeof e.message === 'string' && FAILING_MESSAGES.test(e.message))) return true;
  }
  return false;
}

export interface AvailabilityOptions {
  /** While the database is known down, at most one query per this many ms tries it; the others fail at once. */
  retryMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * What a Db knows of its database's health. A query that finds the connection lost marks it
 * down: from then on, the requests that need it answer 503 at once instead of piling up on a
 * pool that cannot connect, and one query every `retryMs` tries again; the first that succeeds
 * marks it up. Errors that say the database cannot serve (disk full…) become a 503 too.
 */
export class Availability {
  private downSince: number | null = null;
  private refusedSince: number | null = null;
  private refusalCount = 0;
  private lastTry = 0;
  private lastError: unknown = null;
  private readonly retryMs: number;
  private readonly log: (line: string) => void;
  private readonly now: () => number;

  constructor(options: AvailabilityOptions = {}) {
    this.retryMs = options.retryMs ?? 250;
    this.log = options.log ?? ((line) => console.error(line));
    this.now = options.now ?? Date.now;
  }

  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** The database answered but refused to serve a request (disk full, I/O error, read-only) since the last write that succeeded. */
  get refusing(): boolean {
    return this.refusedSince !== null;
  }

  /** How many such refusals so far: a write check done before the last one is out of date. */
  get refusals(): number {
    return this.refusalCount;
  }

  /** Runs `fn` (a query or a transaction) unless the database is known down and was tried just now. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.downSince !== null) {
      const now = this.now();
      if (now - this.lastTry < this.retryMs) throw new DatabaseUnavailableError(this.lastError);
      this.lastTry = now;
    }
    let result: T;
    try {
      result = await fn();
    } catch (error) {
      throw this.failed(error);
    }
    this.succeeded();
    return result;
  }

  /** The error to throw for `error`: a DatabaseUnavailableError when the database is the cause. */
  failed(error: unknown): unknown {
    if (error instanceof DatabaseUnavailableError) return error;
    if (isConnectionLost(error)) {
      this.lastError = error;
      if (this.downSince === null) {
        this.downSince = this.now();
        this.lastTry = this.downSince;
        this.log(`Base de données injoignable (${describe(error)}) : les requêtes qui en ont besoin répondent 503 jusqu’à son retour.`);
      }
      return new DatabaseUnavailableError(error);
    }
    if (isDatabaseUnavailable(error)) {
      this.refusalCount += 1;
      if (this.refusedSince === null) {
        this.refusedSince = this.now();
        this.log(`Base de données : écriture ou lecture impossible (${describe(error)}) : les requêtes concernées répondent 503, et /api/ready aussi jusqu’à ce qu’une écriture réussisse.`);
      }
      return new DatabaseUnavailableError(error);
    }
    return error;
  }

  /** A write went through: the database writes again (after a full disk was freed…). */
  wrote(): void {
    if (this.refusedSince === null) return;
    const seconds = ((this.now() - this.refusedSince) / 1000).toFixed(1);
    this.refusedSince = null;
    this.log(`Base de données : écriture de nouveau possible (après ${seconds} s).`);
  }

  succeeded(): void {
    if (this.downSince === null) return;
    const seconds = ((this.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.lastError = null;
    this.log(`Base de données de nouveau joignable (après ${seconds} s).`);
  }
}

const describe = (error: unknown): string => {
  const message = messageOf(error);
  const code = codeOf(error);
  return code !== undefined ? `${code} : ${message}` : message;
};
