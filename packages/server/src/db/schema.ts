import { type ExtraConfigColumn, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';

/**
 * Every entity of DOMAIN.md has its table. Columns that lists filter, sort or search on are
 * typed; the rest of the record lives in `data` (jsonb), validated by core's schemas before
 * it is written. `search` holds the text the French full-text search indexes.
 */
const common = {
  id: text('id').primaryKey(),
  data: jsonb('data').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};
type Cols = Record<string, ExtraConfigColumn>;
const entity = <T extends Record<string, PgColumnBuilderBase>>(name: string, extra: T, extraConfig?: (t: Cols) => unknown[]) =>
  pgTable(name, { ...common, ...extra }, extraConfig as never);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const events = entity(
  'events',
  {
    title: text('title').notNull(),
    city: text('city').notNull(),
    startsAt: at('starts_at').notNull(),
    placeId: text('place_id'),
    organizationId: text('organization_id'),
    status: text('status').notNull(),
    search: text('search').notNull().default(''),
  },
  (t: Cols) => [index('events_city_starts_idx').on(t.city!, t.startsAt!), index('events_place_starts_idx').on(t.placeId!, t.startsAt!), index('events_starts_idx').on(t.startsAt!)],
);
export const eventCategories = entity('event_categories', { slug: text('slug').notNull().unique() });
export const eventRoles = entity('event_roles', { eventId: text('event_id').notNull(), userId: text('user_id').notNull() });
export const championships = entity('championships', { eventId: text('event_id').notNull() });
export const places = entity('places', {
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  city: text('city').notNull(),
  typeId: text('type_id'),
  organizationId: text('organization_id'),
  search: text('search').notNull().default(''),
});
export const placeTypes = entity('place_types', { name: text('name').notNull() });
export const placeRoles = entity('place_roles', { placeId: text('place_id').notNull(), userId: text('user_id').notNull() });
export const organizations = entity('organizations', { name: text('name').notNull(), search: text('search').notNull().default('') });
export const artists = entity('artists', { name: text('name').notNull(), slug: text('slug').notNull().unique(), search: text('search').notNull().default('') });
export const users = entity('users', {
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  firebaseUid: text('firebase_uid').unique(),
  city: text('city'),
});
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});
export const settings = pgTable('settings', { key: text('key').primaryKey(), value: text('value').notNull() });
export const badges = entity('badges', { name: text('name').notNull() });
export const userBadges = entity('user_badges', { userId: text('user_id').notNull(), badgeId: text('badge_id').notNull() }, (t: Cols) => [
  uniqueIndex('user_badges_unique').on(t.userId!, t.badgeId!),
]);
export const follows = entity('follows', { userId: text('user_id').notNull(), targetKind: text('target_kind').notNull(), targetId: text('target_id').notNull() }, (t: Cols) => [
  uniqueIndex('follows_unique').on(t.userId!, t.targetKind!, t.targetId!),
]);
export const likes = entity('likes', { userId: text('user_id').notNull(), eventId: text('event_id').notNull() }, (t: Cols) => [
  uniqueIndex('likes_unique').on(t.userId!, t.eventId!),
]);
export const notifications = entity('notifications', { userId: text('user_id').notNull(), readAt: at('read_at') }, (t: Cols) => [
  index('notifications_user_idx').on(t.userId!),
]);
export const blindTests = entity('blind_tests', { title: text('title').notNull(), status: text('status').notNull(), eventId: text('event_id'), placeId: text('place_id') });
export const questions = entity('questions', {});
export const tournaments = entity('tournaments', { name: text('name').notNull(), status: text('status').notNull(), eventId: text('event_id') });
export const raffles = entity('raffles', { title: text('title').notNull(), status: text('status').notNull(), eventId: text('event_id'), placeId: text('place_id'), seed: text('seed') });
export const raffleEntries = entity('raffle_entries', { raffleId: text('raffle_id').notNull(), entrant: text('entrant').notNull() }, (t: Cols) => [
  uniqueIndex('raffle_entries_unique').on(t.raffleId!, t.entrant!),
]);
export const formTemplates = entity('form_templates', { name: text('name').notNull() });
export const forms = entity('forms', { title: text('title').notNull() });
export const formEntries = entity('form_entries', { formId: text('form_id').notNull(), entryCode: text('entry_code').notNull().unique(), userId: text('user_id') });
export const menus = entity('menus', { placeId: text('place_id').notNull() });
export const stores = entity('stores', { name: text('name').notNull(), placeId: text('place_id') });
export const jobOffers = entity('job_offers', { title: text('title').notNull(), city: text('city').notNull(), placeId: text('place_id'), organizationId: text('organization_id'), publishedAt: at('published_at') });
export const blogPosts = entity('blog_posts', { slug: text('slug').notNull().unique(), publishedAt: at('published_at') });
export const docPages = entity('doc_pages', { path: text('path').notNull().unique(), sortOrder: integer('sort_order').notNull().default(0) });
export const dynaLinks = entity('dyna_links', { shortCode: text('short_code').notNull().unique(), url: text('url').notNull() });
export const dynaLinkVisits = pgTable('dyna_link_visits', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  linkId: text('link_id').notNull(),
  datetime: at('datetime').notNull(),
  userAgent: text('user_agent').notNull(),
}, (t) => [index('dyna_link_visits_link_idx').on(t.linkId)]);
export const shares = entity('shares', { userId: text('user_id'), targetKind: text('target_kind').notNull(), targetId: text('target_id').notNull() });
export const shareViews = pgTable('share_views', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  shareId: text('share_id').notNull(),
  datetime: at('datetime').notNull(),
  userAgent: text('user_agent').notNull(),
}, (t) => [index('share_views_share_idx').on(t.shareId)]);
export const collectors = entity('collectors', { name: text('name').notNull() });
export const scrapeJobs = entity('scrape_jobs', { collectorId: text('collector_id').notNull(), status: text('status').notNull() });
export const mailTemplates = entity('mail_templates', { name: text('name').notNull() });
export const images = entity('images', {});
export const tasks = entity('tasks', { name: text('name').notNull() });
