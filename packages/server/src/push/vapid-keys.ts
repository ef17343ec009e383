import webpush from 'web-push';
import type { Db } from '../db/database';
import type { ServerConfig, VapidConfig } from '../config';

/**
 * The server's VAPID key pair (RFC 8292): the environment's when VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY are set, otherwise the one in the database, made by whichever process starts
 * first (the others read it: every node signs with the same key, the one browsers subscribed with).
 */
export async function loadVapidKeys(db: Db, configured: VapidConfig | null): Promise<VapidConfig> {
  if (configured) return configured;
  const made = webpush.generateVAPIDKeys();
  await db.query('INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [made.publicKey, made.privateKey]);
  const [row] = await db.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1');
  if (!row) throw new Error('Clés VAPID introuvables après leur création.');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/**
 * Who a push service may write to about this server (the JWT's `sub`): VAPID_SUBJECT, else the
 * public https URL, else the contact or admin e-mail; a placeholder that names no one otherwise.
 */
export function vapidSubject(config: Pick<ServerConfig, 'vapidSubject' | 'publicUrl' | 'contactEmail' | 'adminEmail'>): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const email = config.contactEmail ?? config.adminEmail;
  return email ? `mailto:${email}` : 'mailto:postmaster@sortie.invalid';
}
