import pg from 'pg';
import type { Db } from '../db/database';

/** The PostgreSQL channel on which a server process says "tournament {id} changed". */
export const TOURNAMENT_CHANNEL = 'sortie_tournaments';
/** Wait before listening again after the connection dropped. */
export const RELISTEN_DELAY_MS = 1000;

/*
 * How the server processes sharing one PostgreSQL tell each other that a tournament changed, so
 * that none answers `get` from a stale memory copy: NOTIFY in the writer's transaction (delivered
 * when it commits), LISTEN on a connection of its own. The embedded PGlite serves one process
 * through one connection: nothing to tell, and no connection to spare.
 */

/** Says that `tournamentId` changed, on `db` (inside a transaction: delivered at its commit). */
export async function notifyChange(db: Db, node: string, tournamentId: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [TOURNAMENT_CHANNEL, `${node}:${tournamentId}`]);
}

export interface ChangeListener {
  /** False while a change made elsewhere might go unheard (connecting, reconnecting, closed). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ChangeHandlers {
  /** Another process changed this tournament. */
  changed(tournamentId: string): void;
  /** Listening stopped or started again: changes may have been missed meanwhile. */
  reset(): void;
  log(message: string): void;
}

/** LISTEN on a connection of its own; reconnects after a drop. `node` names this process: its own notifications are ignored. */
export function listenForChanges(connection: pg.ClientConfig, node: string, handlers: ChangeHandlers): ChangeListener {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      const [from, id] = (message.payload ?? '').split(':');
      if (from !== node && id) handlers.changed(id);
    });
    next.on('error', (error) => {
      handlers.log(`Tournois : écoute des changements interrompue (${error.message}).`);
      drop(next);
    });
    next.on('end', () => drop(next));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${TOURNAMENT_CHANNEL}`);
    if (closed || client !== next) return;
    listening = true;
    handlers.reset();
  };
  const drop = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    if (listening) handlers.reset();
    listening = false;
    which.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      attempt();
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  const attempt = () => {
    const which = client;
    connect().catch((error: Error) => {
      handlers.log(`Tournois : écoute des changements impossible (${error.message}), nouvelle tentative.`);
      if (client && client !== which) drop(client);
      else schedule();
    });
  };

  attempt();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listening = false;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
