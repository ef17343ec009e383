import { describe, expect, it } from 'vitest';
import { REMEMBER } from '../sw/cache-rules';
import { SERVICE_WORKER_URL, startServiceWorker, type ServiceWorkerHostPage } from './service-worker';

const ORIGIN = 'https://sortie.example';

/** A page and its navigator.serviceWorker, driven by the test. */
function fakePage({ controlled = false, readyState = 'loading' as DocumentReadyState, registration = Promise.resolve({}) as Promise<unknown> } = {}) {
  const windowListeners = new Map<string, Array<() => void>>();
  const workerListeners = new Map<string, Array<() => void>>();
  const posted: unknown[] = [];
  const registered: string[] = [];
  const warnings: string[] = [];
  const announced: string[] = [];
  const controller = { postMessage: (message: unknown) => posted.push(message) };
  const location = { href: `${ORIGIN}/events/0123456789abcdef01234567`, origin: ORIGIN };
  const serviceWorker = {
    controller: controlled ? controller : null,
    register: (url: string) => {
      registered.push(url);
      return registration;
    },
    addEventListener: (type: string, listener: () => void) => workerListeners.set(type, [...(workerListeners.get(type) ?? []), listener]),
  };
  const page = {
    serviceWorker,
    window: {
      location,
      document: { readyState },
      addEventListener: (type: string, listener: () => void) => windowListeners.set(type, [...(windowListeners.get(type) ?? []), listener]),
    },
    loadedUrls: () => [`${ORIGIN}/api/config`, `${ORIGIN}/assets/index-a1.js`, 'https://tile.openstreetmap.org/1/1/1.png', `${ORIGIN}/api/events/0123456789abcdef01234567`],
    warn: (message: string) => warnings.push(message),
    announceUpdate: () => announced.push('update'),
  } as unknown as ServiceWorkerHostPage;
  return {
    page,
    posted,
    registered,
    warnings,
    announced,
    location,
    fireWindow: (type: string) => windowListeners.get(type)?.forEach((listener) => listener()),
    takeControl: () => {
      serviceWorker.controller = controller;
      workerListeners.get('controllerchange')?.forEach((listener) => listener());
    },
  };
}

describe('startServiceWorker', () => {
  it('registers the site’s one worker, at the push adapter’s URL, once the page has loaded', () => {
    const browser = fakePage();
    startServiceWorker(browser.page);
    expect(browser.registered).toEqual([]);
    browser.fireWindow('load');
    expect(browser.registered).toEqual(['/firebase-messaging-sw.js']);
    expect(SERVICE_WORKER_URL).toBe('/firebase-messaging-sw.js');
  });

  it('registers at once when the page has already loaded', () => {
    const browser = fakePage({ readyState: 'complete' });
    startServiceWorker(browser.page);
    expect(browser.registered).toEqual([SERVICE_WORKER_URL]);
  });

  it('does nothing in a browser without service workers', () => {
    const browser = fakePage();
    startServiceWorker({ ...browser.page, serviceWorker: undefined });
    browser.fireWindow('load');
    expect(browser.registered).toEqual([]);
  });

  it('logs a failed registration, and the page goes on', async () => {
    const browser = fakePage({ readyState: 'complete', registration: Promise.reject(new Error('SecurityError')) });
    startServiceWorker(browser.page);
    await Promise.resolve();
    await Promise.resolve();
    expect(browser.warnings).toEqual(['Service worker : l’enregistrement a échoué.']);
  });

  it('on a first visit, asks the new worker to keep the page and this site’s reads made before it took control', () => {
    const browser = fakePage({ readyState: 'complete' });
    startServiceWorker(browser.page);
    browser.takeControl();
    expect(browser.posted).toEqual([
      {
        type: REMEMBER,
        pages: [`${ORIGIN}/events/0123456789abcdef01234567`],
        resources: [`${ORIGIN}/api/config`, `${ORIGIN}/assets/index-a1.js`, `${ORIGIN}/api/events/0123456789abcdef01234567`],
      },
    ]);
  });

  it('offers to reload when a new version replaces the worker, and asks it nothing', () => {
    const browser = fakePage({ controlled: true, readyState: 'complete' });
    startServiceWorker(browser.page);
    browser.takeControl();
    expect(browser.posted).toEqual([]);
    expect(browser.announced).toEqual(['update']);
  });

  it('on a first visit, offers to reload only when a second worker takes over', () => {
    const browser = fakePage({ readyState: 'complete' });
    startServiceWorker(browser.page);
    browser.takeControl();
    expect(browser.announced).toEqual([]);
    browser.takeControl();
    expect(browser.announced).toEqual(['update']);
    expect(browser.posted).toHaveLength(1);
  });

  it('asks the worker to keep each page the app routes to without a navigation', () => {
    const browser = fakePage({ controlled: true, readyState: 'complete' });
    startServiceWorker(browser.page);
    browser.location.href = `${ORIGIN}/places/0123456789abcdef01234567`;
    browser.fireWindow('pushState');
    browser.location.href = `${ORIGIN}/home/Poitiers`;
    browser.fireWindow('popstate');
    expect(browser.posted).toEqual([
      { type: REMEMBER, pages: [`${ORIGIN}/places/0123456789abcdef01234567`], resources: [] },
      { type: REMEMBER, pages: [`${ORIGIN}/home/Poitiers`], resources: [] },
    ]);
  });
});
