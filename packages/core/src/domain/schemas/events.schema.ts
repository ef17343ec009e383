import { z } from 'zod';
import { CentsSchema, EntityMeta, HexColourSchema, HttpUrlSchema, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';
import { ImageFieldSchema } from './image.schema';
import { IconIdSchema } from './icon.schema';
import { CursorListQuerySchema } from './list-cursor.schema';

export const EventStatusSchema = z.enum(['draft', 'published', 'cancelled']);

export const PriceSchema = z.union([
  z.object({ free: z.literal(true) }),
  z.object({ min: CentsSchema, max: CentsSchema }).refine((p) => p.max >= p.min, { message: 'Le prix maximum doit être au moins le prix minimum.', path: ['max'] }),
]);

/** The feed an imported event came from and its id there (an iCalendar UID and its occurrence, an OpenAgenda uid, a page's @id). */
export const EventSourceSchema = z.object({
  collectorId: ObjectIdSchema,
  kind: z.enum(['ics', 'json', 'web']),
  uid: z.string().min(1).max(500),
  url: HttpUrlSchema.optional(),
});
export type EventSource = z.infer<typeof EventSourceSchema>;

const EventFields = z.object({
  title: NonEmpty('Le titre'),
  description: z.string().max(20_000).default(''),
  startsAt: IsoDateTimeSchema,
  endsAt: IsoDateTimeSchema.optional(),
  placeId: ObjectIdSchema.optional(),
  organizationId: ObjectIdSchema.optional(),
  artistIds: z.array(ObjectIdSchema).max(50).default([]),
  categoryIds: z.array(ObjectIdSchema).max(20).default([]),
  city: NonEmpty('La ville', 100),
  coverImage: ImageFieldSchema.optional(),
  price: PriceSchema.default({ free: true }),
  ticketUrl: HttpUrlSchema.optional(),
  status: EventStatusSchema.default('published'),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  /** Set on events a collector imported: what it recognises them by on its next run. */
  source: EventSourceSchema.optional(),
  /** An occurrence of a series (series.schema.ts): its series, and the Paris day the rule gave it (kept when it moves). */
  seriesId: ObjectIdSchema.optional(),
  occurrenceDate: z.iso.date().optional(),
  /** Changed alone (« Cette date seulement »): the series' later edits leave it as it is. */
  detached: z.boolean().optional(),
});
/** The fields of an event a series repeats (its template): all but the dates, the status, the import and the series link. */
export const EventTemplateSchema = EventFields.omit({ startsAt: true, endsAt: true, status: true, source: true, seriesId: true, occurrenceDate: true, detached: true });
export type EventTemplate = z.infer<typeof EventTemplateSchema>;
const endsAfterStart = (e: { startsAt?: string; endsAt?: string }) => !e.startsAt || !e.endsAt || Date.parse(e.endsAt) >= Date.parse(e.startsAt);
const endsAfterStartIssue = { message: 'La fin doit suivre le début.', path: ['endsAt'] };

export const EventInputSchema = EventFields.refine(endsAfterStart, endsAfterStartIssue);
export const EventPatchSchema = EventFields.partial().refine(endsAfterStart, endsAfterStartIssue);
export const EventSchema = EventFields.extend({ ...EntityMeta, likeCount: z.number().int().min(0) });
export type Event = z.infer<typeof EventSchema>;
export type EventInput = z.input<typeof EventInputSchema>;

/** GET /api/events filters (SPEC.md §7 uses placeId and limit). */
export const EventQuerySchema = CursorListQuerySchema.extend({
  placeId: ObjectIdSchema.optional(),
  organizationId: ObjectIdSchema.optional(),
  artistId: ObjectIdSchema.optional(),
  categoryId: ObjectIdSchema.optional(),
  city: z.string().trim().max(100).optional(),
  from: IsoDateTimeSchema.optional(),
  to: IsoDateTimeSchema.optional(),
  status: EventStatusSchema.optional(),
  free: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  upcoming: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type EventQuery = z.input<typeof EventQuerySchema>;

export const EventCategoryInputSchema = z.object({
  name: NonEmpty('Le nom', 80),
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Slug invalide.'),
  icon: IconIdSchema.default('mdiCalendar'),
  colour: HexColourSchema.default('#7c5cff'),
});
export const EventCategorySchema = EventCategoryInputSchema.extend(EntityMeta);
export type EventCategory = z.infer<typeof EventCategorySchema>;

export const EventRoleInputSchema = z.object({ eventId: ObjectIdSchema, userId: ObjectIdSchema, role: z.enum(['owner', 'organiser', 'staff']) });
export const EventRoleSchema = EventRoleInputSchema.extend(EntityMeta);
export type EventRole = z.infer<typeof EventRoleSchema>;

export const ChampionshipInputSchema = z.object({
  eventId: ObjectIdSchema,
  name: NonEmpty('Le nom'),
  tournamentIds: z.array(ObjectIdSchema).max(100).default([]),
  /** Points per final rank: scoring[0] for the winner. */
  scoring: z.array(z.number().int().min(0)).max(64).default([10, 6, 4, 2]),
});
export const StandingSchema = z.object({ participant: z.string(), points: z.number(), tournaments: z.number().int() });
export const ChampionshipSchema = ChampionshipInputSchema.extend({ ...EntityMeta, standings: z.array(StandingSchema).default([]) });
export type Championship = z.infer<typeof ChampionshipSchema>;
