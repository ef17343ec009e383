import { ofetch, type $Fetch } from 'ofetch';
import type { ServiceIdentifier } from 'inversify';
import { ApiError, AuthError, NotFoundError, ValidationError, type Query } from '@sortie/core';
import type { CookieJar } from './cookie-jar';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** The product API's origin, e.g. http://localhost:3000; '' in a browser means the page's own origin. */
  baseUrl: string;
  /** For programs without a browser (the CLI): captures Set-Cookie and sends Cookie. */
  cookieJar?: CookieJar;
  /** Headers added to every call (the CLI's User-Agent, for instance). */
  headers?: () => Record<string, string>;
  /** The fetch implementation; tests and odd runtimes may pass their own. */
  fetch?: typeof globalThis.fetch;
}

export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.';

export const ApiClient = Symbol.for('ApiClient') as ServiceIdentifier<ApiClient>;
/** The product API's transport, shared by the HTTP adapters and the local identity adapter. */
export interface ApiClient {
  /** Calls `path` (absolute from the origin, as OPERATION_ROUTES and resourceApiPath write it) and resolves the parsed body. */
  call<T>(method: HttpMethod, path: string, options?: { query?: Query; body?: unknown }): Promise<T>;
}

/**
 * The one place that talks HTTP to the product API: cookies sent, JSON in and out, and
 * every failure turned into a core error carrying the status and the server's message.
 */
export class FetchApiClient implements ApiClient {
  private readonly fetcher: $Fetch;

  constructor(options: ApiClientOptions) {
    const { cookieJar, headers } = options;
    this.fetcher = ofetch.create({
      baseURL: options.baseUrl,
      // The session is an httpOnly cookie: the browser must send it, also across origins in dev.
      credentials: 'include',
      // Retrying is a decision for the use case, not a hidden default of the transport.
      retry: 0,
      ignoreResponseError: true,
      onRequest({ options: request }) {
        for (const [name, value] of Object.entries(headers?.() ?? {})) request.headers.set(name, value);
        const cookie = cookieJar?.header();
        if (cookie) request.headers.set('cookie', cookie);
      },
      onResponse({ response }) {
        if (cookieJar) cookieJar.store(response.headers.getSetCookie());
      },
    }, options.fetch ? { fetch: options.fetch } : undefined);
  }

  async call<T>(method: HttpMethod, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
    let response;
    try {
      response = await this.fetcher.raw(path, {
        method,
        query: options.query ? withoutUndefined(options.query) : undefined,
        // ofetch serialises plain objects as JSON; no body at all when none is given.
        body: options.body === undefined ? undefined : (options.body as Record<string, unknown>),
        keepalive: outlivesPage(method, options.body),
      });
    } catch (error) {
      throw new ApiError(NETWORK_ERROR_MESSAGE, { statusCode: 0, code: 'NETWORK_ERROR', cause: error });
    }
    if (!response.ok) throw httpError(response.status, response._data);
    return (response._data === '' ? undefined : response._data) as T;
  }
}

/**
 * The largest JSON body, in characters, a write sends with `keepalive` (at most 24 kB in UTF-8).
 * A browser keeps at most 64 kB of such bodies in flight at once and refuses a request past
 * that, so only small ones ask for it.
 */
export const KEEPALIVE_BODY_LIMIT = 8 * 1024;

/**
 * Whether a call asks the browser to finish it even if its page is left: a write with a small
 * JSON body (a follow, a like, a vote). Without it, leaving the page (a link followed, the tab
 * closed) right after « Suivre » cancelled the request, and the follow the button already showed
 * was never stored. Reads are not kept: a page left has no use for their answer.
 */
export function outlivesPage(method: HttpMethod, body: unknown): boolean {
  if (method === 'GET') return false;
  if (body === undefined) return true;
  if (typeof body !== 'object' || body === null || Object.getPrototypeOf(body) !== Object.prototype) return false;
  return JSON.stringify(body).length <= KEEPALIVE_BODY_LIMIT;
}

function withoutUndefined(query: Query): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) result[key] = value;
  return result;
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'La requête est invalide.',
  401: 'Vous devez vous connecter pour continuer.',
  403: 'Vous n’avez pas accès à cette ressource.',
  404: 'Ressource introuvable.',
  409: 'Cette ressource existe déjà ou a été modifiée entre-temps.',
  422: 'Les données envoyées sont invalides.',
  429: 'Trop de requêtes : réessayez dans un instant.',
};

/** Maps an HTTP status and the server's error body ({message, code, issues}) to a core error. */
export function httpError(status: number, body: unknown): Error {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof data.message === 'string' && data.message.trim() !== ''
      ? data.message
      : (DEFAULT_MESSAGES[status] ?? `Le serveur a répondu par une erreur (${status}).`);
  const code = typeof data.code === 'string' ? data.code : undefined;
  if (status === 404) return new NotFoundError(message, code ? { code } : {});
  if (status === 401 || status === 403) return new AuthError(message, { statusCode: status, ...(code ? { code } : {}) });
  if (status === 400 || status === 422) return new ValidationError(message, issuesOf(data.issues));
  return new ApiError(message, { statusCode: status, ...(code ? { code } : {}) });
}

function issuesOf(value: unknown): Array<{ path: string; message: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const joined = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
    return [{ path: joined, message }];
  });
}
