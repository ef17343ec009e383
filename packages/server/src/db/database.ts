export type Row = Record<string, unknown>;

/**
 * What a Db tells of its database's health: availability.ts's Availability, as the write check
 * reads it. Named here so that the files that only name a Db import nothing more.
 */
export interface DbHealth {
  readonly isDown: boolean;
  /** Refusals (disk full, I/O error, read-only) so far: a write check done before the last one is out of date. */
  readonly refusals: number;
  /** A write went through: the database takes writes again. */
  wrote(): void;
}

/**
 * The little the server needs from a database: parametrised queries and transactions.
 * Drizzle owns the schema and the migrations; queries are plain SQL so that PGlite and
 * node-postgres run exactly the same statements.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /**
   * `prepared`: the statement's name, for one run very often with the same text (a short link's
   * visits): each connection then parses and plans it once rather than at every run (measured
   * on the embedded database: 0.8 ms instead of 2.2 for 32 visits). Ignored by in-memory PGlite.
   */
  query<T extends Row = Row>(text: string, params?: unknown[], prepared?: string): Promise<T[]>;
  /** Runs fn in one transaction; nested calls join the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** What the Db knows of its database's health (the real databases; a test's fake may have none). */
  readonly availability?: DbHealth;
}
