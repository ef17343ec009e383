import { z } from 'zod';
import { SHORT_CODE_PATTERN } from '../ids';
import { platformOf } from '../platform';
import { EntityMeta, HttpUrlSchema, IsoDateTimeSchema, ObjectIdSchema } from './common.schema';

export const ShortCodeSchema = z.string().regex(SHORT_CODE_PATTERN, 'Code court invalide (lettres, chiffres, - et _, 64 au plus).');
export const UserAgentSchema = z.string().max(1000);

export const VisitSchema = z.object({ datetime: IsoDateTimeSchema, userAgent: UserAgentSchema });
export type Visit = z.infer<typeof VisitSchema>;

/** Where a link sends a phone or a computer instead of its `url` (issue 36), matched on the user agent as SPEC §4's store redirect is. */
export const LinkTargetsSchema = z.object({ ios: HttpUrlSchema.optional(), android: HttpUrlSchema.optional(), desktop: HttpUrlSchema.optional() });
export type LinkTargets = z.infer<typeof LinkTargetsSchema>;

/** A link's password: write-only (stored hashed, never read back); '' removes it. */
export const LinkPasswordSchema = z.union([z.literal(''), z.string().min(4, 'Mot de passe trop court (4 caractères au moins).').max(200, 'Mot de passe trop long (200 caractères au plus).')]);

/**
 * A link that opens a venue's page rather than redirecting (« lien en bio », issue 36): the next
 * events and the links of a place or of an organisation, in its colour. One of the two.
 */
export const LinkPageSchema = z
  .object({ placeId: ObjectIdSchema.optional(), organizationId: ObjectIdSchema.optional() })
  .refine((page) => Boolean(page.placeId) !== Boolean(page.organizationId), { message: 'Choisissez un lieu ou une organisation (un seul des deux).' });
export type LinkPage = z.infer<typeof LinkPageSchema>;

export const DynaLinkInputSchema = z.object({
  url: HttpUrlSchema,
  shortCode: ShortCodeSchema.optional(),
  expiresAt: IsoDateTimeSchema.optional(),
  maxVisits: z.number().int().min(1).optional(),
  /** null: none (the form sends it when they are all emptied). */
  targets: LinkTargetsSchema.nullable().optional(),
  password: LinkPasswordSchema.optional(),
  /** null: the link redirects again. */
  page: LinkPageSchema.nullable().optional(),
});
/** SPEC.md §3: id, url, shortCode; visits carry datetime and userAgent. */
export const DynaLinkSchema = z.object({
  ...EntityMeta,
  url: HttpUrlSchema,
  shortCode: ShortCodeSchema,
  visitCount: z.number().int().min(0).default(0),
  createdBy: ObjectIdSchema.optional(),
  expiresAt: IsoDateTimeSchema.optional(),
  maxVisits: z.number().int().min(1).optional(),
  targets: LinkTargetsSchema.nullable().optional(),
  page: LinkPageSchema.nullable().optional(),
  /** The link asks for a password before it redirects (the password itself is never returned). */
  protected: z.boolean().optional(),
});
export type DynaLink = z.infer<typeof DynaLinkSchema>;

/** The address a visitor is sent to: the target of their system (iPhone/iPad/iPod, Android, or a computer) when the link has one, else its url. */
export function linkTargetFor(link: { url: string; targets?: LinkTargets | null }, userAgent: string): string {
  const targets = link.targets;
  if (!targets) return link.url;
  const platform = platformOf(userAgent);
  const target = platform === 'ios' ? targets.ios : platform === 'android' ? targets.android : /Mobile|Tablet/i.test(userAgent) ? undefined : targets.desktop;
  return target ?? link.url;
}

/** The UTM parameters a campaign's address carries (utm_source…), without their prefix. */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

/** An address's UTM parameters; null when it has none or is no address. */
export function utmOf(url: string): Utm | null {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`);
    if (value) utm[key] = value.slice(0, 200);
  }
  return Object.keys(utm).length ? utm : null;
}

/** The address with these UTM parameters (an empty one removed, the others kept in place); the address as it is when it is none. */
export function withUtm(url: string, utm: Utm): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  for (const key of UTM_KEYS) {
    const value = utm[key]?.trim();
    if (value) parsed.searchParams.set(`utm_${key}`, value);
    else parsed.searchParams.delete(`utm_${key}`);
  }
  return parsed.toString();
}

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Jour attendu au format AAAA-MM-JJ.');
/** GET /api/dynaLinks/{id}/stats: days in Paris time, both included; the last 30 days by default. */
export const LinkStatsQuerySchema = z.object({ from: DaySchema.optional(), to: DaySchema.optional() });
/**
 * A link's statistics over the days asked: each day's visits, humans and bots (humans + bots =
 * that day's visits; `qr`: those of them from a QR code), then where they came from (`host`
 * null: typed or opened without a referrer) and on what — each list sums to the visits.
 */
export const LinkStatsSchema = z.object({
  days: z.array(z.object({ day: z.string(), humans: z.number().int(), bots: z.number().int(), qr: z.number().int() })),
  referrers: z.array(z.object({ host: z.string().nullable(), visits: z.number().int() })),
  devices: z.array(z.object({ device: z.string(), system: z.string(), visits: z.number().int() })),
});
export type LinkStats = z.infer<typeof LinkStatsSchema>;

/** PUT /api/dynaLinks/shortCode (SPEC.md §7). */
export const ShortCodeVisitSchema = z.object({ shortCode: ShortCodeSchema, datetime: IsoDateTimeSchema, userAgent: UserAgentSchema });
export type ShortCodeVisit = z.infer<typeof ShortCodeVisitSchema>;

export const ShareTargetSchema = z.object({
  kind: z.enum(['event', 'place', 'organization', 'artist', 'raffle', 'form', 'blindTest', 'tournament']),
  id: ObjectIdSchema,
});
export const ShareInputSchema = z.object({ target: ShareTargetSchema });
export const ShareSchema = z.object({
  ...EntityMeta,
  target: ShareTargetSchema,
  userId: ObjectIdSchema.optional(),
  viewCount: z.number().int().min(0).default(0),
});
export type Share = z.infer<typeof ShareSchema>;
/** PUT /api/shares/{id}/addView (SPEC.md §7). */
export const AddViewSchema = z.object({ userAgent: UserAgentSchema });
