import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATIONS, SESSION_HINT_COOKIE } from '@sortie/core/domain';
import type { ServerConfig } from '../config';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session';

/** As long as the session cookie itself (http/session.ts). */
const MAX_AGE_SECONDS = 30 * 24 * 3600;
const SESSION_COOKIES = [SESSION_COOKIE, SECURE_SESSION_COOKIE];

/** What this answer's Set-Cookie headers do to the session cookie: set it, clear it, or nothing. */
function sessionCookieChange(reply: FastifyReply): 'set' | 'cleared' | null {
  const header = reply.getHeader('set-cookie');
  let change: 'set' | 'cleared' | null = null;
  for (const line of [header ?? []].flat().map(String)) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    if (!SESSION_COOKIES.includes(pair.slice(0, equals))) continue;
    const cleared = pair.slice(equals + 1) === '' || attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
    change = cleared ? 'cleared' : 'set';
  }
  return change;
}

const hasSessionCookie = (request: FastifyRequest) => SESSION_COOKIES.some((name) => Boolean(request.cookies?.[name]));

/**
 * The page-readable SESSION_HINT_COOKIE follows the httpOnly session cookie: set when a session
 * cookie is set or is seen without it, cleared when the session cookie is cleared or has gone.
 * The web app asks who is signed in only when it is there, so that an anonymous visitor's
 * console shows no 401. A session the server no longer knows (its me call answers 401) loses
 * both cookies, so that the browser stops asking.
 */
export function registerSessionHint(app: FastifyInstance, config: Pick<ServerConfig, 'secureCookies'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const secure = config.secureCookies || request.protocol === 'https';
    const hinted = Boolean(request.cookies?.[SESSION_HINT_COOKIE]);
    let change = sessionCookieChange(reply);
    if (!change && reply.statusCode === 401 && hasSessionCookie(request) && request.routeOptions.url === OPERATIONS.me.path) {
      for (const name of SESSION_COOKIES) reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: name === SECURE_SESSION_COOKIE || secure, path: '/' });
      change = 'cleared';
    }
    // Only on pages and API answers: a Set-Cookie on a cacheable asset could be stored with it.
    const syncable = request.url.startsWith('/api/') || String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (!change && syncable) change = hasSessionCookie(request) ? (hinted ? null : 'set') : hinted ? 'cleared' : null;
    if (change === 'set') reply.setCookie(SESSION_HINT_COOKIE, '1', { sameSite: 'lax', secure, path: '/', maxAge: MAX_AGE_SECONDS });
    if (change === 'cleared') reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'lax', secure, path: '/' });
    return payload;
  });
}
