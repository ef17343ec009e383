import { z } from 'zod';
import { SHORT_CODE_PATTERN } from '../ids';
import { EntityMeta, HttpUrlSchema, IsoDateTimeSchema, ObjectIdSchema } from './common.schema';

export const ShortCodeSchema = z.string().regex(SHORT_CODE_PATTERN, 'Code court invalide (lettres, chiffres, - et _, 64 au plus).');
export const UserAgentSchema = z.string().max(1000);

export const VisitSchema = z.object({ datetime: IsoDateTimeSchema, userAgent: UserAgentSchema });
export type Visit = z.infer<typeof VisitSchema>;

export const DynaLinkInputSchema = z.object({
  url: HttpUrlSchema,
  shortCode: ShortCodeSchema.optional(),
  expiresAt: IsoDateTimeSchema.optional(),
  maxVisits: z.number().int().min(1).optional(),
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
});
export type DynaLink = z.infer<typeof DynaLinkSchema>;

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
