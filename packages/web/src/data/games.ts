import { OPERATION_ROUTES, type EventGames, type GameReport, type QueryDefinition } from '@sortie/core';

/** GET /api/events/:id/games: every kind of game of an event in one request, drafts already left out by the server. */
export const eventGamesQuery = (eventId: string): QueryDefinition<EventGames> => ({
  key: ['events', eventId, 'games'],
  load: (api) => api.call(OPERATION_ROUTES.eventGames, { path: { id: eventId } }),
});

/** GET /api/blindTests/:id/report: who answered what in the game's `round` (staff), for the desk after the podium. */
export const blindTestReportQuery = (id: string, round: number): QueryDefinition<GameReport> => ({
  key: ['blindTests', id, 'report', round],
  load: (api) => api.call(OPERATION_ROUTES.blindTestReportRows, { path: { id } }),
});
