/*
 * The server's port to a phone's notifications (issue 33): Web Push (RFC 8030, 8291, 8292) by
 * default, Firebase Cloud Messaging when Firebase is configured, behind this one interface. The
 * fan-out (push.service.ts) knows devices and outcomes, never the protocol.
 */

/** One device to reach: a Web Push subscription (endpoint and keys); an FCM token would be its endpoint. */
export interface PushTarget {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows: the notification's French title and text, and the page its click opens. */
export interface PushMessage {
  /** The notification's id: the service worker's tag (one system notification per notification). */
  id: string;
  title: string;
  body: string;
  link: string | null;
  icon: string | null;
}

/**
 * What the push service answered. `gone`: the device is no more (404, 410, FCM's UNREGISTERED),
 * its subscription is to be removed; `failed`: another refusal or no answer, with how long the
 * service asked to wait (Retry-After) when it said.
 */
export type PushOutcome =
  | { status: 'sent'; statusCode: number }
  | { status: 'gone'; statusCode: number }
  | { status: 'failed'; statusCode: number | null; message: string; retryAfterMs: number | null };

export interface PushSender {
  /** 'web-push' or 'fcm': which protocol, for the logs and the diagnostics. */
  readonly name: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** Retry-After in milliseconds: seconds, or an HTTP date (from `now`); null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header?.trim()) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
