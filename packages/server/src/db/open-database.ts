// Opening the database: PostgreSQL, the embedded PGlite in its own process, or PGlite in memory
// (tests). Apart from what a database is (database.ts's Db), which most of the server imports.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { startEmbeddedPostgres } from './embedded/embedded-postgres';
import { SERVER_PATHS } from '../runtime-paths';
import { migrateOrExplain } from './migrations';
import { Availability } from './availability';
import type { Db, Row } from './database';

export const MIGRATIONS_FOLDER = SERVER_PATHS.migrations;
/** The server's connections to the embedded database's process (which accepts one more, for a replacement). */
export const EMBEDDED_CONNECTIONS = 2;
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

export class PgliteDb implements Db {
  readonly kind = 'pglite';
  /** A write the file system refuses (disk full, data folder removed) is a 503 and a log line. */
  readonly availability: Availability;
  constructor(
    readonly client: PGlite,
    private readonly inTx = false,
    availability?: Availability,
    /** What queries run on: the database, or the transaction under way. */
    private readonly runner: PGlite | Transaction = client,
  ) {
    this.availability = availability ?? new Availability();
  }

  async query<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    try {
      const { rows } = await this.runner.query<T>(text, params);
      this.availability.succeeded();
      return rows;
    } catch (error) {
      throw this.availability.failed(error);
    }
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTx) return fn(this);
    try {
      return await this.client.transaction((tx) => fn(new PgliteDb(this.client, true, this.availability, tx)));
    } catch (error) {
      throw this.availability.failed(error);
    }
  }

  async close(): Promise<void> {
    if (!this.inTx && !this.client.closed) await this.client.close();
  }
}

/** A query for pg: named when prepared (parsed and planned once a connection), else plain. */
const pgQuery = (text: string, values: unknown[], prepared?: string): pg.QueryConfig => (prepared ? { name: prepared, text, values } : { text, values });

/**
 * The embedded database has one session for all its connections (pglite-process.mjs), and a
 * statement prepared by one would be there for the other, which pg does not know of: preparing
 * it again would fail. Each connection names its statements with a suffix of its own.
 */
const connectionSuffixes = new WeakMap<pg.ClientBase, string>();
let connectionsNamed = 0;
const sessionSharedName = (client: pg.ClientBase, prepared: string): string => {
  let suffix = connectionSuffixes.get(client);
  if (!suffix) connectionSuffixes.set(client, (suffix = `_c${(connectionsNamed += 1)}`));
  return `${prepared}${suffix}`;
};

/** An error the database answered (it has a SQLSTATE code): its connection is still good. */
const answeredByDatabase = (error: unknown): boolean => error instanceof pg.DatabaseError;

class PgClientDb implements Db {
  constructor(
    private readonly client: pg.PoolClient,
    readonly kind: 'pglite' | 'postgres',
  ) {}
  async query<T extends Row = Row>(text: string, params: unknown[] = [], prepared?: string): Promise<T[]> {
    const name = prepared && this.kind === 'pglite' ? sessionSharedName(this.client, prepared) : prepared;
    return (await this.client.query<T>(pgQuery(text, params, name))).rows;
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}

export class PostgresDb implements Db {
  /** Known down after a lost connection: requests then answer 503 at once, one query a while trying again. */
  readonly availability: Availability;

  constructor(
    readonly pool: pg.Pool,
    readonly kind: 'pglite' | 'postgres' = 'postgres',
    private readonly onClose: () => Promise<void> = async () => undefined,
    availability?: Availability,
    /** The embedded database's data folder (its process's); none for PostgreSQL. */
    readonly dataDir?: string,
  ) {
    this.availability = availability ?? new Availability();
    // A connection dropped (the database restarting: `terminating connection due to administrator
    // command`): pg emits it on the pool for an idle client, on the client itself for one checked
    // out between two statements; an unheard 'error' would end the process. The pool opens a new
    // connection on next use, and the query that finds it gone marks the database down.
    pool.on('error', (error) => this.availability.failed(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => this.availability.failed(error));
    });
  }

  async query<T extends Row = Row>(text: string, params: unknown[] = [], prepared?: string): Promise<T[]> {
    if (!prepared || this.kind === 'postgres') return this.availability.run(async () => (await this.pool.query<T>(pgQuery(text, params, prepared))).rows);
    return this.availability.run(async () => {
      const client = await this.pool.connect();
      let failed: unknown = undefined;
      try {
        return (await client.query<T>(pgQuery(text, params, sessionSharedName(client, prepared)))).rows;
      } catch (error) {
        failed = error;
        throw error;
      } finally {
        // As pool.query does, a connection that failed is not handed on; one whose statement the
        // database refused is (a forged cursor would otherwise cost a connection and its statements).
        client.release(failed instanceof Error && !answeredByDatabase(failed) ? failed : undefined);
      }
    });
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.availability.run(async () => {
      const client = await this.pool.connect();
      let broken: unknown = undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(new PgClientDb(client, this.kind));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: unknown) => {
          broken = rollback;
        });
        throw error;
      } finally {
        // A connection that could not even roll back is not handed to the next request.
        client.release(broken instanceof Error ? broken : undefined);
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
    await this.onClose();
  }
}

/** A connection that cannot be made in a second fails (a 503), rather than hold the request. */
export const CONNECT_TIMEOUT_MS = 1000;

/**
 * Each connection of the pool gives up connecting after CONNECT_TIMEOUT_MS and keeps its socket
 * alive (a database gone without a word is noticed). The wait for a free connection of a busy
 * pool is not bounded: load is not an outage.
 */
class ResilientClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  }
}
const RESILIENT_POOL = { Client: ResilientClient } satisfies pg.PoolConfig;

export interface DatabaseOptions {
  /** node-postgres connection string; PGlite when absent. */
  databaseUrl?: string;
  /** PGlite data folder (in a child process); in memory, in this process, when absent. */
  dataDir?: string;
  /** A PGlite data folder dumped by `dumpDataDir` (tests load one prepared database). */
  loadDataDir?: Blob | File;
  /** The SQL migrations (drizzle/ unless a test injects another folder). */
  migrationsFolder?: string;
}

/**
 * Opens the database and applies the migrations (idempotent).
 * - `databaseUrl`: PostgreSQL through `pg`.
 * - `dataDir`: the embedded default. PGlite runs in a child process of its own, reached through
 *   the same `pg` driver over a Unix socket: the server's event loop never runs a query, and
 *   the code path is the one PostgreSQL takes. The folder is locked (one server per folder).
 * - neither: PGlite in memory, in this process (tests, from a dumped data folder).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...RESILIENT_POOL });
    try {
      await migrateOnce(pool, options.migrationsFolder ?? MIGRATIONS_FOLDER);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresDb(pool);
  }
  if (options.dataDir) {
    const embedded = await startEmbeddedPostgres(options.dataDir);
    // Two connections to PGlite's one session. It runs one statement at a time, but the second
    // connection's waits in its process, sent: it runs as soon as the first ends, where with one
    // connection it waited for this process to read the first's answer and send it (issue 34: the
    // city feed read afresh by 32 clients, 3,200–4,200 answers a second with one connection,
    // 3,800–4,800 with two). Its process keeps a query's messages together, and a transaction's
    // statements (pglite-process.mjs); each connection names its prepared statements (sessionSharedName).
    const pool = new pg.Pool({
      ...embedded.connection,
      max: EMBEDDED_CONNECTIONS,
      idleTimeoutMillis: 0,
      ...RESILIENT_POOL,
    });
    try {
      const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
      await migrateOrExplain(migrationsFolder, () => migratePg(drizzlePg(pool), { migrationsFolder }));
      return new PostgresDb(pool, 'pglite', () => embedded.stop(), undefined, options.dataDir);
    } catch (error) {
      // The pool first: its idle connection would otherwise see the database go and throw unheard.
      await pool.end().catch(() => undefined);
      await embedded.stop();
      throw error;
    }
  }
  const client = await PGlite.create({
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  try {
    await migrateOrExplain(migrationsFolder, () => migratePglite(drizzlePglite(client), { migrationsFolder }));
  } catch (error) {
    await client.close();
    throw error;
  }
  return new PgliteDb(client);
}

/** Any number; the same in every Sortie process: the advisory lock held while one migrates. */
const MIGRATION_LOCK = 7_240_518_018;

/**
 * Applies the migrations under an advisory lock: the nodes of a cluster, started together on a
 * fresh database or after an upgrade, migrate one after the other (the first applies, the others
 * find nothing to do) instead of racing to create the same tables.
 */
async function migrateOnce(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateOrExplain(migrationsFolder, () => migratePg(drizzlePg(client), { migrationsFolder }));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
