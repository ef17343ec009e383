import { ArtistSchema, EventSchema, OrganizationSchema, PlaceSchema, isArtistRef, isObjectId, type Event, type Organization, type Place } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { whereClauses } from '../db/where';
import type { CalendarItem } from './ics';
import { collapseSeries } from './series-calendar';

/** A feed keeps the events of the last month (a visitor checks what they went to) and every one to come, up to this many. */
export const FEED_PAST_DAYS = 30;
export const FEED_LIMIT = 500;

/** A feed's events with their places and organisations, under the name its calendar carries. */
export interface CalendarFeed {
  name: string;
  items: CalendarItem[];
}

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** The records that parse through their core schema; a malformed one is left out of a calendar, not answered. */
const parsedList = <T>(schema: Schema<T>, rows: unknown[]): T[] =>
  rows.flatMap((row) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });

const parsedOrNull = <T>(schema: Schema<T>, row: unknown): T | null => {
  const parsed = schema.safeParse(row);
  return parsed.success ? parsed.data : null;
};

/**
 * What the calendars of calendar.routes.ts are built from: the records of an event, a city, a
 * place, an organisation or an artist, read through their core schemas. Each method answers
 * null when there is no such thing (an unknown or malformed id, a draft event, a city that has
 * neither events nor places), which the route answers 404 in French.
 */
export class CalendarService {
  constructor(protected readonly ctx: Pick<AppContext, 'db' | 'store' | 'now'>) {}

  /** One event with its place and organisation; a draft is nobody's. */
  async event(id: string): Promise<CalendarItem | null> {
    const event = isObjectId(id) ? parsedOrNull(EventSchema, await this.ctx.store.get('events', id)) : null;
    if (!event || event.status === 'draft') return null;
    const [item] = await this.withPlaces([event]);
    return item ?? null;
  }

  /** The city's feed, named as the agenda spells the city (whatever case the address used). */
  async cityFeed(city: string): Promise<CalendarFeed | null> {
    const [known] = await this.ctx.db.query<{ city: string }>(
      `SELECT city FROM (SELECT city FROM events WHERE lower(city) = lower($1) UNION ALL SELECT city FROM places WHERE lower(city) = lower($1)) c LIMIT 1`,
      [city.trim()],
    );
    if (!known) return null;
    return this.feed(known.city, 'lower(city) = lower({})', known.city);
  }

  async placeFeed(id: string): Promise<CalendarFeed | null> {
    const place = isObjectId(id) ? parsedOrNull(PlaceSchema, await this.ctx.store.get('places', id)) : null;
    return place ? this.feed(place.name, 'place_id = {}', place._id) : null;
  }

  async organizationFeed(id: string): Promise<CalendarFeed | null> {
    const organization = isObjectId(id) ? parsedOrNull(OrganizationSchema, await this.ctx.store.get('organizations', id)) : null;
    return organization ? this.feed(organization.name, 'organization_id = {}', organization._id) : null;
  }

  /** By id or by slug, as the artist's page. */
  async artistFeed(ref: string): Promise<CalendarFeed | null> {
    const stored = isObjectId(ref) ? await this.ctx.store.get('artists', ref) : isArtistRef(ref) ? await this.ctx.store.getBy('artists', 'slug', ref) : null;
    const artist = parsedOrNull(ArtistSchema, stored);
    return artist ? this.feed(artist.name, `data->'artistIds' @> jsonb_build_array({}::text)`, artist._id) : null;
  }

  /**
   * Published and cancelled events matching `clause`, from a month ago on, by start. Cancelled
   * ones too, so that a subscriber's agenda shows the cancellation instead of silently dropping it.
   */
  protected async feed(name: string, clause: string, value: unknown): Promise<CalendarFeed> {
    const { where, params, add } = whereClauses();
    add(`status IN ('published', 'cancelled') AND starts_at >= {}`, new Date(this.ctx.now() - FEED_PAST_DAYS * 86_400_000).toISOString());
    add(clause, value);
    const page = await this.ctx.store.list('events', { where, params, order: 'starts_at ASC, id', limit: FEED_LIMIT, offset: 0, count: 'none' });
    return { name, items: await collapseSeries(this.ctx.db, await this.withPlaces(parsedList(EventSchema, page.items))) };
  }

  /** The places and organisations of these events, in one query each. */
  protected async withPlaces(events: Event[]): Promise<CalendarItem[]> {
    const ids = (key: 'placeId' | 'organizationId') => [...new Set(events.map((e) => e[key]).filter((id): id is string => Boolean(id)))];
    const load = async <T extends { _id: string }>(resource: 'places' | 'organizations', schema: Schema<T>, list: string[]) => {
      if (list.length === 0) return new Map<string, T>();
      const page = await this.ctx.store.list(resource, { where: ['id = ANY($1::text[])'], params: [list], limit: list.length, offset: 0, count: 'none' });
      return new Map(parsedList(schema, page.items).map((record) => [record._id, record]));
    };
    const [places, organizations] = await Promise.all([load<Place>('places', PlaceSchema, ids('placeId')), load<Organization>('organizations', OrganizationSchema, ids('organizationId'))]);
    return events.map((event) => ({ event, place: event.placeId ? places.get(event.placeId) : null, organization: event.organizationId ? organizations.get(event.organizationId) : null }));
  }
}
