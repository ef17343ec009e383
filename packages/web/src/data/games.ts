import { OPERATION_ROUTES, type EventGames, type QueryDefinition } from '@sortie/core';

/** GET /api/events/:id/games: every kind of game of an event in one request, drafts already left out by the server. */
export const eventGamesQuery = (eventId: string): QueryDefinition<EventGames> => ({
  key: ['events', eventId, 'games'],
  load: (api) => api.call(OPERATION_ROUTES.eventGames, { path: { id: eventId } }),
});
