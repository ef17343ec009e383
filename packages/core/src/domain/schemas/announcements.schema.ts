import { z } from 'zod';
import { EntityMeta, HttpUrlSchema, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';

/** Who staff may write to: the followers of a place or an organisation, or an event's participants. */
export const ANNOUNCEMENT_TARGET_KINDS = ['place', 'organization', 'event'] as const;
export const AnnouncementTargetSchema = z.object({ kind: z.enum(ANNOUNCEMENT_TARGET_KINDS), id: ObjectIdSchema });
export type AnnouncementTarget = z.infer<typeof AnnouncementTargetSchema>;

/** A page of the site (« /events/… ») or a web address: never a script or another scheme. */
export const AnnouncementLinkSchema = z.union([
  z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'Un lien interne commence par « / ».'),
  HttpUrlSchema,
]);

export const AnnouncementInputSchema = z.object({
  target: AnnouncementTargetSchema,
  title: NonEmpty('Le titre', 120),
  body: z.string().trim().max(2000, 'Le texte tient en 2000 caractères.').default(''),
  link: AnnouncementLinkSchema.optional(),
  /** Absent: sent at once; otherwise by the jobs runner once this time has come. */
  sendAt: IsoDateTimeSchema.optional(),
});
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sent'] as const;
export const AnnouncementSchema = AnnouncementInputSchema.extend({
  ...EntityMeta,
  status: z.enum(ANNOUNCEMENT_STATUSES),
  sendAt: IsoDateTimeSchema,
  sentAt: IsoDateTimeSchema.nullable(),
  /** How many received it (once sent), or would receive it now (while scheduled). */
  recipients: z.number().int().min(0),
  createdBy: z.string().nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementRecipientsSchema = z.object({ recipients: z.number().int().min(0) });
export const AnnouncementListSchema = z.object({ items: z.array(AnnouncementSchema) });
