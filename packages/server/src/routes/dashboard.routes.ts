import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARD_RESOURCES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';

/** The server's version, read once from its package.json (the same file in src/ and dist/ layouts). */
function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'inconnue';
  } catch {
    return 'inconnue';
  }
}

/**
 * What the back office needs beyond the REST of the resources: the server's state, the
 * figures of the dashboard's home, running a scheduled task now and purging caches.
 * Everything here is for staff.
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const startedAt = ctx.now();
  const version = readVersion();
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };

  serve(app, OPERATIONS.dashboardServer, async () => {
    let health: 'ok' | 'error' = 'ok';
    try {
      await ctx.db.query('SELECT 1');
    } catch {
      health = 'error';
    }
    return {
      version,
      node: process.version,
      startedAt: new Date(startedAt).toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((ctx.now() - startedAt) / 1000)),
      database: ctx.db.kind,
      sockets: ctx.io?.engine.clientsCount ?? 0,
      health,
    };
  }, staff);

  serve(app, OPERATIONS.dashboardStats, async () => {
    const counts: Record<string, number> = {};
    for (const resource of DASHBOARD_RESOURCES) {
      counts[resource] = (await ctx.store.list(resource, { limit: 1, offset: 0, count: 'exact' })).total;
    }
    const signUps = await ctx.store.list('users', { limit: 5, offset: 0, order: 'created_at DESC, id', count: 'none' });
    // Recent activity: the records most recently written, across the dashboard's resources.
    const activity: Array<{ resource: string; _id: string; label: string; updatedAt: string }> = [];
    for (const resource of DASHBOARD_RESOURCES) {
      const { items } = await ctx.store.list(resource, { limit: 3, offset: 0, order: 'updated_at DESC, id', count: 'none' });
      for (const item of items) {
        const label = [item.title, item.name, item.displayName, item.shortCode, item.email].find((v) => typeof v === 'string' && v) as string | undefined;
        activity.push({ resource, _id: item._id, label: label ?? item._id, updatedAt: item.updatedAt });
      }
    }
    activity.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return {
      counts,
      recentSignUps: signUps.items.map((user) => ({ _id: user._id, displayName: user.displayName ?? null, email: user.email ?? null, createdAt: user.createdAt })),
      recentActivity: activity.slice(0, 10),
    };
  }, staff);

  serve(app, OPERATIONS.runTask, async ({ path: { id } }) => {
    const task = await ctx.store.get('tasks', id);
    if (!task) throw notFound('Tâche introuvable.');
    // The jobs themselves run elsewhere; here a run is recorded, as the scheduler would.
    const { _id, createdAt: _c, updatedAt: _u, ...data } = task;
    const updated = await ctx.store.replace('tasks', _id, { ...data, status: 'idle', lastRunAt: new Date(ctx.now()).toISOString(), lastError: null });
    return updated;
  }, staff);

  serve(app, OPERATIONS.purgeCaches, async () => {
    ctx.links.invalidate();
    return { purged: ['liens courts'] };
  }, staff);
}
