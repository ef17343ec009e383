import type { Page } from '../domain/schemas/common.schema';
import type { Event } from '../domain/schemas/events.schema';
import type { JobOffer, Menu, Place, PlaceType } from '../domain/schemas/places.schema';
import type { QueryDefinition } from './query-client';

/** A place with what its page shows beside it. */
export interface PlaceDetails {
  place: Place;
  typeName?: string;
  menu?: Menu;
  jobOfferCount: number;
}

/** The places feature's reads. */
export const placeQueries = {
  /** A place, its type's name, its menu and how many job offers it has: the rest is a bonus, the place shows if one of them fails. */
  details: (id: string): QueryDefinition<PlaceDetails> => ({
    key: ['places', 'details', id],
    load: async (api) => {
      const place = await api.get<Place>('places', id);
      const [type, menus, offers] = await Promise.all([
        place.typeId ? api.get<PlaceType>('placeTypes', place.typeId).catch(() => undefined) : undefined,
        api.list<Menu>('menus', { placeId: id, limit: 1 }).catch(() => undefined),
        api.list<JobOffer>('jobOffers', { placeId: id, limit: 0 }).catch(() => undefined),
      ]);
      return { place, typeName: type?.name, menu: menus?.items[0], jobOfferCount: offers?.meta.total ?? 0 };
    },
  }),

  /** Every place type (a hundred at most), for the filters. */
  types: (): QueryDefinition<Page<PlaceType>> => ({
    key: ['placeTypes', 'all'],
    load: (api) => api.list<PlaceType>('placeTypes', { limit: 100 }),
  }),

  /** A page of places, by type and city ('' for any). */
  list: (filter: { typeId: string; city: string }, limit: number, offset: number): QueryDefinition<Page<Place>> => ({
    key: ['places', 'list', filter.typeId, filter.city, limit, offset],
    load: (api) => api.list<Place>('places', { limit, offset, typeId: filter.typeId || undefined, city: filter.city || undefined }),
  }),

  /** A city's map: its places and its next events, read together. */
  map: (city: string, places: number, events: number): QueryDefinition<{ places: Page<Place>; events: Page<Event> }> => ({
    key: ['places', 'map', city, places, events],
    load: async (api) => {
      const [placePage, eventPage] = await Promise.all([api.list<Place>('places', { city, limit: places }), api.listEvents({ city, upcoming: 'true', limit: events, offset: 0 })]);
      return { places: placePage, events: eventPage };
    },
  }),

  /** A page of a place's job offers. */
  jobOffers: (placeId: string, limit: number, offset: number): QueryDefinition<Page<JobOffer>> => ({
    key: ['jobOffers', 'place', placeId, limit, offset],
    load: (api) => api.list<JobOffer>('jobOffers', { placeId, limit, offset }),
  }),
};
