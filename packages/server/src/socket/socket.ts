import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { PostgresDb } from '../db/open-database';
import { SOCKET_EVENTS } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { isStaff } from '../auth/user-roles';
import { TournamentRooms } from '../tournaments/tournament-rooms';
import { attachBlindTests } from '../blind-tests/blind-test-socket';
import { awardTournamentWinner } from '../badges/badge-awards';
import { notifyMatchReady } from '../push/match-ready';
import { handshakeUser, identifySocket, socketIdentity } from './handshake-user';
import { limitSocketEvents } from './socket-rate-limit';
import { catchUpPushes } from './push-catch-up';
import { SOCKET_MAX_BUFFER_BYTES, tournamentProtocol, tournamentRoom } from '../tournaments/tournament-protocol';
import { answerLiveCalls } from '../live/live-socket';
import { RESTARTING_MESSAGE } from '../live/live-authority';

export { SOCKET_MAX_BUFFER_BYTES };

export function originAllowed(ctx: AppContext, origin: string | undefined, host: string | undefined, https: boolean): boolean {
  if (!origin) return true;
  if (ctx.config.allowedOrigins.includes(origin)) return true;
  return Boolean(host) && (origin === `http://${host}` || origin === `https://${host}`) && (!https || origin.startsWith('https:'));
}

export { tournamentRoom };

/** socket.io on the app's HTTP server: the tournament protocol (SPEC.md §7) and the push of the embedded default. */
export function attachSocket(app: FastifyInstance, ctx: AppContext): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    maxHttpBufferSize: SOCKET_MAX_BUFFER_BYTES,
    serveClient: false,
    allowRequest: (request, callback) => {
      // Stopping (SIGTERM): a client reconnecting here is turned away, and tries again (another node, or this one restarted).
      if (ctx.stopping) return callback('Le serveur s’arrête : reconnexion ailleurs.', false);
      const https = 'encrypted' in request.socket && request.socket.encrypted === true;
      const ok = originAllowed(ctx, request.headers.origin, request.headers.host, https);
      callback(ok ? null : 'Origine refusée.', ok);
    },
  });
  if (ctx.db.kind === 'postgres' && ctx.db instanceof PostgresDb) {
    const pool = clusterPool(ctx.db, (message) => app.log.warn(message));
    io.adapter(createAdapter(pool, { errorHandler: (error) => app.log.warn(`socket.io : diffusion entre serveurs impossible (${error.message}).`) }));
    app.addHook('onClose', async () => {
      // The adapter released its listening client as socket.io closed; its NOTIFYs may still be under way: a second at most.
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    });
  }
  const calls = callsInFlight();
  const rooms = new TournamentRooms({
    db: ctx.db,
    store: ctx.store,
    bus: ctx.bus,
    // The app's clock: a match's calledAt (stations) is stamped with it, as every other time is.
    now: ctx.now,
    // Here only: every other process hears the change on the bus and sends its own spectators the stored state.
    changed: (tournament) => {
      io.local.to(tournamentRoom(tournament._id)).emit(SOCKET_EVENTS.tournamentUpdate, tournament);
      awardTournamentWinner(ctx, tournament);
      notifyMatchReady(ctx, tournament);
    },
    followed: (tournamentId) => (io.sockets.adapter.rooms.get(tournamentRoom(tournamentId))?.size ?? 0) > 0,
    log: (message) => app.log.warn(message),
  });
  ctx.tournaments = rooms;
  const tournaments = tournamentProtocol(rooms);
  const live = { now: ctx.now, user: (socket: Socket) => identifySocket(ctx, socket), log: (message: string, error: unknown) => app.log.error({ err: error }, message) };

  // Who the socket is, and its rooms, before socket.io tells the client it is connected: a push
  // sent right after the client's `connect` reaches it. A sign-in or a sign-out later makes a new
  // handshake (the web reconnects on a session change, and the logout closes the session's sockets
  // on every node), so that this is read again.
  // The database out of reach meanwhile: the socket connects as anonymous for now, and is
  // identified (its rooms joined) at its first action once the database answers.
  io.use((socket, next) => {
    void identifySocket(ctx, socket).then(
      () => next(),
      () => next(),
    );
  });

  io.on('connection', (socket) => {
    // One flooding socket cannot slow the room: core's limit on its events, a phone's until its session says staff.
    let staff = false;
    void socketIdentity(ctx, socket).then(
      ({ user }) => void (staff = Boolean(user && isStaff(user))),
      () => undefined,
    );
    if (ctx.config.socketRateLimit) {
      limitSocketEvents(socket, () => (staff ? 'staff' : 'player'), {
        flooded: () => app.log.warn(`socket.io : connexion ${socket.id} fermée, trop de requêtes.`),
      });
    }
    calls.track(socket);
    // What was pushed to the user while this socket was connecting (a like sent at once) comes now.
    void handshakeUser(ctx, socket).then((user) => catchUpPushes(ctx, socket, user)).catch(() => undefined);
    answerLiveCalls(socket, tournaments, live);
  });
  const blindTests = attachBlindTests(io, ctx, (message, error) => app.log.error({ err: error }, message));
  // Stopping during a game (issue 32), before app.ts's preClose closes the sockets: new calls are
  // refused (« le serveur redémarre »), the calls under way are written and acknowledged, the
  // live games' authorities close (their writes awaited); then the sockets are closed as a
  // transport close, which their clients answer by reconnecting (another node, or this one restarted).
  app.addHook('preClose', async () => {
    await calls.close(CALLS_DRAIN_MS);
    await Promise.all([rooms.close(), blindTests.close()]);
  });
  return io;
}

/** How long a stopping node waits, at most, for the live games' calls under way to be acknowledged. */
export const CALLS_DRAIN_MS = 2000;

/** The acknowledgement of a call that arrives while the node stops: the client sends it again once reconnected. */
export const RESTARTING_REPLY = { status: 'error', msg: RESTARTING_MESSAGE, code: 'restarting' } as const;

/**
 * The calls of every socket not acknowledged yet: on close, new ones are refused with
 * RESTARTING_REPLY and those under way are awaited (up to a limit), so that no call is left
 * written but unacknowledged when the sockets close.
 */
export function callsInFlight() {
  let closing = false;
  const pending = new Set<Promise<void>>();
  return {
    track(socket: Socket) {
      // A socket gone before its answers: nothing will acknowledge its calls; they count no more.
      const mine = new Set<() => void>();
      socket.once('disconnect', () => mine.forEach((done) => done()));
      socket.use((packet, next) => {
        const ack: unknown = packet.at(-1);
        if (typeof ack !== 'function') return closing ? undefined : next();
        if (closing) return void ack(RESTARTING_REPLY);
        let done!: () => void;
        const settled = new Promise<void>((resolve) => (done = resolve));
        pending.add(settled);
        mine.add(done);
        void settled.then(() => {
          pending.delete(settled);
          mine.delete(done);
        });
        packet[packet.length - 1] = (...answer: unknown[]) => {
          done();
          (ack as (...args: unknown[]) => void)(...answer);
        };
        next();
      });
    },
    async close(limitMs: number) {
      closing = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(pending), new Promise((resolve) => (timer = setTimeout(resolve, limitMs)))]);
      clearTimeout(timer);
    },
  };
}

/**
 * The connections of @socket.io/postgres-adapter, apart from the queries' pool, so that a busy
 * query pool never starves it, nor it the queries: one connection of its own for LISTEN, opened
 * again by the adapter when it drops (a dedicated client, ended on release, so that a dropped one
 * holds no pool slot), and a pool of two for its NOTIFYs and its attachments (a broadcast over
 * 8 kB goes in `socket_io_attachments`, which it empties of rows older than 30 s).
 */
function clusterPool(db: PostgresDb, log: (message: string) => void): pg.Pool {
  const lost = (error: Error) => log(`socket.io : connexion à PostgreSQL perdue (${error.message}).`);
  const queries = new pg.Pool({ ...db.pool.options, max: 2 });
  queries.on('error', lost);
  const pool = {
    query: (text: string, values?: unknown[]) => queries.query(text, values),
    async connect() {
      const client = new pg.Client(db.pool.options);
      client.on('error', lost);
      await client.connect();
      return Object.assign(client, { release: () => void client.end().catch(() => undefined) });
    },
    end: () => queries.end(),
  };
  // The adapter calls only query, connect (for LISTEN) and end: this object stands for the pg.Pool its type asks for.
  return pool as unknown as pg.Pool;
}
