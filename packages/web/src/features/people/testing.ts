import { NotFoundError, type Query } from '@sortie/core';
import type { FakeProductApi } from '@sortie/core/testing';

type Handler = (options: { query?: Query; body?: unknown }) => unknown;

/**
 * For tests: answers the fake API's `request` calls by "METHOD /path" (what me.routes.ts and
 * people.routes.ts serve); a handler that throws makes the call fail. Anything else is a 404.
 */
export function answerRequests(api: FakeProductApi, routes: Record<string, Handler | object>): FakeProductApi {
  return api.answer('request', async (method: string, path: string, options: { query?: Query; body?: unknown } = {}) => {
    const route = routes[`${method} ${path}`];
    if (route === undefined) throw new NotFoundError(`Introuvable : ${method} ${path}`);
    return typeof route === 'function' ? (route as Handler)(options) : route;
  });
}

/** A page as the server answers a list. */
export function pageOf<T>(items: T[], meta: { total?: number; limit?: number; offset?: number } = {}) {
  return { meta: { total: meta.total ?? items.length, limit: meta.limit ?? 20, offset: meta.offset ?? 0 }, items };
}
