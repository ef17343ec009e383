import type { Db, Row } from '../db/database';

/** A statement as a Db was asked to run it. */
export interface SentStatement {
  text: string;
  params: unknown[];
}

/** The database, recording each statement sent outside a transaction: what a plan guard explains. */
export function recording(db: Db, statements: SentStatement[]): Db {
  return {
    kind: db.kind,
    query: <T extends Row = Row>(text: string, params: unknown[] = [], prepared?: string) => {
      statements.push({ text, params });
      return db.query<T>(text, params, prepared);
    },
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    availability: db.availability,
  };
}
