import type { Event, EventQuery, Page, ProductApiPort } from '@sortie/core';
import { useApiWrites } from './api-writes';

/** The events' reads that have no definition in core's eventQueries (the landing page's highlights sit apart, in landing.ts). */

const eventPages = (api: ProductApiPort) => ({
  /** The upcoming events matching `query` from `offset` on, `limit` of them (« Voir plus »). */
  page: (query: EventQuery, limit: number, offset: number): Promise<Page<Event>> => api.listEvents({ ...query, limit, offset }),
});

/** Further pages of the agenda, read on demand rather than cached. */
export const useEventPages = () => useApiWrites(eventPages);
