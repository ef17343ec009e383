// Push messages as the worker shows them. Two payloads arrive here: the server's own Web Push
// message (issue 33), a flat JSON object {id, title, body, link, icon}; and Firebase Cloud
// Messaging's (what the Firebase messaging worker would receive): `notification` {title, body,
// icon, click_action}, `data` (our PushMessage's {id, …}, SPEC.md §3) and `fcmOptions.link`.
import type { ServiceWorkerScope } from './worker-scope';

export interface PushPayload {
  /** The server's Web Push message: the notification's id, French title and text, its page and icon. */
  id?: unknown;
  title?: unknown;
  body?: unknown;
  link?: unknown;
  icon?: unknown;
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
 * A page of this site (a relative link, or an absolute http(s) one on this origin) as an
 * absolute URL, or null: another site, `javascript:`, `data:` and anything unreadable are refused.
 */
export function safeLink(value: unknown, origin: string): string | null {
  const link = text(value);
  if (!link) return null;
  try {
    const url = new URL(link, origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where a click on the notification leads: the message's link when it stays on this site
 * (as Firebase's own worker does, a notification never opens another site), else the home page.
 */
export function linkOf(payload: PushPayload, origin: string): string {
  const candidates = [payload.link, payload.fcmOptions?.link, payload.notification?.click_action, payload.data?.link, payload.data?.url];
  for (const candidate of candidates) {
    const link = safeLink(candidate, origin);
    if (link) return link;
  }
  return new URL('/', origin).href;
}

/** The notification's id: the Web Push message's, or FCM's data.id. */
const idOf = (payload: PushPayload): string | undefined => text(payload.id) ?? text(payload.data?.id);

/** What to show for a message that arrives while no page of the site is on screen. */
export function notificationOf(payload: PushPayload, origin: string): ShownNotification {
  const notification = payload.notification ?? {};
  const body = text(notification.body) ?? text(payload.body) ?? text(payload.data?.body);
  const image = text(notification.image);
  const id = idOf(payload);
  return {
    title: text(notification.title) ?? text(payload.title) ?? text(payload.data?.title) ?? DEFAULT_TITLE,
    options: {
      ...(body ? { body } : {}),
      icon: text(notification.icon) ?? text(payload.icon) ?? text(payload.data?.icon) ?? NOTIFICATION_ICON,
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
 * a page has the focus, the message goes to it and becomes the in-app toast (the inbox reads
 * `data.id`, so a Web Push message's id is copied there) instead of a notification.
 */
export function foregroundMessageOf(payload: PushPayload): PushPayload & { isFirebaseMessaging: true; messageType: 'push-received' } {
  const id = idOf(payload);
  const data = id && !text(payload.data?.id) ? { data: { ...payload.data, id } } : {};
  return { ...payload, ...data, isFirebaseMessaging: true, messageType: 'push-received' };
}

type PushScope = Pick<ServiceWorkerScope, 'clients' | 'registration' | 'location'>;

/**
 * A push message: to the site's focused page when there is one (the in-app toast, never both),
 * else a system notification (a tab left open in the background does not count: the visitor
 * is not looking at it).
 */
export async function receivePush(scope: PushScope, payload: PushPayload): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const focused = windows.filter((client) => client.focused);
  if (focused.length > 0) {
    for (const client of focused) client.postMessage(foregroundMessageOf(payload));
    return;
  }
  const { title, options } = notificationOf(payload, scope.location.origin);
  await scope.registration.showNotification(title, options);
}

/**
 * A click on a notification: a tab already on its page comes to the front; else a tab of the site
 * goes there; else a new tab opens on it.
 */
export async function openNotificationLink(scope: Pick<ServiceWorkerScope, 'clients' | 'location'>, data: unknown): Promise<void> {
  // Checked again on the click: only a page of this site is ever opened.
  const link = safeLink((data as Partial<ShownNotification['options']['data']> | null | undefined)?.link, scope.location.origin);
  if (!link) return;
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
