import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_RATE_LIMIT_PER_MINUTE, AppError, AuthError, isApiKey, operationScope, OPERATION_ROUTES, RESOURCE_NAMES, RESOURCE_ROUTES, resourceWriteScope, scopeRefusal, type ApiKeyScope,
} from '@sortie/core/domain';
import { countAttempt } from './rate-limit-store';
import { forbidden } from './errors';
import { setRateLimitHeaders } from './rate-limit-headers';
import type { AppContext } from './context';
import type { UserJson } from '../auth/users';

/** What a key gave a request: its owner, or why it is treated as anonymous (the 403 requireUser answers). */
type KeyIdentity = { user: UserJson | null; refusal: string | null };
const identities = new WeakMap<FastifyRequest, KeyIdentity>();

/** The key of `Authorization: Bearer sortie_…`, and only there: never from a cookie or the query string. */
export function bearerApiKey(headers: { authorization?: string | undefined }): string | null {
  const header = headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return isApiKey(token) ? token : null;
}

/** The identity a key gave the request; undefined when no key was sent. */
export const apiKeyIdentity = (request: FastifyRequest): KeyIdentity | undefined => identities.get(request);

/**
 * A key never works from a page of another site: a browser sends the page's Origin, and only
 * the site's own pages may use one (a script on another site would otherwise spend a key it
 * found). Other allowed origins (SORTIE_ALLOWED_ORIGINS) are for sessions, not for keys.
 */
export function sameSite(origin: string | undefined, host: string | undefined, https: boolean): boolean {
  if (!origin) return true;
  return Boolean(host) && (origin === `https://${host}` || (!https && origin === `http://${host}`));
}

/** Every route's scope for a key, by `METHOD url`; a route not listed needs `read` to GET and a session to write. */
function scopeTable(): Map<string, ApiKeyScope | null> {
  const table = new Map<string, ApiKeyScope | null>();
  for (const operation of Object.values(OPERATION_ROUTES)) table.set(`${operation.method} ${operation.path}`, operationScope(operation.name, operation.method));
  for (const resource of RESOURCE_NAMES) {
    const { create, update, remove } = RESOURCE_ROUTES[resource];
    const write = resourceWriteScope(resource);
    for (const route of [create, update, remove]) table.set(`${route.method} ${route.path}`, write);
  }
  return table;
}

export function scopeOfRoute(table: Map<string, ApiKeyScope | null>, method: string, url: string | undefined): ApiKeyScope | null {
  const listed = url ? table.get(`${method} ${url}`) : undefined;
  if (listed !== undefined) return listed;
  return method === 'GET' || method === 'HEAD' ? 'read' : null;
}

/**
 * The onRequest hook of /api for requests carrying a key: refused from another site's page (403),
 * unknown or revoked (401), over its rate (429), or beyond its scopes (403 for a write; a read
 * goes on as anonymous, and a route that needs a user answers 403 with the missing scope).
 */
export function apiKeyGate(ctx: AppContext): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const table = scopeTable();
  const limit = ctx.config.apiKeyRateLimit || API_KEY_RATE_LIMIT_PER_MINUTE;

  return async (request, reply) => {
    const key = bearerApiKey(request.headers);
    if (!key) return;
    if (!sameSite(request.headers.origin, request.headers.host, request.protocol === 'https')) {
      throw forbidden('Une clé d’API ne s’utilise pas depuis la page d’un autre site : gardez-la côté serveur.');
    }
    const grant = await ctx.apiKeys.authenticate(key);
    if (!grant) throw new AuthError('Clé d’API inconnue ou révoquée.', { code: 'INVALID_API_KEY' });
    // On the app's clock: every node's is the same to within far less than a window, and tests move it.
    const { current, ttl } = await countAttempt(ctx.db, `apikey|${grant.id}`, 60_000, ctx.now());
    const resetSeconds = Math.ceil(ttl / 1000);
    setRateLimitHeaders(reply, { limit, windowSeconds: 60, remaining: limit - current, resetSeconds });
    if (current > limit) {
      void reply.header('retry-after', String(resetSeconds));
      throw new AppError(`Trop de requêtes avec cette clé d’API (${limit} par minute) : réessayez dans ${resetSeconds} s.`, { code: 'RATE_LIMITED', statusCode: 429 });
    }
    const scope = scopeOfRoute(table, request.method, request.routeOptions.url);
    const allowed = scope !== null && grant.scopes.includes(scope);
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (!allowed && write) throw forbidden(scopeRefusal(scope));
    identities.set(request, allowed ? { user: await ctx.users.byId(grant.userId), refusal: null } : { user: null, refusal: scopeRefusal(scope) });
  };
}
