import type { SeriesView } from '../domain/schemas/series.schema';
import type { QueryDefinition } from './query-client';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/** Series' reads (issue 35). Keys start with 'events': a write of an event invalidates its series too. */
export const seriesQueries = {
  /** GET /api/series/{id}: the rule told in French, the next dates and the schema.org Schedule. */
  one: (id: string): QueryDefinition<SeriesView> => ({
    key: ['events', 'series', id],
    load: (api) => api.call(OPERATION_ROUTES.series, { path: { id } }),
  }),
};
