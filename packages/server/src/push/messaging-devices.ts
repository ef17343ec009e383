import { createHash } from 'node:crypto';
import { sessionTokenHash } from '../auth/session-token';
import type { Db } from '../db/database';
import { FCM_PREFIX } from '../jobs/fan-out';

/*
 * The FCM device tokens as devices (issue 33): the web app's Firebase messaging gives one at
 * sign-in (POST /api/auth/login/web's messagingToken, kept in users.data.messagingTokens); this
 * records which browser gave it, in which session (messaging_devices), so that it is listed and
 * removable beside the Web Push subscriptions, and sent to once per browser.
 */

/** The device id of an FCM token, as the deliveries name it: 'fcm:' and the token's md5. */
export const fcmDeviceId = (token: string): string => `${FCM_PREFIX}${createHash('md5').update(token).digest('hex')}`;

/** The push service of every FCM device, as the account page names a device's service. */
export const FCM_SERVICE = 'fcm.googleapis.com';

/** Records the browser (its User-Agent) and session that registered `token` for the person; a token given again moves to the new session. */
export async function recordMessagingDevice({ db, now }: { db: Db; now: () => number }, input: { userId: string; token: string; sessionToken: string | null; userAgent: string | null | undefined }): Promise<void> {
  await db.query(
    `INSERT INTO messaging_devices AS m (id, user_id, session_id, user_agent, created_at)
     VALUES ($1, $2, (SELECT id FROM sessions WHERE token_hash = $3 AND user_id = $2), $4, $5)
     ON CONFLICT (id) DO UPDATE SET session_id = EXCLUDED.session_id, user_agent = EXCLUDED.user_agent,
       created_at = CASE WHEN m.user_id = EXCLUDED.user_id THEN m.created_at ELSE EXCLUDED.created_at END, user_id = EXCLUDED.user_id`,
    [fcmDeviceId(input.token), input.userId, input.sessionToken ? sessionTokenHash(input.sessionToken) : null, input.userAgent?.slice(0, 400) || null, new Date(now()).toISOString()],
  );
}

export type MessagingDeviceRow = { id: string; token: string; user_agent: string | null; created_at: Date | string; last_success_at: Date | string | null; current: boolean | null };

/**
 * The person's FCM tokens, each with what is known of its browser (nothing for a token given
 * before migration 0024: then it dates from the account's last change at the latest) and the
 * last notification FCM accepted for it.
 */
export async function messagingDevicesOf(db: Db, userId: string, sessionToken: string | null): Promise<MessagingDeviceRow[]> {
  return db.query<MessagingDeviceRow>(
    `SELECT 'fcm:' || md5(t.token) AS id, t.token, m.user_agent, COALESCE(m.created_at, u.updated_at) AS created_at,
            (SELECT max(d.updated_at) FROM notification_deliveries d WHERE d.user_id = u.id AND d.device_id = 'fcm:' || md5(t.token) AND d.status = 'sent') AS last_success_at,
            s.token_hash IS NOT NULL AND s.token_hash = $2 AS current
     FROM users u
     CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(u.data->'messagingTokens') = 'array' THEN u.data->'messagingTokens' ELSE '[]'::jsonb END) AS t(token)
     LEFT JOIN messaging_devices m ON m.id = 'fcm:' || md5(t.token) AND m.user_id = u.id
     LEFT JOIN sessions s ON s.id = m.session_id
     WHERE u.id = $1
     ORDER BY COALESCE(m.created_at, u.updated_at) DESC, 1`,
    [userId, sessionToken ? sessionTokenHash(sessionToken) : null],
  );
}

/** Removes one of the person's FCM tokens by its device id; false when they have none by that id. */
export async function removeMessagingDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE users SET data = jsonb_set(data, '{messagingTokens}', COALESCE((SELECT jsonb_agg(t) FROM jsonb_array_elements_text(data->'messagingTokens') AS t WHERE 'fcm:' || md5(t) <> $2), '[]'::jsonb))
     WHERE id = $1 AND jsonb_typeof(data->'messagingTokens') = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(data->'messagingTokens') AS t WHERE 'fcm:' || md5(t) = $2)
     RETURNING id`,
    [userId, id],
  );
  await db.query('DELETE FROM messaging_devices WHERE id = $1 AND user_id = $2', [id, userId]);
  return rows.length > 0;
}
