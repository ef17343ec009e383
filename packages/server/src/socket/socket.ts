import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import fastifyCookie from '@fastify/cookie';
import {
  isObjectId,
  isTournamentActionName,
  runTournamentAction,
  SOCKET_EVENTS,
  TournamentRefusal,
  TournamentRequestSchema,
  TournamentInputSchema,
  type TournamentActor,
} from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, isStaff } from '../http/session';
import type { UserJson } from '../auth/users';

export const SOCKET_MAX_BUFFER_BYTES = 100_000;

export function originAllowed(ctx: AppContext, origin: string | undefined, host: string | undefined, https: boolean): boolean {
  if (!origin) return true;
  if (ctx.config.allowedOrigins.includes(origin)) return true;
  return Boolean(host) && (origin === `http://${host}` || origin === `https://${host}`) && (!https || origin.startsWith('https:'));
}

/** The session of a handshake: the cookie, or a token in `auth` or the extra headers. */
async function handshakeUser(ctx: AppContext, socket: Socket): Promise<UserJson | null> {
  const request = socket.request as IncomingMessage;
  const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const header = request.headers.authorization;
  const candidates = [
    cookies[SECURE_SESSION_COOKIE],
    cookies[SESSION_COOKIE],
    typeof auth.token === 'string' ? auth.token : undefined,
    typeof auth.sessionToken === 'string' ? auth.sessionToken : undefined,
    header?.startsWith('Bearer ') ? header.slice(7) : undefined,
    typeof request.headers['x-session-token'] === 'string' ? request.headers['x-session-token'] : undefined,
  ].filter((t): t is string => Boolean(t) && t!.length <= 200);
  for (const token of candidates) {
    const user = await ctx.users.fromSession(token);
    if (user) return user;
  }
  return null;
}

/** The user as the tournament rules see them. */
const actorOf = (user: UserJson | null): TournamentActor | null => (user ? { id: user._id, name: user.displayName, staff: isStaff(user) } : null);

/** socket.io on the app's HTTP server: the tournament protocol (SPEC.md §7) and the push of the embedded default. */
export function attachSocket(app: FastifyInstance, ctx: AppContext): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    maxHttpBufferSize: SOCKET_MAX_BUFFER_BYTES,
    serveClient: false,
    allowRequest: (request, callback) => {
      const https = (request.socket as { encrypted?: boolean }).encrypted === true;
      const ok = originAllowed(ctx, request.headers.origin, request.headers.host, https);
      callback(ok ? null : 'Origine refusée.', ok);
    },
  });

  io.on('connection', async (socket) => {
    // Listen first, so that an early event is not dropped while the session is read.
    const userReady = handshakeUser(ctx, socket).catch(() => null);
    socket.on(SOCKET_EVENTS.tournament, async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
      try {
        reply(await handleTournament(ctx, io, socket, await userReady, payload));
      } catch (error) {
        reply({ status: 'error', msg: error instanceof TournamentRefusal ? error.message : 'Erreur interne du serveur.' });
        if (!(error instanceof TournamentRefusal)) app.log.error({ err: error }, 'tournament action failed');
      }
    });
    const user = await userReady;
    if (user) await socket.join(`user:${user._id}`);
  });
  return io;
}

async function handleTournament(ctx: AppContext, io: Server, socket: Socket, user: UserJson | null, payload: unknown) {
  if (typeof payload !== 'string' || payload.length > SOCKET_MAX_BUFFER_BYTES) throw new TournamentRefusal('Requête invalide : une chaîne JSON est attendue.');
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    throw new TournamentRefusal('Requête invalide : JSON mal formé.');
  }
  const request = TournamentRequestSchema.safeParse(raw);
  if (!request.success) throw new TournamentRefusal('Requête invalide : action, tournamentId et params sont attendus.');
  const { action, tournamentId, params } = request.data;
  if (action !== 'get' && !isTournamentActionName(action)) throw new TournamentRefusal(`Action inconnue : ${action.slice(0, 40)}.`);
  if (!isObjectId(tournamentId)) throw new TournamentRefusal('Tournoi introuvable.');

  if (action === 'get') {
    const tournament = await ctx.store.get('tournaments', tournamentId);
    if (!tournament) throw new TournamentRefusal('Tournoi introuvable.');
    await socket.join(`tournament:${tournamentId}`);
    return { status: 'ok', tournament };
  }

  // The rules are core's (the same predicates a client reads to offer a button); the server runs them as the authority.
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await ctx.store.getRow('tournaments', tournamentId, { db: tx, forUpdate: true });
    if (!row) throw new TournamentRefusal('Tournoi introuvable.');
    // Read through core's schema: the fields the rules do not own go along untouched.
    const current = TournamentInputSchema.loose().parse(row['data']);
    return ctx.store.replace('tournaments', tournamentId, runTournamentAction(action, current, actorOf(user), params), tx);
  });
  io.to(`tournament:${tournamentId}`).emit(SOCKET_EVENTS.tournamentUpdate, updated);
  return { status: 'ok', tournament: updated };
}
