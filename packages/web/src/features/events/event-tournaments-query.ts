import type { QueryDefinition, Tournament } from '@sortie/core';

/** An evening rarely runs more: the event page lists them all in one request. */
const MAX_TOURNAMENTS_PER_EVENT = 50;

/** GET /api/tournaments?eventId=…: the tournaments of one event, through the generic list's eventId filter. */
export const eventTournamentsQuery = (eventId: string): QueryDefinition<Tournament[]> => ({
  key: ['tournaments', 'event', eventId],
  load: async (api) => (await api.list<Tournament>('tournaments', { eventId, limit: MAX_TOURNAMENTS_PER_EVENT })).items,
});
