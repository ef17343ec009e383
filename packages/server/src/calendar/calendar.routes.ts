import type { FastifyInstance, FastifyReply } from 'fastify';
import { ArtistSchema, EventSchema, OPERATIONS, OrganizationSchema, PlaceSchema, isArtistRef, isObjectId, slugify, type Event, type Organization, type Place } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { whereClauses } from '../db/where';
import { publicOrigin } from '../seo/public-origin';
import { buildCalendar, type CalendarItem } from './ics';

/** A feed keeps the events of the last month (a visitor checks what they went to) and every one to come, up to this many. */
export const FEED_PAST_DAYS = 30;
export const FEED_LIMIT = 500;
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Subscribed apps fetch every few hours; a short public cache spares the database a crowd of them. */
const CACHE = 'public, max-age=900';

const asList = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, rows: unknown[]): T[] =>
  rows.flatMap((row) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

/** « concert-au-confort-moderne.ics »: a file name a visitor recognises. */
export function icsFileName(title: string): string {
  const slug = slugify(title);
  return `${slug || 'evenement'}.ics`;
}

/**
 * The calendars of an event, a city, a place, an organisation and an artist (iCalendar, RFC 5545),
 * built with ical.js from the same records as the pages: a draft is nobody's, an unknown or
 * malformed id answers 404. Feeds carry cancelled events too, so that a subscriber's agenda
 * shows the cancellation instead of silently dropping the event.
 */
export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The places and organisations of these events, in one query each. */
  async function withPlaces(events: Event[]): Promise<CalendarItem[]> {
    const ids = (key: 'placeId' | 'organizationId') => [...new Set(events.map((e) => e[key]).filter((id): id is string => Boolean(id)))];
    const load = async <T extends { _id: string }>(resource: 'places' | 'organizations', schema: Parameters<typeof asList<T>>[0], list: string[]) => {
      if (list.length === 0) return new Map<string, T>();
      const page = await ctx.store.list(resource, { where: ['id = ANY($1::text[])'], params: [list], limit: list.length, offset: 0, count: 'none' });
      return new Map(asList<T>(schema, page.items).map((record) => [record._id, record]));
    };
    const [places, organizations] = await Promise.all([load<Place>('places', PlaceSchema, ids('placeId')), load<Organization>('organizations', OrganizationSchema, ids('organizationId'))]);
    return events.map((event) => ({ event, place: event.placeId ? places.get(event.placeId) : null, organization: event.organizationId ? organizations.get(event.organizationId) : null }));
  }

  /** Published and cancelled events matching `clause`, from a month ago on, by start. */
  async function feedEvents(clause: string, value: unknown): Promise<Event[]> {
    const { where, params, add } = whereClauses();
    add(`status IN ('published', 'cancelled') AND starts_at >= {}`, new Date(ctx.now() - FEED_PAST_DAYS * 86_400_000).toISOString());
    add(clause, value);
    const page = await ctx.store.list('events', { where, params, order: 'starts_at ASC, id', limit: FEED_LIMIT, offset: 0, count: 'none' });
    return asList<Event>(EventSchema, page.items);
  }

  async function sendFeed(reply: FastifyReply, name: string, events: Event[]) {
    const origin = publicOrigin(ctx.config, reply.request);
    const text = buildCalendar(await withPlaces(events), { origin, name: `Sortie — ${name}`, description: `Les événements de ${name} sur Sortie.`, now: ctx.now() });
    return reply.header('cache-control', CACHE).type(CALENDAR_TYPE).send(text);
  }

  serve(app, OPERATIONS.eventCalendar, async ({ path }, { request, reply }) => {
    const found = isObjectId(path.id) ? EventSchema.safeParse(await ctx.store.get('events', path.id)) : null;
    if (!found?.success || found.data.status === 'draft') throw notFound('Événement introuvable.');
    const event = found.data;
    const text = buildCalendar(await withPlaces([event]), { origin: publicOrigin(ctx.config, request), now: ctx.now() });
    return reply.header('cache-control', 'public, max-age=300').header('content-disposition', `attachment; filename="${icsFileName(event.title)}"`).type(CALENDAR_TYPE).send(text);
  });

  serve(app, OPERATIONS.cityCalendar, async ({ path }, { reply }) => {
    // The city as the agenda spells it, when it has events or places; else there is no such feed.
    const [known] = await ctx.db.query<{ city: string }>(
      `SELECT city FROM (SELECT city FROM events WHERE lower(city) = lower($1) UNION ALL SELECT city FROM places WHERE lower(city) = lower($1)) c LIMIT 1`,
      [path.city.trim()],
    );
    if (!known) throw notFound('Ville inconnue.');
    return sendFeed(reply, known.city, await feedEvents('lower(city) = lower({})', known.city));
  });

  serve(app, OPERATIONS.placeCalendar, async ({ path }, { reply }) => {
    const place = isObjectId(path.id) ? PlaceSchema.safeParse(await ctx.store.get('places', path.id)) : null;
    if (!place?.success) throw notFound('Lieu introuvable.');
    return sendFeed(reply, place.data.name, await feedEvents('place_id = {}', place.data._id));
  });

  serve(app, OPERATIONS.organizationCalendar, async ({ path }, { reply }) => {
    const organization = isObjectId(path.id) ? OrganizationSchema.safeParse(await ctx.store.get('organizations', path.id)) : null;
    if (!organization?.success) throw notFound('Organisation introuvable.');
    return sendFeed(reply, organization.data.name, await feedEvents('organization_id = {}', organization.data._id));
  });

  serve(app, OPERATIONS.artistCalendar, async ({ path }, { reply }) => {
    // By id or by slug, as the artist's page.
    const stored = isObjectId(path.id) ? await ctx.store.get('artists', path.id) : isArtistRef(path.id) ? await ctx.store.getBy('artists', 'slug', path.id) : null;
    const artist = ArtistSchema.safeParse(stored);
    if (!artist.success) throw notFound('Artiste introuvable.');
    return sendFeed(reply, artist.data.name, await feedEvents(`data->'artistIds' @> jsonb_build_array({}::text)`, artist.data._id));
  });
}
