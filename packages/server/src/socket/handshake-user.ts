import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from '../http/context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../http/session';
import type { UserJson } from '../auth/users';

/** The session of a handshake: the cookie, or a token in `auth` or the extra headers. */
export async function handshakeUser(ctx: AppContext, socket: Socket): Promise<UserJson | null> {
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
