import type { QueryDefinition } from './query-client';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/** The search feature's reads. */
export const searchQueries = {
  /** GET /api/search?q=: the best matches of every kind, `limit` of each. */
  results: <T>(q: string, limit: number): QueryDefinition<T> => ({
    key: ['search', q, limit],
    load: async (api) => (await api.call(OPERATION_ROUTES.search, { query: { q, limit } })) as T,
  }),
};
