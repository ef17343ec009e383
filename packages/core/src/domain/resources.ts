import { z } from 'zod';
import { ChampionshipInputSchema, EventCategoryInputSchema, EventInputSchema, EventPatchSchema, EventRoleInputSchema } from './schemas/events.schema';
import { JobOfferInputSchema, JobOfferPatchSchema, MenuInputSchema, PlaceInputSchema, PlaceRoleInputSchema, PlaceTypeInputSchema, StoreInputSchema } from './schemas/places.schema';
import { ArtistInputSchema, BadgeInputSchema, NotificationInputSchema, OrganizationInputSchema, UserInputSchema } from './schemas/people.schema';
import { BlindTestInputSchema, QuestionInputSchema, RaffleInputSchema, RafflePatchSchema, TournamentInputSchema } from './schemas/games.schema';
import { FormInputSchema, FormTemplateInputSchema } from './schemas/forms.schema';
import { BlogPostInputSchema, DocPageInputSchema, ImageInputSchema, MailTemplateInputSchema } from './schemas/content.schema';
import { DynaLinkInputSchema, ShareInputSchema } from './schemas/links.schema';
import { CollectorInputSchema, ScrapeJobInputSchema, TaskInputSchema } from './schemas/operations.schema';

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
  extra: Partial<Pick<ResourceDefinition, 'patch' | 'write' | 'read'>> = {},
): ResourceDefinition => ({ apiPath, label: { one, many }, input, patch: extra.patch ?? partial(input), write: extra.write ?? 'staff', read: extra.read ?? 'public' });

/**
 * Every entity the REST API serves, keyed by its resource name. The dashboard's 18
 * resources of SPEC.md §2 come first; the same schemas validate on server and client.
 */
export const RESOURCES = {
  artists: def('artists', 'artiste', 'artistes', ArtistInputSchema),
  badges: def('badges', 'badge', 'badges', BadgeInputSchema),
  blindtests: def('blindTests', 'blind test', 'blind tests', BlindTestInputSchema),
  collectors: def('collectors', 'collecteur', 'collecteurs', CollectorInputSchema, { read: 'staff' }),
  dynaLinks: def('dynaLinks', 'lien dynamique', 'liens dynamiques', DynaLinkInputSchema, { read: 'staff' }),
  eventCategories: def('eventCategories', 'catégorie', 'catégories', EventCategoryInputSchema),
  events: def('events', 'événement', 'événements', EventInputSchema, { patch: EventPatchSchema }),
  forms: def('forms', 'formulaire', 'formulaires', FormInputSchema),
  formTemplates: def('formTemplates', 'modèle de formulaire', 'modèles de formulaire', FormTemplateInputSchema, { read: 'staff' }),
  menus: def('menus', 'carte', 'cartes', MenuInputSchema),
  organizations: def('organizations', 'organisation', 'organisations', OrganizationInputSchema),
  places: def('places', 'lieu', 'lieux', PlaceInputSchema),
  questions: def('questions', 'question', 'questions', QuestionInputSchema, { read: 'staff' }),
  raffles: def('raffles', 'tombola', 'tombolas', RaffleInputSchema, { patch: RafflePatchSchema }),
  scrape: def('scrape', 'collecte', 'collectes', ScrapeJobInputSchema, { read: 'staff' }),
  stores: def('stores', 'boutique', 'boutiques', StoreInputSchema),
  tournaments: def('tournaments', 'tournoi', 'tournois', TournamentInputSchema),
  users: def('users', 'utilisateur', 'utilisateurs', UserInputSchema, { write: 'admin', read: 'staff' }),
  // Beyond the dashboard's list.
  jobOffers: def('jobOffers', 'offre d’emploi', 'offres d’emploi', JobOfferInputSchema, { patch: JobOfferPatchSchema }),
  placeTypes: def('placeTypes', 'type de lieu', 'types de lieu', PlaceTypeInputSchema),
  placeRoles: def('placeRoles', 'rôle de lieu', 'rôles de lieu', PlaceRoleInputSchema, { read: 'staff' }),
  eventRoles: def('eventRoles', 'rôle d’événement', 'rôles d’événement', EventRoleInputSchema, { read: 'staff' }),
  championships: def('championships', 'championnat', 'championnats', ChampionshipInputSchema),
  blogPosts: def('blog', 'article', 'articles', BlogPostInputSchema),
  docPages: def('docs', 'page de documentation', 'documentation', DocPageInputSchema),
  mailTemplates: def('mailTemplates', 'modèle d’e-mail', 'modèles d’e-mail', MailTemplateInputSchema, { read: 'staff' }),
  images: def('images', 'image', 'images', ImageInputSchema),
  tasks: def('tasks', 'tâche', 'tâches', TaskInputSchema, { read: 'staff' }),
  notifications: def('notifications', 'notification', 'notifications', NotificationInputSchema, { read: 'staff' }),
  shares: def('shares', 'partage', 'partages', ShareInputSchema, { write: 'owner' }),
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];
