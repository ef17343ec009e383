import { QueryClient, type ClockPort, type ProductApiPort } from '@sortie/core';
import { SystemClock } from './browser/system-clock.adapter';
import { FetchApiClient, type ApiClient } from './http/api-client';
import { HttpProductApiAdapter } from './http/http-product-api.adapter';

/**
 * What a public page needs to read the API and show it: the transport, the product API, the
 * clock and the query cache. Made by the web app before its container, without inversify,
 * zod or the use cases (the container, loaded when a page needs more, reuses these).
 */
export interface EagerServices {
  client: ApiClient;
  api: ProductApiPort;
  clock: ClockPort;
  queries: QueryClient;
}

export function createEagerServices({ apiBaseUrl = '', fetch }: { apiBaseUrl?: string; fetch?: typeof globalThis.fetch } = {}): EagerServices {
  const client = new FetchApiClient({ baseUrl: apiBaseUrl.replace(/\/+$/, ''), ...(fetch ? { fetch } : {}) });
  const api = new HttpProductApiAdapter(client);
  return { client, api, clock: new SystemClock(), queries: new QueryClient(api) };
}

// The page's cookies, read by the entry before the container (a session hint, the store redirect's marker).
export { DocumentCookieAdapter } from './browser/document-cookie.adapter';
