import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isObjectId, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireUser } from '../http/session';
import { serve } from '../http/serve';
import { LikeService } from '../services/likes.service';

/** What the public pages need beside the REST: whether the signed-in visitor likes an event. */
export function registerDiscoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const likes = new LikeService(ctx);
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };
  // The event page starts its « J’aime » button from this; PUT/DELETE on the same path change it.
  serve(app, OPERATIONS.likeState, async ({ path: { eventId } }, { guard: user }) => {
    if (!isObjectId(eventId)) return { liked: false, eventId };
    return { liked: await likes.isLiked(user._id, eventId), eventId };
  }, signedIn);
}
