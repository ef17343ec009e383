import type { Availability } from './availability';

export type Row = Record<string, unknown>;

/**
 * The little the server needs from a database: parametrised queries and transactions.
 * Drizzle owns the schema and the migrations; queries are plain SQL so that PGlite and
 * node-postgres run exactly the same statements.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction; nested calls join the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** What the Db knows of its database's health (the real databases; a test's fake may have none). */
  readonly availability?: Availability;
}
