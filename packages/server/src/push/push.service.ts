import { ValidationError, type PushDevice, type PushSubscriptionInput } from '@sortie/core';
import { sessionTokenHash } from '../auth/session-token';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { describeDevice } from '../identity/device';
import { endpointAllowed } from './web-push-sender';
import { FCM_SERVICE, messagingDevicesOf, removeMessagingDevice, type MessagingDeviceRow } from './messaging-devices';
import { FCM_PREFIX } from '../jobs/fan-out';

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
}

/**
 * The Web Push subscriptions of the people (one per browser): the storage of GET, POST and
 * DELETE /api/me/pushSubscriptions. Sending to them is the fan-out's (jobs/fan-out.ts), which
 * removes a device its push service says is gone. A subscription goes with its session (signing
 * out of that browser ends it: a cascading key, migration 0020) and with the account.
 */
export class PushService {
  constructor(
    private readonly db: Db,
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

  /**
   * The person's devices, the newest first: their Web Push subscriptions and the FCM device tokens
   * their browsers' Firebase messaging registered (ids 'fcm:…'); `current` marks the one made in
   * the session of `sessionToken`.
   */
  async list(userId: string, sessionToken: string | null): Promise<PushDevice[]> {
    const rows = await this.db.query<SubscriptionRow>(
      `SELECT p.id, p.endpoint, p.key_p256dh, p.key_auth, p.user_agent, p.created_at, p.last_success_at, s.token_hash IS NOT NULL AND s.token_hash = $2 AS current
       FROM push_subscriptions p LEFT JOIN sessions s ON s.id = p.session_id
       WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id`,
      [userId, sessionToken ? sessionTokenHash(sessionToken) : null],
    );
    const devices = [...rows.map(deviceOf), ...(await messagingDevicesOf(this.db, userId, sessionToken)).map(fcmDeviceOf)];
    return devices.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }

  /** Removes one of the person's devices (a Web Push subscription, or an FCM token by its 'fcm:' id); false when they have none by that id (someone else's included). */
  async remove(userId: string, id: string): Promise<boolean> {
    if (id.startsWith(FCM_PREFIX)) return removeMessagingDevice(this.db, userId, id);
    const rows = await this.db.query('DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return rows.length > 0;
  }
}

function fcmDeviceOf(row: MessagingDeviceRow): PushDevice {
  return { id: row.id, device: describeDevice(row.user_agent), service: FCM_SERVICE, createdAt: iso(row.created_at)!, lastSuccessAt: iso(row.last_success_at), current: row.current === true };
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
