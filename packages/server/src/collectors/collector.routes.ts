import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { registerJob } from '../jobs';
import { demoSourceRoutes } from './demo-sources';
import { runCollector } from './run-collector';
import { CollectorService } from './collector.service';

registerJob('collect:*', async (ctx, run) => {
  const { found, created, updated, skipped } = await runCollector(ctx, run.arg ?? '', run.now);
  return { found, created, updated, skipped };
});

/**
 * The demo's and the operator's « Collecte quotidienne » (/dashboard/tasks): every collector
 * that has not run for 12 hours (CollectorService.sweep).
 */
registerJob('collectors', (ctx, run) => new CollectorService(ctx).sweep(run.now), { label: 'Collecte quotidienne' });

/**
 * The collectors' routes: « Lancer maintenant » for staff (POST /api/collectors/:id/run runs the
 * collector's job here and now; its outcome is in the collector's history), and, outside
 * production, the sample sources the demo collectors read. Every collector gets its job's
 * schedule once the server is ready.
 */
export function registerCollectorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const collectors = new CollectorService(ctx);

  serve(app, OPERATIONS.runCollector, async ({ path: { id } }, { guard: user }) => collectors.runNow(id, user), staff);

  if (!ctx.config.production) void app.register(demoSourceRoutes, { now: ctx.now });

  app.addHook('onReady', () => collectors.scheduleAll());
}
