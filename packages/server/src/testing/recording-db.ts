import type { Db, Row } from '../db/database';

/** A statement as a Db was asked to run it. */
export interface SentStatement {
  text: string;
  params: unknown[];
  /** The prepared statement's name, when it was sent as one. */
  prepared?: string;
}

/** The database, recording each statement sent outside a transaction: what a plan guard explains. */
export function recording(db: Db, statements: SentStatement[]): Db {
  return {
    kind: db.kind,
    query: <T extends Row = Row>(text: string, params: unknown[] = [], prepared?: string) => {
      statements.push({ text, params, ...(prepared ? { prepared } : {}) });
      return db.query<T>(text, params, prepared);
    },
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    availability: db.availability,
  };
}
