import { OPERATION_ROUTES } from '@sortie/core/domain';
// What the service worker does with each request, as pure functions so that the rules a
// visitor's privacy depends on (what is never stored on the phone) are tested without a worker.

/** The runtime caches, by name. The precache (the shell) is Workbox's own. */
export const CACHE_NAMES = {
  pages: 'sortie-pages',
  assets: 'sortie-assets',
  api: 'sortie-api',
  images: 'sortie-images',
} as const;

/**
 * - `page`: a public page; network first, then the copy kept from the last visit, then the offline page.
 * - `private-page`: a page of the visitor's own (account, dashboard…); network only, then the offline page.
 * - `asset`: a hashed build file; cache first (its name changes with its content).
 * - `api`: a public read of the product API; network first, then the copy kept.
 * - `image`: a same-origin image; the kept copy at once, refreshed behind.
 * - `pass`: the worker does not answer; the browser fetches as if there were no worker.
 */
export type CacheRule = 'page' | 'private-page' | 'asset' | 'api' | 'image' | 'pass';

/** The parts of a Request the rules read (a Request fits). */
export interface RequestFacts {
  method: string;
  url: string;
  mode?: string;
  destination?: string;
  headers?: { get(name: string): string | null };
}

/**
 * API reads that belong to one person or to staff, or whose answer must be live: they are never
 * written to the phone's storage (a shared phone must not show the last user's notifications).
 */
const PRIVATE_API = [
  /^\/api\/auth\//,
  /^\/api\/identity\//,
  /^\/api\/me(\/|$)/,
  /^\/api\/dashboard(\/|$)/,
  /^\/api\/notifications(\/|$)/,
  /^\/api\/users\/notificationPreferences/,
  /^\/api\/(forms|raffles)\/[^/]+\/entries/,
  /^\/api\/dynaLinks\/[^/]+\/(visits|stats)/,
  /^\/api\/(health|ready)$/,
];

/** Pages whose content is the visitor's own, or that only redirect: never kept. */
const PRIVATE_PAGES = [
  /^\/dashboard(\/|$)/,
  /^\/account(\/|$)/,
  /^\/notifications(\/|$)/,
  /^\/suggestions(\/|$)/,
  /^\/users\/(likes|following)(\/|$)/,
  /^\/(stripe|spotify)(\/|$)/,
  /^\/r\//,
  /^\/nextEvent(\/|$)/,
];

/** A download (`.ics`, `.xml`, `.csv`…) opened as a page: left to the browser. */
const DOWNLOAD = /\.(?!html?$)[a-z0-9]+$/i;

export function cacheRuleFor(request: RequestFacts, origin: string): CacheRule {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (path.startsWith('/socket.io/')) return 'pass';
  if (/^\/api\//.test(path)) return PRIVATE_API.some((rule) => rule.test(path)) ? 'pass' : 'api';
  if (path.startsWith('/assets/')) return 'asset';
  if (isPageRequest(request)) {
    if (DOWNLOAD.test(path)) return 'pass';
    return PRIVATE_PAGES.some((rule) => rule.test(path)) ? 'private-page' : 'page';
  }
  return request.destination === 'image' ? 'image' : 'pass';
}

/** A document: a navigation, or a request for HTML (the app asking the worker to keep a page). */
function isPageRequest(request: RequestFacts): boolean {
  if (request.mode === 'navigate') return true;
  return (request.headers?.get('accept') ?? '').includes('text/html');
}

/**
 * A whole answer (200) that the server did not mark `private`. Not `no-store`: the server puts it
 * on every API answer so that the browser's HTTP cache never serves a stale read; what is personal
 * is decided by the paths above (and by `private`, wherever the server sets it).
 */
export function mayStore(response: { status: number; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(^|[\s,])private([\s,=]|$)/.test(cacheControl);
}

/**
 * A sign-in or a sign-out: what the previous session kept (pages and reads, drafts a staff
 * member could see) must not be shown to the next person on this phone.
 */
export function changesSession(request: Pick<RequestFacts, 'method' | 'url'>, origin: string): boolean {
  if (request.method !== 'POST') return false;
  const url = new URL(request.url);
  return url.origin === origin && (url.pathname === OPERATION_ROUTES.loginWeb.path || url.pathname === OPERATION_ROUTES.logout.path);
}

/** The app's request to keep what it showed before the worker controlled it, or a page it routed to. */
export interface RememberMessage {
  type: typeof REMEMBER;
  /** Pages (documents) to keep. */
  pages: string[];
  /** Other same-origin URLs the page loaded (API reads, build files). */
  resources: string[];
}
export const REMEMBER = 'sortie:remember';

/** The message, checked (it comes from a page); null when it is something else. */
export function readRememberMessage(data: unknown): RememberMessage | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== REMEMBER) return null;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const { pages, resources } = data as { pages?: unknown; resources?: unknown };
  return { type: REMEMBER, pages: strings(pages), resources: strings(resources) };
}
