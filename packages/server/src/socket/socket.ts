import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import fastifyCookie from '@fastify/cookie';
import { isObjectId, SOCKET_EVENTS, TournamentActionSchema, TournamentRequestSchema } from '@sortie/core';
import { z } from 'zod';
import type { AppContext } from '../http/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, isStaff } from '../http/session';
import type { UserJson } from '../auth/users';
import * as bracket from '../tournaments/bracket';

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

const ScoreParams = z.object({ matchId: z.string().min(1).max(40), scoreA: z.number().int().min(0).max(1_000_000), scoreB: z.number().int().min(0).max(1_000_000) });
const JoinParams = z.object({ name: z.string().trim().min(1).max(80).optional() });

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
        reply({ status: 'error', msg: error instanceof bracket.TournamentRefusal ? error.message : 'Erreur interne du serveur.' });
        if (!(error instanceof bracket.TournamentRefusal)) app.log.error({ err: error }, 'tournament action failed');
      }
    });
    const user = await userReady;
    if (user) await socket.join(`user:${user._id}`);
  });
  return io;
}

async function handleTournament(ctx: AppContext, io: Server, socket: Socket, user: UserJson | null, payload: unknown) {
  if (typeof payload !== 'string' || payload.length > SOCKET_MAX_BUFFER_BYTES) throw new bracket.TournamentRefusal('Requête invalide : une chaîne JSON est attendue.');
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    throw new bracket.TournamentRefusal('Requête invalide : JSON mal formé.');
  }
  const request = TournamentRequestSchema.safeParse(raw);
  if (!request.success) throw new bracket.TournamentRefusal('Requête invalide : action, tournamentId et params sont attendus.');
  const action = TournamentActionSchema.safeParse(request.data.action);
  if (!action.success) throw new bracket.TournamentRefusal(`Action inconnue : ${request.data.action.slice(0, 40)}.`);
  const { tournamentId, params } = request.data;
  if (!isObjectId(tournamentId)) throw new bracket.TournamentRefusal('Tournoi introuvable.');

  if (action.data === 'get') {
    const tournament = await ctx.store.get('tournaments', tournamentId);
    if (!tournament) throw new bracket.TournamentRefusal('Tournoi introuvable.');
    await socket.join(`tournament:${tournamentId}`);
    return { status: 'ok', tournament };
  }

  const updated = await ctx.db.transaction(async (tx) => {
    const row = await ctx.store.getRow('tournaments', tournamentId, { db: tx, forUpdate: true });
    if (!row) throw new bracket.TournamentRefusal('Tournoi introuvable.');
    const current = row.data as Parameters<typeof bracket.start>[0] & Record<string, unknown>;
    let next: typeof current;
    switch (action.data) {
      case 'join': {
        if (!user) throw new bracket.TournamentRefusal('Connectez-vous pour vous inscrire.');
        const name = JoinParams.safeParse(params);
        next = { ...current, ...bracket.join(current, { id: user._id, name: (name.success && name.data.name) || user.displayName }) };
        break;
      }
      case 'leave': {
        if (!user) throw new bracket.TournamentRefusal('Connectez-vous pour vous désinscrire.');
        const participantId = typeof params.participantId === 'string' && isStaff(user) ? params.participantId : user._id;
        next = { ...current, ...bracket.leave(current, participantId) };
        break;
      }
      case 'start':
        if (!isStaff(user)) throw new bracket.TournamentRefusal('Réservé à l’équipe.');
        next = { ...current, ...bracket.start(current) };
        break;
      default: {
        if (!isStaff(user)) throw new bracket.TournamentRefusal('Réservé à l’équipe.');
        const score = ScoreParams.safeParse(params);
        if (!score.success) throw new bracket.TournamentRefusal('Score invalide : matchId, scoreA et scoreB sont attendus.');
        next = { ...current, ...bracket.reportScore(current, score.data.matchId, score.data.scoreA, score.data.scoreB) };
      }
    }
    return ctx.store.replace('tournaments', tournamentId, next, tx);
  });
  io.to(`tournament:${tournamentId}`).emit(SOCKET_EVENTS.tournamentUpdate, updated);
  return { status: 'ok', tournament: updated };
}
