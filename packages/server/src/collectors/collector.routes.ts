import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { ConflictError, notFound } from '../http/errors';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { JobAlreadyRunning, registerJob } from '../jobs';
import { demoSourceRoutes } from './demo-sources';
import { runCollector } from './run-collector';
import { collectJob, scheduleCollector } from './collector-schedule';
import { actorOf, recordAudit } from '../audit/audit-log';

registerJob('collect:*', async (ctx, run) => {
  const { found, created, updated, skipped } = await runCollector(ctx, run.arg ?? '', run.now);
  return { found, created, updated, skipped };
});

/** Collectors that ran within this time are left alone by the daily sweep. */
const SWEEP_SKIPS_WITHIN_MS = 12 * 3600_000;

/**
 * The demo's and the operator's « Collecte quotidienne » (/dashboard/tasks): every collector
 * that has not run for 12 hours, one after the other; a failure stays in that collector's
 * history and does not stop the others.
 */
registerJob(
  'collectors',
  async (ctx, run) => {
    const counts = { collectors: 0, failed: 0, skipped: 0, created: 0, updated: 0 };
    for (const { id, lastRunAt } of await ctx.db.query<{ id: string; lastRunAt: string | null }>(`SELECT id, data->>'lastRunAt' AS "lastRunAt" FROM collectors ORDER BY name, id`)) {
      if (lastRunAt && run.now.getTime() - Date.parse(lastRunAt) < SWEEP_SKIPS_WITHIN_MS) {
        counts.skipped += 1;
        continue;
      }
      counts.collectors += 1;
      try {
        const result = await runCollector(ctx, id, run.now);
        counts.created += result.created;
        counts.updated += result.updated;
      } catch {
        counts.failed += 1;
      }
    }
    return counts;
  },
  { label: 'Collecte quotidienne' },
);

/**
 * The collectors' routes: « Lancer maintenant » for staff (POST /api/collectors/:id/run runs the
 * collector's job here and now; its outcome is in the collector's history), and, outside
 * production, the sample sources the demo collectors read. Every collector gets its job's
 * schedule once the server is ready.
 */
export function registerCollectorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };

  serve(app, OPERATIONS.runCollector, async ({ path: { id } }, { guard: user }) => {
    const collector = await ctx.store.get('collectors', id);
    if (!collector) throw notFound('Collecteur introuvable.');
    // Who asked for the run; what it found is in the collector's own history.
    await recordAudit(ctx.db, { actor: actorOf(user), action: 'collectors.run', targetType: 'collectors', targetId: id, after: { name: collector.name ?? null } });
    await scheduleCollector(ctx, id);
    try {
      await ctx.jobs.runNow(collectJob(id));
    } catch (error) {
      if (error instanceof JobAlreadyRunning) throw new ConflictError('Ce collecteur est déjà en cours de collecte.', 'COLLECTOR_RUNNING');
      throw error;
    }
    return (await ctx.store.get('collectors', id))!;
  }, staff);

  if (!ctx.config.production) void app.register(demoSourceRoutes, { now: ctx.now });

  app.addHook('onReady', async () => {
    const rows = await ctx.db.query<{ id: string }>('SELECT id FROM collectors');
    for (const { id } of rows) await scheduleCollector(ctx, id);
  });
}
