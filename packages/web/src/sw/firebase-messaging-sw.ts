// The site's one service worker, built by vite-plugin-pwa (injectManifest) to
// /firebase-messaging-sw.js: the name SPEC.md §7 registers for push messages, so that the push
// adapter's registration and the app's are the same worker over the whole site (two scripts
// cannot share the scope "/"). It keeps the shell, the pages visited and their API reads, shows
// a French offline page, and hosts the push messages.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CACHE_NAMES, cacheRuleFor, changesSession, mayStore, readRememberMessage, type CacheRule } from './cache-rules';
import { openNotificationLink, readPushPayload, receivePush } from './push-notification';
import type { ExtendableEventLike, ServiceWorkerScope } from './worker-scope';

declare const self: ServiceWorkerScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The page shown for a page never visited, when the network is down (in the precache). */
const OFFLINE_PAGE = '/offline.html';
const DAY = 24 * 60 * 60;

/** Only whole answers the server allows to keep (200, not `private`). */
const storable: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (mayStore(response) ? response : null) };
const expiring = (maxEntries: number, days: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY, purgeOnQuotaError: true });
// The server varies its pages and API answers on Accept and Accept-Encoding; a kept copy
// answers whatever asked for it.
const matchOptions = { ignoreVary: true };

const strategies: Record<Exclude<CacheRule, 'pass'>, Strategy> = {
  // A short wait on a weak network, then the copy from the last visit.
  page: new NetworkFirst({ cacheName: CACHE_NAMES.pages, networkTimeoutSeconds: 3, matchOptions, plugins: [storable, expiring(50, 30)] }),
  'private-page': new NetworkOnly(),
  asset: new CacheFirst({ cacheName: CACHE_NAMES.assets, plugins: [storable, expiring(300, 365)] }),
  api: new NetworkFirst({ cacheName: CACHE_NAMES.api, networkTimeoutSeconds: 5, matchOptions, plugins: [storable, expiring(200, 14)] }),
  image: new StaleWhileRevalidate({ cacheName: CACHE_NAMES.images, matchOptions, plugins: [storable, expiring(120, 30)] }),
};

const route = (rule: Exclude<CacheRule, 'pass'>) =>
  registerRoute(({ request }) => cacheRuleFor(request, self.location.origin) === rule, strategies[rule]);

// Pages before the precache's own route: a navigation to "/" must reach the server (which
// renders the page), not the precached index.html.
route('page');
route('private-page');
// The shell: index.html, the entry's JavaScript and CSS, the offline page, the icons and the
// manifest (pwa.config.ts picks them); each route's chunk is kept when first used.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
route('asset');
route('api');
route('image');

// A page that neither the network nor the cache can give: the French offline page.
setCatchHandler(async ({ request }) => {
  const rule = cacheRuleFor(request, self.location.origin);
  if (rule === 'page' || rule === 'private-page') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

// A new version takes over at once: route chunks are hashed and kept, so a page opened on the
// previous version still finds its own.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
// The browser asks the server for a page while the worker starts, instead of after: Workbox's
// strategies take that answer (a repeat visit is not slowed by the worker's start).
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

// After a sign-in or a sign-out, the pages and reads kept for the previous session are dropped
// (the request itself goes on untouched: this listener does not answer it).
self.addEventListener('fetch', (event) => {
  if (!changesSession(event.request, self.location.origin)) return;
  event.waitUntil(Promise.all([caches.delete(CACHE_NAMES.pages), caches.delete(CACHE_NAMES.api)]));
});

/** Keeps each URL not yet kept, through the strategy its rule names. */
async function remember(event: ExtendableEventLike, urls: string[], asPage: boolean): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const request = new Request(url, { credentials: 'same-origin', headers: asPage ? { accept: 'text/html' } : {} });
      const rule = cacheRuleFor(request, self.location.origin);
      if (rule === 'pass' || rule === 'private-page') return;
      // Any cache: the entry's files are in the precache.
      if (await caches.match(request, { ignoreVary: true })) return;
      // handleAll's second promise settles once the answer is written to the cache, not only fetched.
      const [answered, kept] = strategies[rule].handleAll({ event: event as never, request });
      await Promise.all([answered, kept]).catch(() => undefined);
    }),
  );
}

// The page this worker did not see load (its first visit), and each page the app routes to
// without a navigation: kept so that a reload offline still shows them. One request after the
// other: a page asked for twice is fetched once, and the reply on a MessageChannel port (as
// Workbox's CACHE_URLS) says that everything asked until then is kept.
let remembering: Promise<unknown> = Promise.resolve();
self.addEventListener('message', (event) => {
  const message = readRememberMessage(event.data);
  if (!message) return;
  remembering = remembering
    .then(() => Promise.all([remember(event, message.pages, true), remember(event, message.resources, false)]))
    .catch(() => undefined); // one failed request must not stop the ones after it
  event.waitUntil(remembering.then(() => event.ports[0]?.postMessage(true)));
});

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  if (payload) event.waitUntil(receivePush(self, payload));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationLink(self, event.notification.data));
});
