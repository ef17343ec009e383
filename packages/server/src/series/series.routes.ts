import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { SeriesService } from './series.service';
import { ResourceService } from '../services/resources.service';

/**
 * Series (issue 35): staff make one from an event's fields and a rule, change one date alone
 * (« Cette date seulement ») or every date from one on (« Toutes les dates suivantes »); anyone
 * reads a series as its event pages show it.
 */
export function registerSeriesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const series = new SeriesService(ctx, new ResourceService(ctx));
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };

  serve(app, OPERATIONS.createSeries, async ({ body }, { reply }) => reply.status(201).send(await series.create(body)), staff);
  serve(app, OPERATIONS.series, async ({ path }, { request, reply }) => ctx.cache.serve(request, reply, async () => JSON.stringify(await series.view(path.id))));
  serve(app, OPERATIONS.editSeriesFollowing, async ({ path, body }, { guard: user }) => series.editFollowing(path.id, body, user), staff);
  serve(app, OPERATIONS.editSeriesOccurrence, async ({ path, body }, { guard: user }) => series.editOne(path.id, path.eventId, body, user), staff);
}
