import { importPKCS8, SignJWT } from 'jose';
import type { FcmConfig } from '../config';
import { retryAfterMs, type PushMessage, type PushOutcome, type PushSender, type PushTarget } from './push-sender';
import { PUSH_TTL_SECONDS } from './web-push-sender';

/*
 * The Firebase Cloud Messaging adapter (issue 33), behind the same PushSender port as Web Push:
 * the FCM HTTP v1 API, called directly. `firebase-admin` is not used: its messaging client
 * hard-codes fcm.googleapis.com (FCM_SEND_HOST) over an HTTP/2 session and the service account's
 * token exchange, so it cannot be pointed at a local fake for the contract suite, and it brings
 * Google Cloud's client libraries for one POST. What it does here is small: a service-account JWT
 * (RS256, RFC 7523) exchanged at the account's token endpoint for an OAuth bearer, kept until it
 * nearly expires, then `POST /v1/projects/{project}/messages:send`.
 *
 * The message is a data message (every value a string): the service worker shows it, or the open
 * tab's toast does, never both, as for Web Push. FCM's UNREGISTERED (404) says the token is gone.
 */

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;

export interface FcmSenderOptions {
  fcm: FcmConfig;
  now?: () => number;
  fetchImpl?: typeof fetch;
}

/** FCM's error body: `{ error: { code, status, message, details: [{ '@type': '…FcmError', errorCode }] } }`. */
interface FcmError {
  error?: { code?: number; status?: string; message?: string; details?: Array<{ '@type'?: string; errorCode?: string }> };
}

export class FcmSender implements PushSender {
  readonly name = 'fcm';
  private token: { value: string; expiresAt: number } | null = null;
  private key: Promise<CryptoKey> | null = null;

  constructor(private readonly options: FcmSenderOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** An OAuth bearer for FCM: the service account's signed JWT exchanged at its token endpoint, kept until a minute before it expires. */
  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt - 60_000 > this.now()) return this.token.value;
    const { fcm } = this.options;
    this.key ??= importPKCS8(fcm.privateKey, 'RS256');
    const issuedAt = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(fcm.clientEmail)
      .setAudience(fcm.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(await this.key);
    const response = await (this.options.fetchImpl ?? fetch)(fcm.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error_description?: unknown; error?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new Error(`jeton OAuth refusé (${response.status}${typeof body.error_description === 'string' ? ` : ${body.error_description}` : typeof body.error === 'string' ? ` : ${body.error}` : ''})`);
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value: body.access_token, expiresAt: this.now() + expiresIn * 1000 };
    return this.token.value;
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const { fcm } = this.options;
    const payload = {
      message: {
        token: target.endpoint,
        data: { id: message.id, title: message.title, body: message.body, link: message.link ?? '', icon: message.icon ?? '' },
        webpush: { headers: { TTL: String(PUSH_TTL_SECONDS), Urgency: 'normal', Topic: message.id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) } },
      },
    };
    let response: Response;
    for (let attempt = 0; ; attempt++) {
      let bearer: string;
      try {
        bearer = await this.bearer();
      } catch (error) {
        return { status: 'failed', statusCode: null, message: `FCM : ${error instanceof Error ? error.message : String(error)}`, retryAfterMs: null };
      }
      try {
        response = await (this.options.fetchImpl ?? fetch)(`${fcm.apiUrl}/v1/projects/${encodeURIComponent(fcm.projectId)}/messages:send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        return { status: 'failed', statusCode: null, message: `FCM injoignable : ${error instanceof Error ? error.message : String(error)}`, retryAfterMs: null };
      }
      // A bearer FCM no longer takes (revoked, clock skew): a fresh one, once.
      if (response.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      break;
    }
    if (response.ok) return { status: 'sent', statusCode: response.status };
    const text = await response.text().catch(() => '');
    let error: FcmError['error'];
    try {
      error = (JSON.parse(text) as FcmError).error;
    } catch {
      error = undefined;
    }
    const code = error?.details?.find((detail) => detail['@type']?.endsWith('google.firebase.fcm.v1.FcmError'))?.errorCode ?? error?.status;
    // The app was uninstalled or the token expired: never to be tried again.
    if (code === 'UNREGISTERED' || response.status === 404) return { status: 'gone', statusCode: response.status };
    return {
      status: 'failed',
      statusCode: response.status,
      message: `FCM a répondu ${response.status}${code ? ` ${code}` : ''}${error?.message ? ` : ${error.message.slice(0, 200)}` : ''}.`,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after') ?? undefined, this.now()),
    };
  }
}
