import type { Event, EventCategory, EventQuery } from '../domain/schemas/events.schema';
import type { Page } from '../domain/schemas/common.schema';
import type { QueryDefinition } from './query-client';
import { recordQueries } from './records.queries';

/** The events feature's reads. Every key starts with 'events', so ['events'] invalidates them all. */
export const eventQueries = {
  one: (id: string): QueryDefinition<Event> => recordQueries.one<Event>('events', id),

  /** Every event category (a hundred at most), for the agenda's filters. */
  categories: (): QueryDefinition<Page<EventCategory>> => ({
    key: ['eventCategories', 'all'],
    load: (api) => api.list<EventCategory>('eventCategories', { limit: 100 }),
  }),

  /** A page of events matching `filter` (the agenda's filters: city, dates, category, price…). */
  page: (filter: Omit<EventQuery, 'limit' | 'offset'>, limit: number, offset: number): QueryDefinition<Page<Event>> => ({
    key: ['events', 'list', { ...filter }, limit, offset],
    load: (api) => api.listEvents({ ...filter, limit, offset }),
  }),

  /** A page of the upcoming events of a place, an organisation or an artist. */
  upcoming: (filter: Pick<EventQuery, 'placeId' | 'organizationId' | 'artistId'>, limit: number, offset: number): QueryDefinition<Page<Event>> => ({
    key: ['events', 'upcoming', filter.placeId ?? null, filter.organizationId ?? null, filter.artistId ?? null, limit, offset],
    load: (api) => api.listEvents({ ...filter, upcoming: 'true', limit, offset }),
  }),

  /** Upcoming events in the same city (and first category), `count` + 1 since the event itself may come back. */
  related: (event: Pick<Event, '_id' | 'city' | 'categoryIds'>, count: number): QueryDefinition<Page<Event>> => {
    const category = event.categoryIds[0];
    return {
      key: ['events', 'related', event._id],
      load: (api) => api.listEvents({ city: event.city, upcoming: 'true', limit: count + 1, offset: 0, ...(category ? { categoryId: category } : {}) }),
    };
  },
};
