import { createHash, randomUUID } from 'node:crypto';
import type { NotificationKind } from '@sortie/core';
import type { Db } from '../db/database';
import type { PushMessage, PushOutcome, PushSender, PushTarget } from '../push/push-sender';

/*
 * One durable fan-out for every notification the server makes (issue 33). Making a notification
 * writes one `notification_deliveries` row per channel of its person: the app (written at once,
 * it is the notification's own row), each push device (Web Push or FCM) and the e-mail, as their
 * preferences say. The rows are the queue: a process claims the due ones with
 * FOR UPDATE SKIP LOCKED and a lease (`claim`, `locked_until`), sends, and records what the
 * service answered; a busy (429) or failing (5xx, no answer) service is tried again later, after
 * its Retry-After or a backoff, from the row, so a restart loses nothing. (notification, device)
 * is unique: one notification is never queued twice for a device, and a claimed row is sent by
 * its claimant only. A process that died mid-send leaves its claim to expire (DELIVERY_LEASE_MS);
 * then another sends it again: the service worker shows it under the notification's id as its
 * tag, so a phone shows it once.
 *
 * The process that wrote the rows drains them at once (`kick`), without holding up what made the
 * notification; the job runner's `deliveries` job drains every minute whatever was left (another
 * process stopped, a retry due later).
 */

/** What is sent, stored on the row: the push message, and for the e-mail its kind (its template and unsubscribe link). */
export interface DeliveryMessage extends PushMessage {
  kind: NotificationKind | null;
}

export type DeliveryChannel = 'app' | 'push' | 'email';
export type DeliveryStatus = 'queued' | 'sent' | 'failed';

/** A claimed row, with what its channel needs. */
export interface ClaimedDelivery {
  id: string;
  notificationId: string;
  userId: string;
  channel: DeliveryChannel;
  deviceId: string;
  message: DeliveryMessage;
  attempts: number;
}

/** What one delivery did; `gone` removes the push device (404, 410, FCM's UNREGISTERED). */
export type DeliveryOutcome = PushOutcome;

/** One row as /dashboard's diagnostics and the tests read it. */
export interface DeliveryRecord {
  id: string;
  notificationId: string;
  channel: DeliveryChannel;
  deviceId: string;
  status: DeliveryStatus;
  attempts: number;
  statusCode: number | null;
  answer: string | null;
  nextAttemptAt: string;
}

export interface FanOutOptions {
  now: () => number;
  log: (message: string) => void;
  /** The Web Push adapter: the browsers' subscriptions (push_subscriptions). */
  push: PushSender;
  /** The FCM adapter when Firebase messaging is configured: the device tokens the web app's Firebase messaging registered (users.data.messagingTokens). */
  fcm?: PushSender | null;
  /** Sends the e-mail of a delivery (set once the app's context exists). */
  mail?: (delivery: ClaimedDelivery) => Promise<DeliveryOutcome>;
  /** Rows claimed at once. */
  batch?: number;
  /** Sends under way at once in this process. */
  concurrency?: number;
  /** Arms the wake-up for the next retry due (setTimeout by default; tests record it). */
  setTimer?: (run: () => void, ms: number) => { clear(): void };
}

/** An FCM device's id in the deliveries: this and the md5 of its token (the token itself stays in the person's record). */
export const FCM_PREFIX = 'fcm:';
/** Attempts per delivery before it is failed for good. */
export const DELIVERY_ATTEMPTS = 5;
/** The waits before the 2nd, 3rd… attempts when the service gave no Retry-After. */
export const DELIVERY_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000];
/** A Retry-After beyond this (the push's TTL, a day) would deliver old news: the delivery fails. */
export const DELIVERY_MAX_WAIT_MS = 24 * 3600_000;
/** How long a claim holds: a process silent this long has died, its rows go to another. */
export const DELIVERY_LEASE_MS = 2 * 60_000;
/** A message fits a push service's 4 kB once encrypted: the text is cut well before. */
const MAX_BODY = 1000;
/**
 * Sends under way at once in a process: enough to keep a distant push service's round trips
 * overlapped, few enough that their encryption, queued behind one another, never holds a request
 * of the site for long.
 */
export const DELIVERY_CONCURRENCY = 16;
/** Outcomes written together. */
const RECORD_FLUSH = 50;

/**
 * One browser, one channel: an FCM token registered in a session (messaging_devices, migration
 * 0024) whose browser also has a Web Push subscription in that session is the same browser, which
 * would receive each notification twice: its Web Push subscription alone is sent to. (SQL, for an
 * FCM token `t.token` of the user `u`.)
 */
const ONE_CHANNEL = `EXISTS (SELECT 1 FROM messaging_devices m JOIN push_subscriptions s ON s.session_id = m.session_id AND s.user_id = m.user_id
  WHERE m.id = 'fcm:' || md5(t.token) AND m.user_id = u.id)`;

/** A notification's text as a push carries it: cut to MAX_BODY. */
export const pushBody = (body: string): string => (body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body);

const iso = (value: unknown): string => new Date(value instanceof Date || typeof value === 'number' ? value : String(value)).toISOString();

/** Worth another attempt: the service asked to come back (429), failed (5xx) or did not answer. */
const retryable = (outcome: DeliveryOutcome): outcome is Extract<DeliveryOutcome, { status: 'failed' }> =>
  outcome.status === 'failed' && (outcome.statusCode === null || outcome.statusCode === 429 || outcome.statusCode >= 500);

type Row = {
  id: string;
  notification_id: string;
  user_id: string;
  channel: DeliveryChannel;
  device_id: string;
  message: DeliveryMessage | string;
  attempts: number;
};

export class NotificationFanOut {
  private draining: Promise<number> | null = null;
  private again = false;
  private closed = false;
  private timer: { clear(): void; at: number } | null = null;
  /** Outcomes not written yet, and the push subscriptions that just received one. */
  private readonly outcomes: Array<{ id: string; claim: string; status: DeliveryStatus; status_code: number | null; answer: string | null; next_attempt_at: string | null }> = [];
  private readonly successes: string[] = [];
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: FanOutOptions,
  ) {}

  /** Resolves on a turn of the event loop of its own: the sends of all workers, one per turn. */
  private nextTurn(): Promise<void> {
    const mine = this.turn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    this.turn = mine;
    return mine;
  }

  set mail(send: (delivery: ClaimedDelivery) => Promise<DeliveryOutcome>) {
    this.options.mail = send;
  }

  /**
   * Queues the deliveries of one notification: `app` (already written: recorded as sent), every
   * push device of the person when `push`, the e-mail when `email`. Inside `tx` when given (the
   * notification and its deliveries are written together). Answers how many rows it queued (a
   * notification queued again adds none).
   */
  async enqueue(
    input: { notificationId: string; userId: string; message: Omit<DeliveryMessage, 'id'>; app: boolean; push: boolean; email: boolean },
    tx: Db = this.db,
  ): Promise<{ push: number; email: boolean }> {
    const now = new Date(this.options.now()).toISOString();
    const body = pushBody(input.message.body);
    const message = JSON.stringify({ ...input.message, id: input.notificationId, body });
    const rows = await tx.query<{ channel: DeliveryChannel }>(
      `INSERT INTO notification_deliveries (id, notification_id, user_id, channel, device_id, message, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT $1 || '-' || c.device_id, $1, $2, c.channel, c.device_id, $3::jsonb, CASE WHEN c.channel = 'app' THEN 'sent' ELSE 'queued' END,
              CASE WHEN c.channel = 'app' THEN 1 ELSE 0 END, $4, $4, $4
       FROM (
         SELECT 'app' AS channel, 'app' AS device_id WHERE $5::boolean
         UNION ALL SELECT 'push', s.id FROM push_subscriptions s WHERE $6::boolean AND s.user_id = $2
         UNION ALL SELECT DISTINCT 'push', 'fcm:' || md5(t.token) FROM users u, jsonb_array_elements_text(COALESCE(u.data->'messagingTokens', '[]'::jsonb)) AS t(token)
           WHERE $6::boolean AND $8::boolean AND u.id = $2 AND jsonb_typeof(u.data->'messagingTokens') = 'array' AND NOT ${ONE_CHANNEL}
         UNION ALL SELECT 'email', 'email' WHERE $7::boolean
       ) c
       ON CONFLICT (notification_id, device_id) DO NOTHING RETURNING channel`,
      [input.notificationId, input.userId, message, now, input.app, input.push, input.email, Boolean(this.options.fcm)],
    );
    const queued = { push: rows.filter((row) => row.channel === 'push').length, email: rows.some((row) => row.channel === 'email') };
    if (queued.push || queued.email) this.kick();
    return queued;
  }

  /**
   * enqueue for many notifications of one message at once: `recordset` is the JSON of
   * `{ notification_id, user_id, app, push, email }` rows. Does not kick (the caller does, once committed).
   */
  async enqueueMany(recordset: string, message: string, tx: Db = this.db): Promise<void> {
    const now = new Date(this.options.now()).toISOString();
    await tx.query(
      `INSERT INTO notification_deliveries (id, notification_id, user_id, channel, device_id, message, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT c.notification_id || '-' || c.device_id, c.notification_id, c.user_id, c.channel, c.device_id, $2::jsonb || jsonb_build_object('id', c.notification_id),
              CASE WHEN c.channel = 'app' THEN 'sent' ELSE 'queued' END, CASE WHEN c.channel = 'app' THEN 1 ELSE 0 END, $3, $3, $3
       FROM (
         SELECT r.notification_id, r.user_id, 'app' AS channel, 'app' AS device_id FROM jsonb_to_recordset($1::jsonb) AS r(notification_id text, user_id text, app boolean) WHERE r.app
         UNION ALL SELECT r.notification_id, r.user_id, 'push', s.id FROM jsonb_to_recordset($1::jsonb) AS r(notification_id text, user_id text, push boolean) JOIN push_subscriptions s ON s.user_id = r.user_id WHERE r.push
         UNION ALL SELECT DISTINCT r.notification_id, r.user_id, 'push', 'fcm:' || md5(t.token)
           FROM jsonb_to_recordset($1::jsonb) AS r(notification_id text, user_id text, push boolean) JOIN users u ON u.id = r.user_id, jsonb_array_elements_text(COALESCE(u.data->'messagingTokens', '[]'::jsonb)) AS t(token)
           WHERE r.push AND $4::boolean AND jsonb_typeof(u.data->'messagingTokens') = 'array' AND NOT ${ONE_CHANNEL}
         UNION ALL SELECT r.notification_id, r.user_id, 'email', 'email' FROM jsonb_to_recordset($1::jsonb) AS r(notification_id text, user_id text, email boolean) WHERE r.email
       ) c
       ON CONFLICT (notification_id, device_id) DO NOTHING`,
      [recordset, message, now, Boolean(this.options.fcm)],
    );
  }

  /** Drains soon, in the background: what made the notification does not wait for push services. */
  kick(): void {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    void this.drain().catch((error: unknown) => this.options.log(`Envoi des notifications : ${error instanceof Error ? error.message : String(error)}`));
  }

  /**
   * Sends every delivery due now that no other process holds, batch after batch, until none is
   * left; then arms a wake-up for the next retry due. One drain at a time in a process (a second
   * caller shares it). `only` restricts it to one notification's rows (the diagnostics' test).
   * Answers how many deliveries this drain attempted.
   */
  drain(): Promise<number> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      let attempted = 0;
      do {
        this.again = false;
        for (;;) {
          if (this.closed) return attempted;
          const done = await this.drainBatch();
          if (!done) break;
          attempted += done;
        }
      } while (this.again && !this.closed);
      await this.armTimer();
      return attempted;
    })().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Sends one notification's due deliveries now, once each (no waiting for a retry): the diagnostics' test push. */
  async sendNow(notificationId: string): Promise<DeliveryRecord[]> {
    await this.drainBatch(notificationId);
    // Rows the background drain claimed first: their answers once it is done.
    await this.settled();
    return this.records(notificationId);
  }

  /** The deliveries of a notification, devices in the order they were queued. */
  async records(notificationId: string): Promise<DeliveryRecord[]> {
    const rows = await this.db.query<{ id: string; notification_id: string; channel: DeliveryChannel; device_id: string; status: DeliveryStatus; attempts: number; status_code: number | null; answer: string | null; next_attempt_at: unknown }>(
      `SELECT id, notification_id, channel, device_id, status, attempts, status_code, answer, next_attempt_at FROM notification_deliveries WHERE notification_id = $1 ORDER BY channel <> 'app', created_at, id`,
      [notificationId],
    );
    return rows.map((row) => ({
      id: row.id,
      notificationId: row.notification_id,
      channel: row.channel,
      deviceId: row.device_id,
      status: row.status,
      attempts: row.attempts,
      statusCode: row.status_code,
      answer: row.answer,
      nextAttemptAt: iso(row.next_attempt_at),
    }));
  }

  /** Waits for the drain under way (tests, and the server's stop). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining.catch(() => undefined);
  }

  /** The server stops: no new claim; the sends under way end and are recorded; rows claimed and not yet sent are released for another process. */
  async close(): Promise<void> {
    this.closed = true;
    this.timer?.clear();
    this.timer = null;
    await this.settled();
  }

  /** Claims up to a batch of due rows and sends them; answers how many it claimed. */
  private async drainBatch(notificationId?: string): Promise<number> {
    const claim = randomUUID();
    const now = this.options.now();
    const rows = await this.db.query<Row>(
      `UPDATE notification_deliveries d SET claim = $3, locked_until = $2, attempts = d.attempts + 1, updated_at = $1
       WHERE d.id IN (
         SELECT id FROM notification_deliveries
         WHERE status = 'queued' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $1) AND ($5::text IS NULL OR notification_id = $5)
         ORDER BY next_attempt_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING d.id, d.notification_id, d.user_id, d.channel, d.device_id, d.message, d.attempts`,
      [new Date(now).toISOString(), new Date(now + DELIVERY_LEASE_MS).toISOString(), claim, this.options.batch ?? 200, notificationId ?? null],
    );
    if (!rows.length) return 0;
    try {
      const deliveries: ClaimedDelivery[] = rows.map((row) => ({
        id: row.id,
        notificationId: row.notification_id,
        userId: row.user_id,
        channel: row.channel,
        deviceId: row.device_id,
        message: typeof row.message === 'string' ? (JSON.parse(row.message) as DeliveryMessage) : row.message,
        attempts: row.attempts,
      }));
      const targets = await this.targets(deliveries.filter((d) => d.channel === 'push'));
      let next = 0;
      const worker = async () => {
        while (next < deliveries.length && !this.closed) {
          const delivery = deliveries[next++]!;
          // Each send encrypts (about a millisecond of CPU): one per turn of the event loop, so that the requests waiting (a /r) pass between two.
          await this.nextTurn();
          await this.sendOne(delivery, claim, targets.get(delivery.deviceId) ?? null);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? DELIVERY_CONCURRENCY, deliveries.length) }, worker));
      return rows.length;
    } finally {
      await this.flush();
      // Whatever was claimed and not sent (the server is stopping) goes back to the queue, its attempt not counted.
      await this.db.query(`UPDATE notification_deliveries SET claim = NULL, locked_until = NULL, attempts = attempts - 1 WHERE claim = $1 AND status = 'queued' AND locked_until IS NOT NULL`, [claim]);
    }
  }

  /** The devices of claimed push rows: a Web Push subscription by its id, an FCM token (`fcm:` and its md5) among its person's tokens. */
  private async targets(deliveries: ClaimedDelivery[]): Promise<Map<string, PushTarget>> {
    const targets = new Map<string, PushTarget>();
    const web = deliveries.filter((d) => !d.deviceId.startsWith(FCM_PREFIX)).map((d) => d.deviceId);
    const fcmUsers = [...new Set(deliveries.filter((d) => d.deviceId.startsWith(FCM_PREFIX)).map((d) => d.userId))];
    if (web.length) {
      const rows = await this.db.query<{ id: string; endpoint: string; key_p256dh: string; key_auth: string }>(
        'SELECT id, endpoint, key_p256dh, key_auth FROM push_subscriptions WHERE id = ANY($1::text[])',
        [web],
      );
      for (const row of rows) targets.set(row.id, { id: row.id, endpoint: row.endpoint, keys: { p256dh: row.key_p256dh, auth: row.key_auth } });
    }
    if (fcmUsers.length && this.options.fcm) {
      const rows = await this.db.query<{ user_id: string; token: string }>(
        `SELECT u.id AS user_id, t.token FROM users u, jsonb_array_elements_text(COALESCE(u.data->'messagingTokens', '[]'::jsonb)) AS t(token)
         WHERE u.id = ANY($1::text[]) AND jsonb_typeof(u.data->'messagingTokens') = 'array'`,
        [fcmUsers],
      );
      for (const row of rows) {
        const id = `${FCM_PREFIX}${createHash('md5').update(row.token).digest('hex')}`;
        targets.set(id, { id, endpoint: row.token, keys: { p256dh: '', auth: '' } });
      }
    }
    return targets;
  }

  private async sendOne(delivery: ClaimedDelivery, claim: string, target: PushTarget | null): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      if (delivery.channel === 'push') {
        const { kind: _kind, ...message } = delivery.message;
        const sender = delivery.deviceId.startsWith(FCM_PREFIX) ? this.options.fcm : this.options.push;
        outcome = target && sender ? await sender.send(target, message) : { status: 'failed', statusCode: null, message: 'Appareil retiré avant l’envoi.', retryAfterMs: null };
        if (!target || !sender) return void (await this.record(delivery, claim, 'failed', outcome));
      } else if (delivery.channel === 'email' && this.options.mail) {
        outcome = await this.options.mail(delivery);
      } else {
        outcome = { status: 'failed', statusCode: null, message: 'Canal inconnu.', retryAfterMs: null };
      }
    } catch (error) {
      outcome = { status: 'failed', statusCode: null, message: error instanceof Error ? error.message : String(error), retryAfterMs: null };
    }
    const now = this.options.now();
    if (outcome.status === 'sent') {
      await this.record(delivery, claim, 'sent', outcome);
      if (target && !target.id.startsWith(FCM_PREFIX)) this.successes.push(target.id);
    } else if (outcome.status === 'gone') {
      await this.record(delivery, claim, 'failed', outcome);
      // Only this endpoint's row as it was read: a browser that subscribed again meanwhile keeps its new keys.
      if (target?.id.startsWith(FCM_PREFIX)) {
        // FCM's UNREGISTERED: the token leaves the person's tokens.
        await this.db.query(
          `UPDATE users SET data = jsonb_set(data, '{messagingTokens}', COALESCE((SELECT jsonb_agg(t) FROM jsonb_array_elements_text(data->'messagingTokens') AS t WHERE t <> $2), '[]'::jsonb))
           WHERE id = $1 AND jsonb_typeof(data->'messagingTokens') = 'array'`,
          [delivery.userId, target.endpoint],
        );
      } else if (target) {
        await this.db.query('DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2 AND key_auth = $3', [target.id, target.endpoint, target.keys.auth]);
      }
    } else if (retryable(outcome) && delivery.attempts < DELIVERY_ATTEMPTS && !this.closed) {
      const wait = outcome.retryAfterMs ?? DELIVERY_BACKOFF_MS[delivery.attempts - 1] ?? DELIVERY_BACKOFF_MS.at(-1)!;
      if (wait > DELIVERY_MAX_WAIT_MS) return void (await this.record(delivery, claim, 'failed', outcome));
      await this.record(delivery, claim, 'queued', outcome, now + wait);
    } else {
      // Stopping mid-retry: the row stays queued for the next process, due at once.
      if (retryable(outcome) && delivery.attempts < DELIVERY_ATTEMPTS) return void (await this.record(delivery, claim, 'queued', outcome, now));
      await this.record(delivery, claim, 'failed', outcome);
      this.options.log(`Notification ${delivery.notificationId} non remise (${delivery.channel} ${delivery.deviceId}) : ${outcome.message}`);
    }
  }

  /** Keeps the outcome to write with the next ones (one UPDATE per RECORD_FLUSH outcomes, not one each). */
  private async record(delivery: ClaimedDelivery, claim: string, status: DeliveryStatus, outcome: DeliveryOutcome, nextAttemptAt?: number): Promise<void> {
    const answer = outcome.status === 'failed' ? outcome.message : outcome.status === 'gone' ? `Appareil disparu (${outcome.statusCode}) : abonnement retiré.` : null;
    this.outcomes.push({
      id: delivery.id,
      claim,
      status,
      status_code: outcome.statusCode,
      answer: answer?.slice(0, 1000) ?? null,
      next_attempt_at: nextAttemptAt === undefined ? null : new Date(nextAttemptAt).toISOString(),
    });
    if (this.outcomes.length >= RECORD_FLUSH) await this.flush();
  }

  /** Writes the outcomes kept, by their claimant only (a claim that expired and was taken again writes nothing), and the devices' last success. */
  private async flush(): Promise<void> {
    const outcomes = this.outcomes.splice(0);
    const successes = this.successes.splice(0);
    const at = new Date(this.options.now()).toISOString();
    if (outcomes.length) {
      await this.db.query(
        `UPDATE notification_deliveries d SET status = o.status, status_code = o.status_code, answer = o.answer, claim = NULL, locked_until = NULL, updated_at = $2,
           next_attempt_at = COALESCE(o.next_attempt_at, d.next_attempt_at)
         FROM jsonb_to_recordset($1::jsonb) AS o(id text, claim text, status text, status_code int, answer text, next_attempt_at timestamptz)
         WHERE d.id = o.id AND d.claim = o.claim`,
        [JSON.stringify(outcomes), at],
      );
    }
    if (successes.length) await this.db.query('UPDATE push_subscriptions SET last_success_at = $2 WHERE id = ANY($1::text[])', [successes, at]);
  }

  /** Wakes this process for the next retry due (within a minute: beyond, the `deliveries` job's minute comes first). */
  private async armTimer(): Promise<void> {
    if (this.closed) return;
    // A row another process holds is due again when its claim expires, not before.
    const [row] = await this.db.query<{ at: unknown }>(`SELECT min(GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at))) AS at FROM notification_deliveries WHERE status = 'queued'`);
    if (!row?.at) return;
    const at = new Date(iso(row.at)).getTime();
    if (this.timer && this.timer.at <= at) return;
    this.timer?.clear();
    const ms = Math.min(Math.max(10, at - this.options.now()), 60_000);
    const run = () => {
      this.timer = null;
      this.kick();
    };
    const set = this.options.setTimer ?? ((fn: () => void, delay: number) => {
      const handle = setTimeout(fn, delay);
      handle.unref();
      return { clear: () => clearTimeout(handle) };
    });
    this.timer = { ...set(run, ms), at };
  }
}
