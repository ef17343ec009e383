import { OPERATION_ROUTES, type ProductApiPort, type SeriesFollowingEdit, type SeriesInput } from '@sortie/core';
import { useApiWrites } from './api-writes';

/** Series' writes (issue 35): made from the event form, one date changed alone, or every date from one on. */
const seriesWrites = (api: ProductApiPort) => ({
  create: (body: SeriesInput) => api.call(OPERATION_ROUTES.createSeries, { body }),
  editOne: (seriesId: string, eventId: string, body: Record<string, unknown>) => api.call(OPERATION_ROUTES.editSeriesOccurrence, { path: { id: seriesId, eventId }, body }),
  editFollowing: (seriesId: string, body: SeriesFollowingEdit) => api.call(OPERATION_ROUTES.editSeriesFollowing, { path: { id: seriesId }, body }),
});

export const useSeriesWrites = () => useApiWrites(seriesWrites);
