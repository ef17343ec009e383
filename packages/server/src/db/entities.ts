import { foldAccents, isArtistSlug, type ResourceName } from '@sortie/core';

export type Data = Record<string, unknown>;

/** How one resource of core's RESOURCES registry is stored. */
export interface EntityKind {
  table: string;
  /** Typed columns (SQL name → value taken from the record). */
  columns: Record<string, (d: Data) => unknown>;
  /** Text indexed by the French full-text search (events, places, organisations, artists). */
  search?: (d: Data) => string;
  /** A text search orders by relevance (names); otherwise by `order` (events: the agenda's order). */
  rankBySearch?: boolean;
  /** List filters: query key → typed column. */
  filters: Record<string, string>;
  /** A second key for GET /api/{resource}/{key} (artists' and blog posts' slugs). */
  altKey?: { column: string; accepts: (value: string) => boolean };
  /** SQL ORDER BY of lists. */
  order: string;
  /** Record fields that never leave the server. */
  hidden?: string[];
}

/** Lower-case and accent-free, as the `search` columns and trigram matching expect. */
export function normalizeText(text: string): string {
  return foldAccents(text);
}

const str = (key: string) => (d: Data) => {
  const value = d[key];
  return typeof value === 'string' ? value : null;
};
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A field of an object field (`address.city`), when both are there. */
const inner = (d: Data, key: string, sub: string): unknown => {
  const value = d[key];
  return isData(value) ? value[sub] : undefined;
};
const nested = (key: string, sub: string) => (d: Data) => {
  const value = inner(d, key, sub);
  return typeof value === 'string' ? value : null;
};
const words = (...keys: string[]) => (d: Data) =>
  normalizeText(
    keys
      .map((k) => {
        const value = d[k];
        return Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
      })
      .join(' '),
  );
const slugish = (value: string) => /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/.test(value);

const kind = (table: string, columns: EntityKind['columns'] = {}, extra: Partial<EntityKind> = {}): EntityKind => ({
  table,
  columns,
  filters: {},
  order: 'created_at DESC, id',
  ...extra,
});

export const ENTITIES: Record<ResourceName, EntityKind> = {
  events: kind(
    'events',
    { title: str('title'), city: str('city'), starts_at: str('startsAt'), place_id: str('placeId'), organization_id: str('organizationId'), status: str('status'), series_id: str('seriesId'), occurrence_date: str('occurrenceDate') },
    { search: words('title', 'description', 'city', 'tags'), filters: { placeId: 'place_id', organizationId: 'organization_id', status: 'status' }, order: 'starts_at ASC, id' },
  ),
  eventCategories: kind('event_categories', { slug: str('slug') }, { order: "data->>'name', id" }),
  eventRoles: kind('event_roles', { event_id: str('eventId'), user_id: str('userId') }, { filters: { eventId: 'event_id', userId: 'user_id' } }),
  championships: kind('championships', { event_id: str('eventId') }, { filters: { eventId: 'event_id' } }),
  places: kind(
    'places',
    { name: str('name'), slug: str('slug'), city: nested('address', 'city'), type_id: str('typeId'), organization_id: str('organizationId') },
    { search: (d) => normalizeText(`${d.name ?? ''} ${d.description ?? ''} ${inner(d, 'address', 'city') ?? ''} ${inner(d, 'address', 'street') ?? ''}`), filters: { typeId: 'type_id', organizationId: 'organization_id' }, order: 'name, id', rankBySearch: true },
  ),
  placeTypes: kind('place_types', { name: str('name') }, { order: 'name, id' }),
  placeRoles: kind('place_roles', { place_id: str('placeId'), user_id: str('userId') }, { filters: { placeId: 'place_id', userId: 'user_id' } }),
  organizations: kind('organizations', { name: str('name') }, { search: words('name', 'description'), order: 'name, id', rankBySearch: true }),
  artists: kind('artists', { name: str('name'), slug: str('slug') }, { search: words('name', 'bio', 'genres'), order: 'name, id', rankBySearch: true, altKey: { column: 'slug', accepts: isArtistSlug } }),
  users: kind('users', { email: str('email'), city: str('city') }, { order: 'email, id', hidden: ['messagingTokens'] }),
  badges: kind('badges', { name: str('name') }, { order: 'name, id' }),
  notifications: kind('notifications', { user_id: str('userId'), read_at: str('readAt') }, { filters: { userId: 'user_id' } }),
  blindtests: kind('blind_tests', { title: str('title'), status: str('status'), event_id: str('eventId'), place_id: str('placeId') }, { filters: { status: 'status', eventId: 'event_id', placeId: 'place_id' }, hidden: ['game'] }),
  questions: kind('questions'),
  tournaments: kind('tournaments', { name: str('name'), status: str('status'), event_id: str('eventId') }, { filters: { status: 'status', eventId: 'event_id' } }),
  raffles: kind('raffles', { title: str('title'), status: str('status'), event_id: str('eventId'), place_id: str('placeId') }, { filters: { status: 'status', eventId: 'event_id', placeId: 'place_id' } }),
  formTemplates: kind('form_templates', { name: str('name') }, { order: 'name, id' }),
  forms: kind('forms', { title: str('title'), event_id: str('eventId'), place_id: str('placeId') }, { filters: { eventId: 'event_id', placeId: 'place_id' } }),
  menus: kind('menus', { place_id: str('placeId') }, { filters: { placeId: 'place_id' } }),
  stores: kind('stores', { name: str('name'), place_id: str('placeId') }, { filters: { placeId: 'place_id' }, order: 'name, id' }),
  jobOffers: kind(
    'job_offers',
    { title: str('title'), city: str('city'), place_id: str('placeId'), organization_id: str('organizationId'), published_at: str('publishedAt') },
    { filters: { placeId: 'place_id', organizationId: 'organization_id' }, order: 'published_at DESC NULLS LAST, id' },
  ),
  blogPosts: kind('blog_posts', { slug: str('slug'), published_at: str('publishedAt') }, { order: 'published_at DESC NULLS LAST, id', altKey: { column: 'slug', accepts: slugish } }),
  docPages: kind('doc_pages', { path: (d) => (Array.isArray(d.path) ? d.path.join('/') : null), sort_order: (d) => (typeof d.order === 'number' ? d.order : 0) }, { order: 'sort_order, path' }),
  dynaLinks: kind('dyna_links', { short_code: str('shortCode'), url: str('url') }, { hidden: ['passwordHash'] }),
  shares: kind('shares', { user_id: str('userId'), target_kind: nested('target', 'kind'), target_id: nested('target', 'id') }, { filters: { userId: 'user_id' } }),
  collectors: kind('collectors', { name: str('name') }, { order: 'name, id' }),
  scrape: kind('scrape_jobs', { collector_id: str('collectorId'), status: str('status') }, { filters: { collectorId: 'collector_id', status: 'status' } }),
  mailTemplates: kind('mail_templates', { name: str('name') }, { order: 'name, id' }),
  images: kind('images'),
  tasks: kind('tasks', { name: str('name') }, { order: 'name, id' }),
};

/**
 * The kinds GET /api/search looks through, with how each result is titled, whether `city`
 * narrows it, and whether it reads as an agenda (published, upcoming first, by date).
 */
export const SEARCHABLE: ReadonlyArray<{ resource: ResourceName; kind: string; title: string; byCity?: boolean; agenda?: boolean }> = [
  { resource: 'events', kind: 'event', title: 'title', byCity: true, agenda: true },
  { resource: 'places', kind: 'place', title: 'name', byCity: true },
  { resource: 'organizations', kind: 'organization', title: 'name' },
  { resource: 'artists', kind: 'artist', title: 'name' },
];
