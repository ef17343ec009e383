import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { VapidConfig } from '../config';
import { bareHost, guardedLookup, isLocalHost } from '../collectors/safe-fetch';
import { retryAfterMs, type PushMessage, type PushOutcome, type PushSender, type PushTarget } from './push-sender';

export interface WebPushOptions {
  vapid: VapidConfig;
  subject: string;
  /** Origins allowed besides public https hosts (SORTIE_ALLOWED_PRIVATE_ORIGINS): private, and plain http. */
  allowedPrivateOrigins: readonly string[];
  /** How long a push service keeps a message for a phone that is off (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** A day: a reminder or a badge older than that is no news any more. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;
/** How long a VAPID header holds (RFC 8292 allows up to 24 h). */
const VAPID_TTL_S = 12 * 3600;
/** Connections kept open to the push services: a fan-out posts thousands of messages to the same few hosts. */
const AGENTS = { 'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }), 'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }) };

/** Whether the server may POST to `endpoint`: https on a public host, or an origin the operator allowed. */
export function endpointAllowed(endpoint: string, allowedPrivateOrigins: readonly string[]): { ok: true; allowed: boolean } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: 'Adresse du service de notifications illisible.' };
  }
  if (allowedPrivateOrigins.includes(url.origin)) return { ok: true, allowed: true };
  if (url.protocol !== 'https:') return { ok: false, message: 'L’adresse du service de notifications doit être en https.' };
  if (isLocalHost(bareHost(url))) {
    return { ok: false, message: 'L’adresse du service de notifications mène à une adresse privée ou locale.' };
  }
  return { ok: true, allowed: false };
}

/**
 * The Web Push adapter: web-push (the well-kept library) encrypts the message for the browser
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); the POST is ours, so that every
 * resolved address is checked at connect time as the collectors' are (no push to the server's
 * own network unless allowed).
 */
export class WebPushSender implements PushSender {
  readonly name = 'web-push';
  /** The VAPID header per push service (its origin): signed once for VAPID_TTL_S, not once per message. */
  private readonly vapidHeaders = new Map<string, { header: string; expiresAt: number }>();
  constructor(private readonly options: WebPushOptions) {}

  /** RFC 8292's Authorization for a push service's origin, kept until an hour before it expires (the wall clock: the push service checks it). */
  private vapidHeader(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = this.vapidHeaders.get(audience);
    const now = Date.now();
    if (cached && cached.expiresAt - 3600_000 > now) return cached.header;
    const expiresAt = now + VAPID_TTL_S * 1000;
    const { vapid, subject } = this.options;
    const header = webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(expiresAt / 1000)).Authorization;
    this.vapidHeaders.set(audience, { header, expiresAt });
    return header;
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const check = endpointAllowed(target.endpoint, this.options.allowedPrivateOrigins);
    if (!check.ok) return { status: 'failed', statusCode: null, message: check.message, retryAfterMs: null };
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: target.keys }, JSON.stringify(message), {
        // No vapidDetails: the Authorization is signed once per push service (vapidHeader), not by web-push for each message.
        TTL: this.options.ttlSeconds ?? PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
    } catch (error) {
      return { status: 'failed', statusCode: null, message: `Abonnement inutilisable : ${error instanceof Error ? error.message : String(error)}`, retryAfterMs: null };
    }
    details.headers.Authorization = this.vapidHeader(target.endpoint);
    const answer = await post(details, check.allowed, this.options.timeoutMs ?? TIMEOUT_MS).catch((error: Error) => error);
    if (answer instanceof Error) return { status: 'failed', statusCode: null, message: `Service de notifications injoignable : ${answer.message}`, retryAfterMs: null };
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { status: 'sent', statusCode: answer.statusCode };
    // The subscription expired or was revoked (RFC 8030 §7.3): never to be tried again.
    if (answer.statusCode === 404 || answer.statusCode === 410) return { status: 'gone', statusCode: answer.statusCode };
    const now = this.options.now?.() ?? Date.now();
    return { status: 'failed', statusCode: answer.statusCode, message: `Le service de notifications a répondu ${answer.statusCode}${answer.text ? ` : ${answer.text.slice(0, 200)}` : ''}.`, retryAfterMs: retryAfterMs(answer.retryAfter, now) };
  }
}

interface PushAnswer {
  statusCode: number;
  text: string;
  retryAfter: string | string[] | undefined;
}

function post(details: webpush.RequestDetails, allowed: boolean, timeoutMs: number): Promise<PushAnswer> {
  const url = new URL(details.endpoint);
  const host = bareHost(url);
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = typeof value === 'number' ? value : String(value);
  return new Promise((resolve, reject) => {
    const agent = url.protocol === 'https:' ? AGENTS['https:'] : AGENTS['http:'];
    const request = client.request(url, { method: details.method, headers, agent, lookup: guardedLookup(host, allowed), timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        // An answer's text is for the logs: its first 4 kB are plenty.
        size += chunk.length;
        if (size <= 4096) chunks.push(chunk);
      });
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').trim(), retryAfter: response.headers['retry-after'] }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`pas de réponse en ${Math.ceil(timeoutMs / 1000)} s`)));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
