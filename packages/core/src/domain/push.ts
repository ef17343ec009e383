import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';

/*
 * Web Push (issue 33): the browser's subscription as `PushSubscription.toJSON()` gives it, and the
 * devices of a person as GET /api/me/pushSubscriptions lists them (never their keys).
 */

/** Base64url without padding (a trailing `=` is tolerated, some browsers kept it). */
const base64url = (length: number, message: string) => z.string(message).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), message);

/** POST /api/me/pushSubscriptions: `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'Adresse du service de notifications invalide : une adresse https est attendue.' })
    .max(2048, 'Adresse du service de notifications trop longue (2 048 caractères au plus).'),
  /** When the push service will drop it (milliseconds since 1970), or null: kept by the browser, unused here. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key (65 bytes: 87 base64url characters). */
      p256dh: base64url(87, 'Clé p256dh invalide : la clé publique P-256 du navigateur est attendue (87 caractères base64url).'),
      /** The browser's authentication secret (16 bytes: 22 base64url characters). */
      auth: base64url(22, 'Clé auth invalide : le secret de 16 octets du navigateur est attendu (22 caractères base64url).'),
    },
    'Clés attendues : keys.p256dh et keys.auth.',
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** One device receiving notifications, as the account page lists it. */
export const PushDeviceSchema = z.object({
  id: z.string(),
  /** The browser and system, in French (« Chrome sur Android »). */
  device: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…). */
  service: z.string(),
  createdAt: IsoDateTimeSchema,
  /** The last notification its push service accepted, or null (none yet). */
  lastSuccessAt: IsoDateTimeSchema.nullable(),
  /** Made with the session of the request that asked (this browser). */
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;
export const PushDeviceListSchema = z.object({ items: z.array(PushDeviceSchema) });
