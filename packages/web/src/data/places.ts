import { OPERATION_ROUTES, type PlaceTonight, type QueryDefinition } from '@sortie/core';

/** GET /api/places/:id/tonight: the server picks today's events (Paris time) not over yet, and what can be joined now. */
export const placeTonightQuery = (placeId: string): QueryDefinition<PlaceTonight> => ({
  key: ['places', placeId, 'tonight'],
  load: (api) => api.call(OPERATION_ROUTES.placeTonight, { path: { id: placeId } }),
});
