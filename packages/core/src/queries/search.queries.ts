import type { QueryDefinition } from './query-client';

/** The search feature's reads. */
export const searchQueries = {
  /** GET /api/search?q=: the best matches of every kind, `limit` of each. */
  results: <T>(q: string, limit: number): QueryDefinition<T> => ({
    key: ['search', q, limit],
    load: (api) => api.request<T>('GET', '/search', { query: { q, limit } }),
  }),
};
