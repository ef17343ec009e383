import { z } from 'zod';
import { EventQuerySchema, tournamentEditRefusal, isDraft, NotificationInputSchema, ObjectIdSchema, RESOURCES, withoutOwnerOnly, type ResourceName } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { Json } from '../db/store';
import type { Data } from '../db/entities';
import { isObject } from '../unknown-value';
import { parse } from '../http/errors';
import { randomShortCode } from '../links/codes';
import { hashPassword } from '../auth/passwords';
import { listEvents } from '../services/events.service';
import { pauseDeletedOccurrence } from '../series/series-events';
import { TOURNAMENT_SERVER_FIELDS } from '../tournaments/tournament-fields';
import { CHAMPIONSHIP_POLICY } from '../tournaments/championship-policy';
import { scheduleCollector } from '../collectors/collector-schedule';
import { BLIND_TEST_POLICY } from '../blind-tests/blind-test-policy';
import { awardBadgeInBackground } from '../badges/badge-awards';
import { guardAccountRemoval } from '../auth/roles';
import { isStaff } from '../auth/user-roles';
import { RAFFLE_POLICY } from '../raffles/raffle-policy';
import type { OwnList, ResourcePolicy, Viewer } from './resource-policy';
import { insertTournamentWithCode } from '../live/live-codes';
import type { AnswerText } from '../text-parts';

/** A list with its own query schema: parsed first (400 in French), so the loader receives what the schema promises. */
function ownList<Q extends z.ZodType>(schema: Q, load: (ctx: AppContext, query: z.output<Q>, viewer: Viewer) => Promise<AnswerText>): OwnList {
  return {
    load: async (ctx, query, viewer) => {
      const parsed = parse(schema, query);
      return load(ctx, parsed, await viewer());
    },
  };
}

/** The owner of a record, when it names one (read through core's id schema). */
const OwnedRecord = z.object({ userId: ObjectIdSchema });
export function ownerOf(record: Data): string | undefined {
  const owned = OwnedRecord.safeParse(record);
  return owned.success ? owned.data.userId : undefined;
}

/**
 * Every resource's server policy, read by the generic router (routes/resources.routes.ts) and
 * its service (services/resources.service.ts). A resource with no entry is plain CRUD under
 * RESOURCES' rules.
 */
export const RESOURCE_POLICY: Record<ResourceName, ResourcePolicy> = {
  artists: {},
  // A badge created or changed is awarded at once to every visitor whose activity already earns it.
  badges: { afterWrite: (ctx, id) => awardBadgeInBackground(ctx, id) },
  blindtests: BLIND_TEST_POLICY,
  // Each collector has its job (`collect:<id>`) on its own schedule; deleted, the job goes too.
  collectors: { serverFields: { lastRunAt: null, lastResult: null, runs: [] }, afterWrite: (ctx, id) => void scheduleCollector(ctx, id).catch((error: unknown) => console.error('Collecteur :', error)) },
  dynaLinks: {
    serverFields: { visitCount: 0 },
    prepare: (data, authorId) => ({ ...data, shortCode: data.shortCode || randomShortCode(), createdBy: data.createdBy ?? authorId }),
    // The redirect page resolves a link by id: only where it leads, never its owner nor its visits.
    readOne: {
      viewer: 'none',
      notFound: 'Lien introuvable.',
      note: 'Où mène le lien, rien de plus : ni son auteur ni ses visites ; un lien protégé par un mot de passe ne le dit pas ; une page de liens dit de quel lieu ou de quelle organisation.',
      project: (link) =>
        link.protected === true
          ? { _id: link._id, shortCode: link.shortCode, protected: true, createdAt: link.createdAt, updatedAt: link.updatedAt }
          : { _id: link._id, url: link.url, shortCode: link.shortCode, ...(link.page ? { page: link.page } : {}), createdAt: link.createdAt, updatedAt: link.updatedAt },
    },
    // The password (issue 36) is stored hashed as the accounts' are, never read back: `protected` says there is one; '' removes it.
    writeOnly: {
      fields: ['password'],
      store: async ({ password }) => (typeof password === 'string' && password ? { passwordHash: await hashPassword(password), protected: true } : { passwordHash: null, protected: false }),
    },
    afterWrite: (ctx) => ctx.links.invalidate(),
  },
  eventCategories: {},
  // A draft is staff's until it is published (publicView below): the agenda hides it, and so does its own address.
  events: {
    serverFields: { likeCount: 0 },
    // An occurrence's link to its series is the series' (series/): a PATCH keeps it; a date deleted by hand becomes a pause of the series.
    serverOwned: ['seriesId', 'occurrenceDate'],
    beforeRemove: (tx, id) => pauseDeletedOccurrence(tx, id),
    list: { own: ownList(EventQuerySchema, listEvents) },
    // Published, changed, cancelled or deleted: federated (federation/publish.ts compares; its job catches other paths).
    afterWrite: (ctx) => ctx.federation?.kick(),
  },
  forms: { serverFields: { entryCount: 0 } },
  formTemplates: {},
  menus: {},
  organizations: {},
  places: {},
  questions: {},
  raffles: RAFFLE_POLICY,
  scrape: {},
  stores: {},
  // The bracket is the socket actions' (core's rules, run by tournaments/tournament-rooms.ts): REST writes the rest (issue 32: a PATCH changing it is refused).
  // Its /j code (issue 32) is drawn at creation and kept by every PATCH.
  tournaments: { serverFields: TOURNAMENT_SERVER_FIELDS, serverOwned: [...Object.keys(TOURNAMENT_SERVER_FIELDS), 'joinCode'], create: (ctx, data) => insertTournamentWithCode(ctx, data), refusePatch: tournamentEditRefusal, afterWrite: (ctx, id) => ctx.tournaments?.invalidate(id) },
  users: {
    // Roles change only through PUT /api/users/{id}/roles (auth/roles.ts): the last admin keeps
    // theirs and every change is in the audit log. A new account has none.
    serverFields: { roles: [] },
    serverOwned: ['roles'],
    beforeRemove: (tx, id, actor) => guardAccountRemoval(tx, id, { id: actor._id, label: actor.email }),
    removalAudited: true,
    prepare: (data) => ({ ...data, messagingTokens: data.messagingTokens ?? [] }),
    // Public profiles: anyone reads a user's name, avatar and city; the whole record (e-mail,
    // roles, devices) is for the user and staff. Roles told to anyone would say who to attack.
    readOne: {
      viewer: 'optional',
      note: 'Un profil public : nom affiché, photo, ville et date d’inscription pour tous ; le compte entier (e-mail, rôles, appareils) pour la personne elle-même et l’équipe.',
      project: (user, viewer) => (isStaff(viewer) || viewer?._id === user._id ? user : pick(user, PUBLIC_PROFILE)),
    },
  },
  // An offer is public from its publication date on (the list and its address alike); staff see it before.
  jobOffers: {
    list: { hiddenFromVisitors: (now) => ({ clause: 'published_at IS NOT NULL AND published_at <= {}', value: new Date(now).toISOString() }) },
    readOne: { viewer: 'optional', notFound: 'Offre d’emploi introuvable.', project: (offer, viewer) => (isStaff(viewer) || isPublished(offer, Date.now()) ? offer : null) },
  },
  placeTypes: {},
  placeRoles: {},
  eventRoles: {},
  // The table is computed from the tournaments (core's championshipStandings), never typed in.
  championships: CHAMPIONSHIP_POLICY,
  blogPosts: {
    list: { hiddenFromVisitors: (now) => ({ clause: 'published_at IS NOT NULL AND published_at <= {}', value: new Date(now).toISOString() }) },
    // An article not yet published is staff's, by its address too.
    readOne: { viewer: 'optional', notFound: 'Article introuvable.', project: (post, viewer) => (isStaff(viewer) || isPublished(post, Date.now()) ? post : null) },
  },
  docPages: {},
  mailTemplates: {},
  images: {},
  tasks: {},
  notifications: {
    serverFields: { readAt: null },
    // Their owner (or staff) reads one; the list is staff's (a user reads theirs at /api/me/notifications).
    readOne: {
      viewer: 'signedIn',
      note: 'Sa destinataire et l’équipe seulement.',
      project: (notification, viewer) => (ownerOf(notification) === viewer?._id || isStaff(viewer) ? notification : null),
    },
    create: (ctx, data) => ctx.notify(NotificationInputSchema.parse(data)),
  },
  shares: {
    serverFields: { viewCount: 0 },
    prepare: (data, authorId) => ({ ...data, userId: data.userId ?? authorId }),
  },
};

/** What anyone may read of an account. */
const PUBLIC_PROFILE = ['_id', 'displayName', 'avatar', 'city', 'createdAt'] as const;
const pick = (record: Json, keys: readonly string[]): Data => Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
/** An article (a job offer) is public from its publication date on. */
const isPublished = (post: Json, now: number) => typeof post.publishedAt === 'string' && Date.parse(post.publishedAt) <= now;

/**
 * Core's rules for every resource, whatever its policy: a draft (RESOURCES[…].drafts) is staff's
 * only, and a field only its owner reads (RESOURCES[…].ownerOnly) is left out of others'
 * records. Null: the record does not exist for this viewer (404). The router applies it to
 * every record it answers by its address; ResourceService.list applies the same in SQL.
 */
export function publicView<T extends Data>(resource: ResourceName, record: T, viewer: Viewer): T | null {
  if (isStaff(viewer)) return record;
  if (isDraft(resource, record)) return null;
  return withoutOwnerOnly(resource, record, viewer?._id);
}

/** Whether the viewer changes what a resource's list or records show (drafts, owner-only fields, a policy's hidden rows). */
export const viewerMatters = (resource: ResourceName): boolean =>
  RESOURCES[resource].drafts || RESOURCES[resource].ownerOnly.length > 0 || Boolean(RESOURCE_POLICY[resource].list?.hiddenFromVisitors);

/**
 * Whether `viewer` reads a resource's list as an anonymous visitor does, so that the same answer
 * serves both (the public cache): drafts and a policy's hidden rows are staff's alone, and only
 * an owner-only field sets one signed-in visitor apart from another. An own list (events) reads
 * its viewer as staff or not, no more.
 */
export const readsAsVisitor = (resource: ResourceName, viewer: Viewer): boolean => !isStaff(viewer) && RESOURCES[resource].ownerOnly.length === 0;

/** Who may read a resource's list (and its records, unless its policy says otherwise). */
export const listRule = (resource: ResourceName) => RESOURCES[resource].read;

/** A record as reads show it now: through its kind's `project` when it has one (a raffle past its close says 'closed'). */
export function projectedRecord(resource: ResourceName, record: Json, now: number): Json {
  const project = RESOURCE_POLICY[resource].project;
  return project ? project(record, now) : record;
}

/** A record of a list's JSON text (Store.listJson): its id and dates, the rest as stored. */
const isJson = (value: unknown): value is Json =>
  isObject(value) && typeof value._id === 'string' && typeof value.createdAt === 'string' && typeof value.updatedAt === 'string';

/** A list's JSON text as reads show it now: each record through projectedRecord, the text untouched for a kind without `project`. */
export function projectedListJson(resource: ResourceName, items: string, now: number): string {
  if (!RESOURCE_POLICY[resource].project) return items;
  const records: unknown = JSON.parse(items);
  if (!Array.isArray(records) || !records.every(isJson)) throw new TypeError('Liste illisible : des enregistrements JSON étaient attendus.');
  return JSON.stringify(records.map((record) => projectedRecord(resource, record, now)));
}
