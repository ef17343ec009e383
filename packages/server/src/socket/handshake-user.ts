import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from '../http/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../http/session';
import { bearerApiKey, sameSite } from '../http/api-key-gate';
import type { UserJson } from '../auth/users';

/** Who a socket is, read once from its handshake; the rooms it joins say how to reach or drop it later. */
export interface SocketIdentity {
  user: UserJson | null;
  /** The room of the sockets opened with one session: the logout closes them, on every node. */
  sessionRoom: string | null;
  /** The room of the sockets opened with one API key: its revocation closes them. */
  apiKeyRoom: string | null;
}

const ANONYMOUS: SocketIdentity = { user: null, sessionRoom: null, apiKeyRoom: null };
const identities = new WeakMap<Socket, Promise<SocketIdentity>>();

/** The room of a session's sockets, named by the token's hash (the token itself never leaves the process). */
export const sessionRoom = (token: string) => `session:${createHash('sha256').update(token).digest('hex')}`;
export const apiKeyRoom = (id: string) => `apikey:${id}`;

/** The session of a handshake: the cookie, or a token in `auth` or the extra headers; or an API key in the Authorization header. */
export function socketIdentity(ctx: AppContext, socket: Socket): Promise<SocketIdentity> {
  let found = identities.get(socket);
  if (!found) {
    found = readIdentity(ctx, socket).catch(() => ANONYMOUS);
    identities.set(socket, found);
  }
  return found;
}

export async function handshakeUser(ctx: AppContext, socket: Socket): Promise<UserJson | null> {
  return (await socketIdentity(ctx, socket)).user;
}

async function readIdentity(ctx: AppContext, socket: Socket): Promise<SocketIdentity> {
  const request = socket.request as IncomingMessage;
  const key = bearerApiKey(request.headers);
  if (key) {
    const https = (request.socket as { encrypted?: boolean }).encrypted === true;
    if (!sameSite(request.headers.origin, request.headers.host, https)) return ANONYMOUS;
    const grant = await ctx.apiKeys.authenticate(key);
    // On the socket a key acts only for the live games; without that scope it is a spectator's.
    if (!grant?.scopes.includes('tournaments')) return ANONYMOUS;
    return { user: await ctx.users.byId(grant.userId), sessionRoom: null, apiKeyRoom: apiKeyRoom(grant.id) };
  }
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
    if (user) return { user, sessionRoom: sessionRoom(token), apiKeyRoom: null };
  }
  return ANONYMOUS;
}
