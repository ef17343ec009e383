import { ValidationError, type PushDevice, type PushSubscriptionInput } from '@sortie/core';
import { sessionTokenHash } from '../auth/session-token';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { describeDevice } from '../identity/device';
import type { PushMessage, PushOutcome, PushSender, PushTarget } from './push-sender';
import { endpointAllowed } from './web-push-sender';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

type SubscriptionRow = {
  id: string;
  endpoint: string;
  key_p256dh: string;
  key_auth: string;
  user_agent: string | null;
  created_at: Date | string;
  last_success_at: Date | string | null;
  current: boolean | null;
};

export interface PushServiceOptions {
  now: () => number;
  /** SORTIE_ALLOWED_PRIVATE_ORIGINS: endpoints there may be plain http or private. */
  allowedPrivateOrigins: readonly string[];
  log: (message: string) => void;
  /** Waits before a retry (setTimeout by default; tests pass their own clock). */
  sleep?: (ms: number) => Promise<void>;
}

/** What one fan-out did, per device: sent, removed (the service said it is gone), failed. */
export interface PushReport {
  sent: number;
  removed: number;
  failed: Array<{ id: string; statusCode: number | null; message: string }>;
}

/** A message fits a push service's 4 kB once encrypted: the text is cut well before. */
const MAX_BODY = 1000;
/** Attempts per device for one notification when the push service is busy (429) or failing (5xx, no answer). */
export const PUSH_ATTEMPTS = 3;
/** The waits before the 2nd and 3rd attempts when the service gave no Retry-After. */
export const PUSH_BACKOFF_MS = [1_000, 5_000];
/** A Retry-After longer than this is not waited for in memory: the attempt fails, logged. */
export const PUSH_MAX_WAIT_MS = 60_000;

/** Worth another attempt: the service asked to come back (429), failed (5xx) or did not answer. */
const retryable = (outcome: PushOutcome): outcome is Extract<PushOutcome, { status: 'failed' }> =>
  outcome.status === 'failed' && (outcome.statusCode === null || outcome.statusCode === 429 || outcome.statusCode >= 500);

/**
 * The Web Push subscriptions of the people (one per browser) and the delivery of their
 * notifications to them: the storage of GET, POST and DELETE /api/me/pushSubscriptions, the
 * fan-out after a notification is created, and the removal of a device its push service says is
 * gone. A subscription goes with its session (signing out of that browser ends it: a cascading
 * key, migration 0020) and with the account.
 */
export class PushService {
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly options: PushServiceOptions,
  ) {}

  /**
   * Keeps the browser's subscription for the person, tied to the session of the request. The same
   * endpoint again (the browser renewed its keys, or another account signed in on it) takes over
   * its row: one browser is one device, notified for the account signed in on it.
   */
  async subscribe(userId: string, sessionToken: string | null, input: PushSubscriptionInput, userAgent: string | null): Promise<PushDevice> {
    const check = endpointAllowed(input.endpoint, this.options.allowedPrivateOrigins);
    if (!check.ok) throw new ValidationError(`Requête invalide. endpoint : ${check.message}`, [{ path: 'endpoint', message: check.message }]);
    const now = new Date(this.options.now()).toISOString();
    const [row] = await this.db.query<SubscriptionRow>(
      `INSERT INTO push_subscriptions AS p (id, user_id, session_id, endpoint, key_p256dh, key_auth, user_agent, created_at)
       VALUES ($1, $2, (SELECT id FROM sessions WHERE token_hash = $3 AND user_id = $2), $4, $5, $6, $7, $8)
       ON CONFLICT (endpoint) DO UPDATE SET
         session_id = EXCLUDED.session_id, key_p256dh = EXCLUDED.key_p256dh, key_auth = EXCLUDED.key_auth, user_agent = EXCLUDED.user_agent,
         created_at = CASE WHEN p.user_id = EXCLUDED.user_id THEN p.created_at ELSE EXCLUDED.created_at END,
         last_success_at = CASE WHEN p.user_id = EXCLUDED.user_id THEN p.last_success_at END,
         user_id = EXCLUDED.user_id
       RETURNING id, endpoint, key_p256dh, key_auth, user_agent, created_at, last_success_at, session_id IS NOT NULL AS current`,
      [newId(), userId, sessionToken ? sessionTokenHash(sessionToken) : null, input.endpoint, input.keys.p256dh, input.keys.auth, userAgent?.slice(0, 400) || null, now],
    );
    return deviceOf(row!);
  }

  /** The person's devices, the newest first; `current` marks the one made in the session of `sessionToken`. */
  async list(userId: string, sessionToken: string | null): Promise<PushDevice[]> {
    const rows = await this.db.query<SubscriptionRow>(
      `SELECT p.id, p.endpoint, p.key_p256dh, p.key_auth, p.user_agent, p.created_at, p.last_success_at, s.token_hash IS NOT NULL AND s.token_hash = $2 AS current
       FROM push_subscriptions p LEFT JOIN sessions s ON s.id = p.session_id
       WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id`,
      [userId, sessionToken ? sessionTokenHash(sessionToken) : null],
    );
    return rows.map(deviceOf);
  }

  /** Removes one of the person's devices; false when they have none by that id (someone else's included). */
  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return rows.length > 0;
  }

  /**
   * Sends a notification to every device of the person, in the background: the request or the job
   * that created it does not wait for push services. `settled()` waits for what is under way.
   */
  fanOut(userId: string, message: PushMessage): void {
    const delivery = this.deliver(userId, message)
      .then((report) => {
        for (const failure of report.failed) this.options.log(`Notification ${message.id} non remise à l’appareil ${failure.id} : ${failure.message}`);
      })
      .catch((error: unknown) => this.options.log(`Notification ${message.id} : envoi aux appareils impossible (${error instanceof Error ? error.message : String(error)}).`))
      .finally(() => this.running.delete(delivery));
    this.running.add(delivery);
  }

  /** Waits for the fan-outs under way (tests, and the server's stop). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  /** The server stops: no more waiting for a retry (the attempts under way end), then what is under way is awaited. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers) wake();
    await this.settled();
  }

  private wait(ms: number): Promise<void> {
    if (this.options.sleep) return this.options.sleep(ms);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.wakers.add(wake);
    });
  }

  /** One device: up to PUSH_ATTEMPTS, waiting what the service asked (Retry-After) or the backoff between them. */
  private async attempt(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    let outcome = await this.sender.send(target, message);
    for (let attempt = 1; attempt < PUSH_ATTEMPTS && retryable(outcome) && !this.closed; attempt++) {
      const wait = outcome.retryAfterMs ?? PUSH_BACKOFF_MS[attempt - 1] ?? PUSH_BACKOFF_MS.at(-1)!;
      if (wait > PUSH_MAX_WAIT_MS) break;
      await this.wait(wait);
      if (this.closed) break;
      outcome = await this.sender.send(target, message);
    }
    return outcome;
  }

  /** Sends to every device of the person now; a device gone (404, 410) is removed, a success dated. */
  async deliver(userId: string, message: PushMessage): Promise<PushReport> {
    const rows = await this.db.query<SubscriptionRow>('SELECT id, endpoint, key_p256dh, key_auth FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id', [userId]);
    const report: PushReport = { sent: 0, removed: 0, failed: [] };
    const sent = { ...message, body: message.body.length > MAX_BODY ? `${message.body.slice(0, MAX_BODY - 1)}…` : message.body };
    await Promise.all(
      rows.map(async (row) => {
        const outcome = await this.attempt({ id: row.id, endpoint: row.endpoint, keys: { p256dh: row.key_p256dh, auth: row.key_auth } }, sent);
        if (outcome.status === 'sent') {
          report.sent++;
          await this.db.query('UPDATE push_subscriptions SET last_success_at = $2 WHERE id = $1', [row.id, new Date(this.options.now()).toISOString()]);
        } else if (outcome.status === 'gone') {
          report.removed++;
          // Only this endpoint's row as it was read: a browser that subscribed again meanwhile keeps its new keys.
          await this.db.query('DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2 AND key_auth = $3', [row.id, row.endpoint, row.key_auth]);
        } else {
          report.failed.push({ id: row.id, statusCode: outcome.statusCode, message: outcome.message });
        }
      }),
    );
    return report;
  }
}

function deviceOf(row: SubscriptionRow): PushDevice {
  return {
    id: row.id,
    device: describeDevice(row.user_agent),
    service: new URL(row.endpoint).host,
    createdAt: iso(row.created_at)!,
    lastSuccessAt: iso(row.last_success_at),
    current: row.current === true,
  };
}
