import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { requireSession } from '../http/session';
import type { PushService } from './push.service';

/**
 * /api/me/pushSubscriptions (issue 33): the browsers of the signed-in person that receive their
 * notifications. A subscription belongs to a browser's session (an API key makes none): signing
 * out of that browser removes it.
 */
export function registerPushRoutes(app: FastifyInstance, ctx: AppContext, push: PushService): void {
  const inSession = { guard: (request: FastifyRequest) => requireSession(ctx, request) };

  serve(app, OPERATIONS.myPushSubscriptions, async (_input, { guard: { user, token } }) => ({ items: await push.list(user._id, token) }), inSession);

  serve(
    app,
    OPERATIONS.addPushSubscription,
    async ({ body }, { guard: { user, token }, request, reply }) => reply.status(201).send(await push.subscribe(user._id, token, body, request.headers['user-agent'] ?? null)),
    inSession,
  );

  serve(
    app,
    OPERATIONS.removePushSubscription,
    async ({ path }, { guard: { user }, reply }) => {
      if (!(await push.remove(user._id, path.id))) throw notFound('Appareil introuvable (déjà retiré ?).');
      return reply.status(204).send();
    },
    inSession,
  );
}
