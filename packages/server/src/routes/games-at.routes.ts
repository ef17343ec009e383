import type { FastifyInstance } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { currentUser } from '../http/session';
import { serve } from '../http/serve';
import { GamesAtService } from '../services/games-at.service';

/**
 * What the public pages lead to, each in one request instead of one per kind: an event's games
 * (GET /api/events/:id/games) and what is on at a venue tonight (GET /api/places/:id/tonight).
 * Public, so an anonymous answer goes through the one-second cache that every write clears.
 */
export function registerGamesAtRoutes(app: FastifyInstance, ctx: AppContext): void {
  const games = new GamesAtService(ctx);

  serve(app, OPERATIONS.eventGames, async ({ path: { id } }, { request, reply }) => {
    // Checked before the cache: a draft is staff's, and its games with it (404, as the event's own address).
    await games.checkEvent(id, () => currentUser(ctx, request));
    return ctx.cache.serve(request, reply, () => games.eventGames(id));
  });

  serve(app, OPERATIONS.placeTonight, async ({ path: { id } }, { request, reply }) => {
    await games.checkPlace(id);
    return ctx.cache.serve(request, reply, () => games.tonight(id));
  });
}
