import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isObjectId } from '@sortie/core';
import type { AppContext } from '../http/context';
import { parse } from '../http/errors';
import { requireUser } from '../http/session';

const EventParams = z.object({ eventId: z.string().max(100) });

/** What the public pages need beside the REST: whether the signed-in visitor likes an event. */
export function registerDiscoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The event page starts its « J’aime » button from this; PUT/DELETE on the same path change it.
  app.get('/api/me/likes/:eventId', async (request) => {
    const user = await requireUser(ctx, request);
    const { eventId } = parse(EventParams, request.params);
    if (!isObjectId(eventId)) return { liked: false, eventId };
    const rows = await ctx.db.query('SELECT 1 FROM likes WHERE user_id = $1 AND event_id = $2', [user._id, eventId]);
    return { liked: rows.length > 0, eventId };
  });
}
