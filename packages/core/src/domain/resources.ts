import { z } from 'zod';
import { ChampionshipInputSchema, EventCategoryInputSchema, EventInputSchema, EventPatchSchema, EventRoleInputSchema } from './schemas/events.schema';
import { JobOfferInputSchema, JobOfferPatchSchema, MenuInputSchema, PlaceInputSchema, PlaceRoleInputSchema, PlaceTypeInputSchema, StoreInputSchema } from './schemas/places.schema';
import { ArtistInputSchema, BadgeInputSchema, NotificationInputSchema, OrganizationInputSchema, UserInputSchema } from './schemas/people.schema';
import { BlindTestInputSchema, QuestionInputSchema, RaffleInputSchema, RafflePatchSchema, TournamentInputSchema } from './schemas/games.schema';
import { FormInputSchema, FormTemplateInputSchema } from './schemas/forms.schema';
import { BlogPostInputSchema, DocPageInputSchema, ImageInputSchema, MailTemplateInputSchema } from './schemas/content.schema';
import { DynaLinkInputSchema, ShareInputSchema } from './schemas/links.schema';
import { CollectorInputSchema, ScrapeJobInputSchema, TaskInputSchema } from './schemas/operations.schema';
import { RESOURCE_PATHS } from './resource-paths';

export interface ResourceDefinition {
  /** Path under /api, as SPEC.md §2 names the resource where it does. */
  apiPath: string;
  /** French labels for lists and forms. */
  label: { one: string; many: string };
  /** Validates a created record. */
  input: z.ZodType;
  /** Validates an update (every field optional). */
  patch: z.ZodType;
  /** Who may write: staff (or admin), admin only, or any signed-in user for their own records. */
  write: 'staff' | 'admin' | 'owner';
  /** Who may read: anyone, or staff only. */
  read: 'public' | 'staff';
  /** The values its `status` may take, read from its schema; none when it has no status. */
  statuses: readonly string[];
  /**
   * Whether its records may be drafts (a `status` that can be DRAFT_STATUS): a draft is staff's
   * until it changes, out of every public list and answering 404 by its address to anyone else.
   */
  drafts: boolean;
  /** Fields only the record's owner (its `userId`) and staff read: anyone else gets the record without them. */
  ownerOnly: readonly string[];
}

/** The status of a record that is staff's only until it changes (an event, a blind test, a raffle in preparation). */
export const DRAFT_STATUS = 'draft';

/** A field's inner schema, without its default, optional or nullable wrappers. */
const unwrapped = (field: z.ZodType): z.ZodType =>
  field instanceof z.ZodDefault || field instanceof z.ZodPrefault || field instanceof z.ZodOptional || field instanceof z.ZodNullable ? unwrapped(field.unwrap() as z.ZodType) : field;
/** The values a schema's `status` field may take (its enum), or none. */
function statusesOf(schema: z.ZodType): readonly string[] {
  const field = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>).status : undefined;
  const inner = field ? unwrapped(field) : undefined;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : [];
}

/** A field without its default: an update leaves unnamed fields alone rather than resetting them. */
const withoutDefault = (field: z.ZodType): z.ZodType => (field instanceof z.ZodDefault || field instanceof z.ZodPrefault ? withoutDefault(field.unwrap() as z.ZodType) : field);
/** Every field optional and none defaulted (zod's own .partial() keeps the defaults, which would reset them). */
export const patchOf = (schema: z.ZodType) =>
  z.object(Object.fromEntries(Object.entries((schema as unknown as z.ZodObject).shape).map(([name, field]) => [name, withoutDefault(field as z.ZodType).optional()])));
const partial = patchOf;
const def = (
  apiPath: string,
  one: string,
  many: string,
  input: z.ZodType,
  extra: Partial<Pick<ResourceDefinition, 'patch' | 'write' | 'read' | 'ownerOnly'>> = {},
): ResourceDefinition => {
  const statuses = statusesOf(input);
  return {
    apiPath,
    label: { one, many },
    input,
    patch: extra.patch ?? partial(input),
    write: extra.write ?? 'staff',
    read: extra.read ?? 'public',
    statuses,
    drafts: statuses.includes(DRAFT_STATUS),
    ownerOnly: extra.ownerOnly ?? [],
  };
};

/**
 * Every entity the REST API serves, keyed by its resource name. The dashboard's 18
 * resources of SPEC.md §2 come first; the same schemas validate on server and client.
 */
export const RESOURCES = {
  artists: def(RESOURCE_PATHS.artists, 'artiste', 'artistes', ArtistInputSchema),
  badges: def(RESOURCE_PATHS.badges, 'badge', 'badges', BadgeInputSchema),
  blindtests: def(RESOURCE_PATHS.blindtests, 'blind test', 'blind tests', BlindTestInputSchema),
  collectors: def(RESOURCE_PATHS.collectors, 'collecteur', 'collecteurs', CollectorInputSchema, { read: 'staff' }),
  dynaLinks: def(RESOURCE_PATHS.dynaLinks, 'lien dynamique', 'liens dynamiques', DynaLinkInputSchema, { read: 'staff' }),
  eventCategories: def(RESOURCE_PATHS.eventCategories, 'catégorie', 'catégories', EventCategoryInputSchema),
  events: def(RESOURCE_PATHS.events, 'événement', 'événements', EventInputSchema, { patch: EventPatchSchema }),
  forms: def(RESOURCE_PATHS.forms, 'formulaire', 'formulaires', FormInputSchema),
  formTemplates: def(RESOURCE_PATHS.formTemplates, 'modèle de formulaire', 'modèles de formulaire', FormTemplateInputSchema, { read: 'staff' }),
  menus: def(RESOURCE_PATHS.menus, 'carte', 'cartes', MenuInputSchema),
  organizations: def(RESOURCE_PATHS.organizations, 'organisation', 'organisations', OrganizationInputSchema),
  places: def(RESOURCE_PATHS.places, 'lieu', 'lieux', PlaceInputSchema),
  questions: def(RESOURCE_PATHS.questions, 'question', 'questions', QuestionInputSchema, { read: 'staff' }),
  raffles: def(RESOURCE_PATHS.raffles, 'tombola', 'tombolas', RaffleInputSchema, { patch: RafflePatchSchema }),
  scrape: def(RESOURCE_PATHS.scrape, 'collecte', 'collectes', ScrapeJobInputSchema, { read: 'staff' }),
  stores: def(RESOURCE_PATHS.stores, 'boutique', 'boutiques', StoreInputSchema),
  tournaments: def(RESOURCE_PATHS.tournaments, 'tournoi', 'tournois', TournamentInputSchema),
  users: def(RESOURCE_PATHS.users, 'utilisateur', 'utilisateurs', UserInputSchema, { write: 'admin', read: 'staff' }),
  // Beyond the dashboard's list.
  jobOffers: def(RESOURCE_PATHS.jobOffers, 'offre d’emploi', 'offres d’emploi', JobOfferInputSchema, { patch: JobOfferPatchSchema }),
  placeTypes: def(RESOURCE_PATHS.placeTypes, 'type de lieu', 'types de lieu', PlaceTypeInputSchema),
  placeRoles: def(RESOURCE_PATHS.placeRoles, 'rôle de lieu', 'rôles de lieu', PlaceRoleInputSchema, { read: 'staff' }),
  eventRoles: def(RESOURCE_PATHS.eventRoles, 'rôle d’événement', 'rôles d’événement', EventRoleInputSchema, { read: 'staff' }),
  championships: def(RESOURCE_PATHS.championships, 'championnat', 'championnats', ChampionshipInputSchema),
  blogPosts: def(RESOURCE_PATHS.blogPosts, 'article', 'articles', BlogPostInputSchema),
  docPages: def(RESOURCE_PATHS.docPages, 'page de documentation', 'documentation', DocPageInputSchema),
  mailTemplates: def(RESOURCE_PATHS.mailTemplates, 'modèle d’e-mail', 'modèles d’e-mail', MailTemplateInputSchema, { read: 'staff' }),
  images: def(RESOURCE_PATHS.images, 'image', 'images', ImageInputSchema),
  tasks: def(RESOURCE_PATHS.tasks, 'tâche', 'tâches', TaskInputSchema, { read: 'staff' }),
  notifications: def(RESOURCE_PATHS.notifications, 'notification', 'notifications', NotificationInputSchema, { read: 'staff' }),
  // Who shared what is the sharer's and staff's: anyone else sees the share without its `userId`.
  shares: def(RESOURCE_PATHS.shares, 'partage', 'partages', ShareInputSchema, { write: 'owner', ownerOnly: ['userId'] }),
} as const satisfies Record<keyof typeof RESOURCE_PATHS, ResourceDefinition>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];

/** The resources whose records have a status (drafts or not): what the visibility tests go through. */
export const RESOURCES_WITH_STATUS = RESOURCE_NAMES.filter((name) => RESOURCES[name].statuses.length > 0);

/** Whether a record is a draft of its resource: staff's only, in lists and by its address. */
export const isDraft = (resource: ResourceName, record: object): boolean => RESOURCES[resource].drafts && 'status' in record && record.status === DRAFT_STATUS;

/** A record as a reader who is not staff sees it: without the owner-only fields, unless the reader (`viewerId`) owns it. */
export function withoutOwnerOnly<T extends Record<string, unknown>>(resource: ResourceName, record: T, viewerId: string | null | undefined): T {
  const fields = RESOURCES[resource].ownerOnly;
  if (fields.length === 0 || (viewerId && record.userId === viewerId)) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key))) as T;
}
