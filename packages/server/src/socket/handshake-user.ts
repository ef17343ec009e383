import type { Socket } from 'socket.io';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from '../http/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../http/session';
import { bearerApiKey, sameSite } from '../http/api-key-gate';
import type { UserJson } from '../auth/users';
import { sessionRoomOfHash, sessionTokenHash } from '../auth/session-token';
import { isDatabaseUnavailable } from '../db/availability';

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
export const sessionRoom = (token: string) => sessionRoomOfHash(sessionTokenHash(token));
export const apiKeyRoom = (id: string) => `apikey:${id}`;

/**
 * The session of a handshake: the cookie, or a token in `auth` or the extra headers; or an API key
 * in the Authorization header. Read once per socket; but while the database cannot tell (restarting,
 * out of reach) it rejects and is read again next time, rather than make the socket anonymous for life.
 */
export function socketIdentity(ctx: AppContext, socket: Socket): Promise<SocketIdentity> {
  let found = identities.get(socket);
  if (!found) {
    found = readIdentity(ctx, socket).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) return ANONYMOUS;
      identities.delete(socket);
      throw error;
    });
    identities.set(socket, found);
  }
  return found;
}

export async function handshakeUser(ctx: AppContext, socket: Socket): Promise<UserJson | null> {
  return (await socketIdentity(ctx, socket)).user;
}

/** Who the socket is, in its user's, session's or API key's room (joining again changes nothing). */
export async function identifySocket(ctx: AppContext, socket: Socket): Promise<UserJson | null> {
  const { user, sessionRoom, apiKeyRoom } = await socketIdentity(ctx, socket);
  const rooms = [user ? `user:${user._id}` : null, sessionRoom, apiKeyRoom].filter((room): room is string => room !== null);
  if (rooms.length) await socket.join(rooms);
  return user;
}

async function readIdentity(ctx: AppContext, socket: Socket): Promise<SocketIdentity> {
  const request = socket.request;
  const key = bearerApiKey(request.headers);
  if (key) {
    const https = 'encrypted' in request.socket && request.socket.encrypted === true;
    if (!sameSite(request.headers.origin, request.headers.host, https)) return ANONYMOUS;
    const grant = await ctx.apiKeys.authenticate(key);
    // On the socket a key acts only for the live games; without that scope it is a spectator's.
    if (!grant?.scopes.includes('tournaments')) return ANONYMOUS;
    return { user: await ctx.users.byId(grant.userId), sessionRoom: null, apiKeyRoom: apiKeyRoom(grant.id) };
  }
  const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
  const auth: Record<string, unknown> = socket.handshake.auth ?? {};
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
