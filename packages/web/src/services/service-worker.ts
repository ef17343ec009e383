import { REMEMBER, type RememberMessage } from '../sw/cache-rules';
import { showUpdateNotice } from './update-notice';

/**
 * The site's service worker (src/sw/firebase-messaging-sw.ts): the URL SPEC.md §7 registers for
 * push messages, so the push adapter and the app register one and the same worker.
 */
export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';

/** What the registration reads from the browser; the real ones by default. */
export interface ServiceWorkerHostPage {
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'> | undefined;
  window: Pick<Window, 'addEventListener'> & { location: Pick<Location, 'href' | 'origin'>; document: Pick<Document, 'readyState'> };
  /** The URLs the page has loaded so far (the Resource Timing entries). */
  loadedUrls: () => string[];
  warn: (message: string, error: unknown) => void;
  /** A new version of the site took over this page: offer to reload. */
  announceUpdate: () => void;
}

function browserPage(): ServiceWorkerHostPage {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    window,
    loadedUrls: () => performance.getEntriesByType('resource').map((entry) => entry.name),
    warn: (message, error) => console.warn(message, error),
    announceUpdate: () => showUpdateNotice(document, () => location.reload()),
  };
}

/**
 * Registers the service worker once the page has loaded (it must not compete with the first
 * paint), then tells it what to keep: the page and the reads it made before the worker
 * controlled it (a first visit), and each page the app routes to without a navigation. A
 * failure is logged (SPEC.md §8) and the site works on without a worker.
 */
export function startServiceWorker(page: ServiceWorkerHostPage = browserPage()): void {
  const { serviceWorker, window: win } = page;
  if (!serviceWorker) return;
  const post = (message: RememberMessage) => serviceWorker.controller?.postMessage(message);
  const sameOrigin = (url: string) => url.startsWith(`${win.location.origin}/`);

  // wouter signals its navigations with these events (it patches pushState and replaceState).
  for (const type of ['pushState', 'replaceState', 'popstate']) {
    win.addEventListener(type, () => post({ type: REMEMBER, pages: [win.location.href], resources: [] }));
  }
  let controlled = Boolean(serviceWorker.controller);
  serviceWorker.addEventListener('controllerchange', () => {
    // A worker replacing another: a new version of the site, whose worker takes over at once.
    if (controlled) return page.announceUpdate();
    // The first worker to control this page has seen none of what it loaded.
    controlled = true;
    post({ type: REMEMBER, pages: [win.location.href], resources: page.loadedUrls().filter(sameOrigin) });
  });

  const register = () =>
    void serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => page.warn('Service worker : l’enregistrement a échoué.', error));
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
