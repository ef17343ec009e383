import type { Db, Row } from '../db/database';
import { CHANGES_CHANNEL, type ChangeBus } from '../db/notifications';

/** A process's bus in `sharedChangeBus`: its LISTEN may be dropped and heard again by hand. */
export interface TestBus {
  bus: ChangeBus;
  /** Whether it listens; `drop()` stops and tells its reset handlers, `listen()` starts again. */
  drop(): void;
  listen(): void;
}

/**
 * Processes sharing one database, joined by hand where PGlite has no LISTEN across connections:
 * `db` is the database as every process writes to it, and a NOTIFY on CHANGES_CHANNEL made through
 * it (in a statement of its own or within a write) reaches the other processes' handlers once
 * committed, as PostgreSQL delivers it.
 */
export function sharedChangeBus(database: Db): { db: Db; bus(node: string): TestBus } {
  const handlers: Array<{ node: string; topic: string; handler: (id: string) => void }> = [];
  const deliver = (payload: string) => {
    const [from, topic, ...rest] = payload.split(':');
    for (const h of handlers) if (h.node !== from && h.topic === topic) h.handler(rest.join(':'));
  };
  const notified = (params: unknown[] | undefined): string | null => {
    const at = params?.indexOf(CHANGES_CHANNEL) ?? -1;
    return at >= 0 ? String(params![at + 1]) : null;
  };
  /** The database, its NOTIFYs delivered at once, or at the commit of the transaction collecting them in `pending`. */
  const through = (inner: Db, pending: string[] | null): Db => ({
    kind: inner.kind,
    close: () => inner.close(),
    async query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]> {
      const rows = await inner.query<T>(text, params);
      const told = notified(params);
      if (told && pending) pending.push(told);
      else if (told) deliver(told);
      return rows;
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (pending) return inner.transaction((tx) => fn(through(tx, pending)));
      const mine: string[] = [];
      const result = await inner.transaction((tx) => fn(through(tx, mine)));
      mine.forEach(deliver);
      return result;
    },
  });
  const db = through(database, null);
  return {
    db,
    bus(node) {
      let listening = true;
      const resets: Array<() => void> = [];
      const bus = {
        channel: CHANGES_CHANNEL,
        get listening() {
          return listening;
        },
        on: (topic: string, handler: (id: string) => void) => void handlers.push({ node, topic, handler }),
        onReset: (handler: () => void) => void resets.push(handler),
        payload: (topic: string, id = '') => `${node}:${topic}:${id}`,
        publish: async (topic: string, id = '', on: Db = db) => void (await on.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${node}:${topic}:${id}`])),
      };
      return {
        // The members of ChangeBus the live games use, without its PostgreSQL connection.
        bus: bus as unknown as ChangeBus,
        drop() {
          listening = false;
          resets.forEach((reset) => reset());
        },
        listen() {
          listening = true;
          resets.forEach((reset) => reset());
        },
      };
    },
  };
}
