import type { ResourceName } from '../domain/resources';
import type { QueryDefinition } from './query-client';

/**
 * The most ids one list request carries: the server's `ids` filter takes a page of them
 * (IdListSchema, MAX_PAGE_SIZE; a test keeps them equal). Written out so that the pages
 * reading queries do not load zod's schemas for one number.
 */
export const MAX_IDS_PER_REQUEST = 100;

/** Reads of any resource of RESOURCES: one record, or several by id in a bounded number of requests. */
export const recordQueries = {
  /** GET /api/{resource}/{id}: rejects with NotFoundError when it does not exist. */
  one: <T>(resource: ResourceName, id: string): QueryDefinition<T> => ({
    key: [resource, 'one', id],
    load: (api) => api.get<T>(resource, id),
  }),

  /**
   * The records of `ids`, in the order of `ids`, those that no longer exist left out: one
   * list request per 100 ids (`?ids=a,b,c`), instead of one request per record.
   */
  byIds: <T extends { _id: string }>(resource: ResourceName, ids: readonly string[]): QueryDefinition<T[]> => {
    const unique = [...new Set(ids)];
    return {
      key: [resource, 'ids', unique.join(',')],
      load: async (api) => {
        const chunks: string[][] = [];
        for (let i = 0; i < unique.length; i += MAX_IDS_PER_REQUEST) chunks.push(unique.slice(i, i + MAX_IDS_PER_REQUEST));
        const pages = await Promise.all(chunks.map((chunk) => api.list<T>(resource, { ids: chunk.join(','), limit: chunk.length })));
        const found = new Map(pages.flatMap((page) => page.items).map((item) => [item._id, item]));
        return unique.flatMap((id) => found.get(id) ?? []);
      },
    };
  },
};
