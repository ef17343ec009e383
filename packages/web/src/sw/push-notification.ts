// Push messages as the worker shows them. The payload is Firebase Cloud Messaging's (what the
// Firebase messaging worker would receive): `notification` {title, body, icon, click_action},
// `data` (our PushMessage's {id, …}, SPEC.md §3) and `fcmOptions.link`.
import type { ServiceWorkerScope } from './worker-scope';

export interface PushPayload {
  notification?: { title?: unknown; body?: unknown; icon?: unknown; image?: unknown; click_action?: unknown };
  data?: Record<string, unknown>;
  fcmOptions?: { link?: unknown };
}

export interface ShownNotification {
  title: string;
  options: { body?: string; icon: string; badge: string; image?: string; tag?: string; lang: 'fr'; data: { link: string; payload: PushPayload } };
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** The title when a message carries none: the app's name, never an empty notification. */
export const DEFAULT_TITLE = 'Sortie';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** The payload of a push event's data, or null when it is not a JSON object (not ours). */
export function readPushPayload(data: { json(): unknown } | null | undefined): PushPayload | null {
  if (!data) return null;
  try {
    const payload = data.json();
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as PushPayload) : null;
  } catch {
    return null;
  }
}

/**
 * Where a click on the notification leads: the message's link when it stays on this site
 * (as Firebase's own worker does, a notification never opens another site), else the home page.
 */
export function linkOf(payload: PushPayload, origin: string): string {
  const candidates = [payload.fcmOptions?.link, payload.notification?.click_action, payload.data?.link, payload.data?.url];
  for (const candidate of candidates) {
    const link = text(candidate);
    if (!link) continue;
    try {
      const url = new URL(link, origin);
      if (url.origin === origin) return url.href;
    } catch {
      // not a URL: try the next one
    }
  }
  return new URL('/', origin).href;
}

/** What to show for a message that arrives while no page of the site is on screen. */
export function notificationOf(payload: PushPayload, origin: string): ShownNotification {
  const notification = payload.notification ?? {};
  const body = text(notification.body) ?? text(payload.data?.body);
  const image = text(notification.image);
  const id = text(payload.data?.id);
  return {
    title: text(notification.title) ?? text(payload.data?.title) ?? DEFAULT_TITLE,
    options: {
      ...(body ? { body } : {}),
      icon: text(notification.icon) ?? NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      ...(image ? { image } : {}),
      // A message sent twice (retried) replaces its notification instead of stacking.
      ...(id ? { tag: id } : {}),
      lang: 'fr',
      data: { link: linkOf(payload, origin), payload },
    },
  };
}

/**
 * The message Firebase's window SDK listens for (`onMessage`, used by FirebasePushAdapter): while
 * a page is visible, the message goes to it and becomes the in-app toast instead of a notification.
 */
export function foregroundMessageOf(payload: PushPayload): PushPayload & { isFirebaseMessaging: true; messageType: 'push-received' } {
  return { ...payload, isFirebaseMessaging: true, messageType: 'push-received' };
}

type PushScope = Pick<ServiceWorkerScope, 'clients' | 'registration' | 'location'>;

/**
 * A push message: to the site's visible pages when there is one (the in-app toast, as Firebase's
 * own worker does), else a system notification.
 */
export async function receivePush(scope: PushScope, payload: PushPayload): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const client of visible) client.postMessage(foregroundMessageOf(payload));
    return;
  }
  const { title, options } = notificationOf(payload, scope.location.origin);
  await scope.registration.showNotification(title, options);
}

/**
 * A click on a notification: a tab already on its page comes to the front; else a tab of the site
 * goes there; else a new tab opens on it.
 */
export async function openNotificationLink(scope: Pick<ServiceWorkerScope, 'clients'>, data: unknown): Promise<void> {
  const link = (data as Partial<ShownNotification['options']['data']> | null | undefined)?.link;
  if (typeof link !== 'string') return;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === link);
  if (same) {
    await same.focus();
    return;
  }
  const other = windows[0];
  if (!other) {
    await scope.clients.openWindow(link);
    return;
  }
  const focused = await other.focus();
  // navigate() is refused for a tab this worker does not control: a new tab then.
  const moved = await focused.navigate(link).catch(() => null);
  if (!moved) await scope.clients.openWindow(link);
}
