/**
 * The site's one service worker (SERVICE_WORKER_URL of ./service-worker, which the tests compare):
 * written again here rather than imported, so that the lazy account page does not make the
 * entry's dynamic import of ./service-worker a shared chunk (the landing page's JavaScript stays
 * the same).
 */
export const PUSH_SERVICE_WORKER_URL = '/firebase-messaging-sw.js';

/*
 * This browser's side of Web Push (issue 33): whether it can receive notifications, the
 * permission, and its push subscription through the site's one service worker
 * (/firebase-messaging-sw.js). The account page posts the subscription to the server
 * (data/push.ts); nothing here talks to Sortie's API.
 */

/** What this browser allows: no Web Push at all, or the Notification permission so far. */
export type PushSupport = 'unsupported' | NotificationPermission;

/** The browser's objects read here; the real ones by default, fakes in tests. */
export interface PushBrowser {
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'ready' | 'getRegistration'> | undefined;
  /** Absent where there is no Web Push (iPhone Safari outside a home-screen app, old browsers). */
  PushManager: unknown;
  Notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
}

function currentBrowser(): PushBrowser {
  const scope = globalThis as { navigator?: Navigator; PushManager?: unknown; Notification?: typeof Notification };
  return {
    serviceWorker: scope.navigator && 'serviceWorker' in scope.navigator ? scope.navigator.serviceWorker : undefined,
    PushManager: scope.PushManager,
    Notification: scope.Notification,
  };
}

/** Whether this browser can receive Web Push, and whether Sortie may show notifications. */
export function readPushSupport(browser: PushBrowser = currentBrowser()): PushSupport {
  if (!browser.serviceWorker || !browser.PushManager || !browser.Notification) return 'unsupported';
  return browser.Notification.permission;
}

/** A refusal or failure of the browser itself, with the sentence the visitor reads. */
export class PushBrowserError extends Error {}

/** The VAPID public key, base64url as /api/config gives it, as the bytes PushManager.subscribe() takes. */
export function applicationServerKeyOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.trim().replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

export type SubscribeOutcome = { kind: 'subscribed'; subscription: PushSubscriptionJSON } | { kind: 'refused'; permission: Exclude<NotificationPermission, 'granted'> };

/**
 * Asks the permission (the browser's prompt: call it from the visitor's click), then subscribes
 * the service worker's registration with the server's key and gives `toJSON()`. A subscription
 * already made with another key (the server's keys changed) is replaced.
 */
export async function subscribeThisDevice(vapidPublicKey: string, browser: PushBrowser = currentBrowser()): Promise<SubscribeOutcome> {
  const { serviceWorker, Notification: notification } = browser;
  if (!serviceWorker || !browser.PushManager || !notification) throw new PushBrowserError('Ce navigateur ne peut pas recevoir de notifications.');
  // First, while the click still counts as the visitor's gesture (Safari and Firefox require it).
  const permission = await notification.requestPermission();
  if (permission !== 'granted') return { kind: 'refused', permission };
  const key = applicationServerKeyOf(vapidPublicKey);
  try {
    await serviceWorker.register(PUSH_SERVICE_WORKER_URL);
    const registration = await serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return { kind: 'subscribed', subscription: subscription.toJSON() };
  } catch (error) {
    throw new PushBrowserError('Le service de notifications de votre navigateur n’a pas pu inscrire cet appareil. Réessayez dans un instant.', { cause: error });
  }
}

/** Ends this browser's own subscription (after the server forgot this device); a failure changes nothing for the visitor. */
export async function unsubscribeThisDevice(browser: PushBrowser = currentBrowser()): Promise<void> {
  try {
    const registration = await browser.serviceWorker?.getRegistration(PUSH_SERVICE_WORKER_URL);
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // The server sends nothing more to it either way.
  }
}
