import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import type { UserJson } from '../auth/users';
import { forbidden, unauthenticated } from './errors';
import { isAdmin, isStaff } from '../auth/user-roles';
import { apiKeyIdentity, bearerApiKey } from './api-key-gate';

export const SESSION_COOKIE = 'sortie_session';
export const SECURE_SESSION_COOKIE = '__Host-sortie_session';
const MAX_AGE_SECONDS = 30 * 24 * 3600;
/**
 * How a browser is recognised when it signs in again (issue 30): a random id in a long-lived
 * httpOnly cookie, set at its first sign-in and kept across sign-outs. It opens nothing (it is
 * no session, and page scripts never read it); a sign-in that carries it reuses the session row of
 * that account on that browser, so that /account lists a device once, with its first use. The User-Agent
 * alone cannot say it: two laptops with the same browser behind one address would then end each
 * other's session. A private window or cleared cookies is a new device, as it is for the visitor.
 */
export const DEVICE_COOKIE = 'sortie_device';
export const SECURE_DEVICE_COOKIE = '__Host-sortie_device';
/** 13 months (390 days), as the privacy policy says: the CNIL's longest for a tracker, exempt or not. */
const DEVICE_MAX_AGE_SECONDS = 390 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

const cache = new WeakMap<FastifyRequest, Promise<UserJson | null>>();

const isSecure = (ctx: AppContext, request: FastifyRequest) => ctx.config.secureCookies || request.protocol === 'https';

/** The session token of a request: cookie first, then `Authorization: Bearer` (the CLI); an API key is no session token. */
export function sessionToken(request: FastifyRequest): string | null {
  const cookies = request.cookies ?? {};
  const fromCookie = cookies[SECURE_SESSION_COOKIE] ?? cookies[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const header = request.headers.authorization;
  if (bearerApiKey(request.headers)) return null;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

/** The signed-in user (or the owner of the request's API key), looked up once per request and only when a route asks. */
export function currentUser(ctx: AppContext, request: FastifyRequest): Promise<UserJson | null> {
  // A request with a key is its owner's, or nobody's when the key lacks the route's scope: never the cookie's.
  const keyed = apiKeyIdentity(request);
  if (keyed) return Promise.resolve(keyed.user);
  let found = cache.get(request);
  if (!found) {
    const token = sessionToken(request);
    found = token && token.length <= 200 ? ctx.users.fromSession(token) : Promise.resolve(null);
    cache.set(request, found);
  }
  return found;
}

export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserJson> {
  const user = await currentUser(ctx, request);
  if (!user) {
    const refusal = apiKeyIdentity(request)?.refusal;
    throw refusal ? forbidden(refusal) : unauthenticated();
  }
  return user;
}

/**
 * The signed-in person and their browser's (or the CLI's) session token: what changes a password,
 * ends a session or registers a device needs a session, and an API key makes none.
 */
export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<{ user: UserJson; token: string }> {
  const user = await requireUser(ctx, request);
  const token = sessionToken(request);
  if (!token) throw forbidden('Réservé à une session ouverte (pas à une clé d’API).');
  return { user, token };
}

export async function requireRole(ctx: AppContext, request: FastifyRequest, role: 'staff' | 'admin'): Promise<UserJson> {
  const user = await requireUser(ctx, request);
  if (role === 'admin' ? !isAdmin(user) : !isStaff(user)) throw forbidden(role === 'admin' ? 'Réservé aux administrateurs.' : 'Réservé à l’équipe.');
  return user;
}

export function setSessionCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = isSecure(ctx, request);
  void reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: MAX_AGE_SECONDS });
}

export function clearSessionCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecure(ctx, request);
  void reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/**
 * The id of the browser that signs in: its device cookie, or a new one set on the reply (a
 * browser's, or a caller's with a cookie jar). Each sign-in renews the cookie's lifetime.
 */
export function deviceId(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const cookies = request.cookies ?? {};
  const sent = cookies[SECURE_DEVICE_COOKIE] ?? cookies[DEVICE_COOKIE];
  const id = sent && DEVICE_ID.test(sent) ? sent : randomBytes(32).toString('base64url');
  const secure = isSecure(ctx, request);
  void reply.setCookie(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: DEVICE_MAX_AGE_SECONDS });
  return id;
}
