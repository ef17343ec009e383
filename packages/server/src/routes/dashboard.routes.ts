import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_RESOURCES, ObjectIdSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireRole } from '../http/session';

/** The server's version, read once from its package.json (the same file in src/ and dist/ layouts). */
function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'inconnue';
  } catch {
    return 'inconnue';
  }
}

const IdParams = z.object({ id: ObjectIdSchema });

/**
 * What the back office needs beyond the REST of the resources: the server's state, the
 * figures of the dashboard's home, running a scheduled task now and purging caches.
 * Everything here is for staff.
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const startedAt = ctx.now();
  const version = readVersion();

  app.get('/api/dashboard/server', async (request) => {
    await requireRole(ctx, request, 'staff');
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
  });

  app.get('/api/dashboard/stats', async (request) => {
    await requireRole(ctx, request, 'staff');
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
  });

  app.post('/api/dashboard/tasks/:id/run', async (request) => {
    await requireRole(ctx, request, 'staff');
    const { id } = parse(IdParams, request.params);
    const task = await ctx.store.get('tasks', id);
    if (!task) throw notFound('Tâche introuvable.');
    // The jobs themselves run elsewhere; here a run is recorded, as the scheduler would.
    const { _id, createdAt: _c, updatedAt: _u, ...data } = task;
    const updated = await ctx.store.replace('tasks', _id, { ...data, status: 'idle', lastRunAt: new Date(ctx.now()).toISOString(), lastError: null });
    return updated;
  });

  app.post('/api/dashboard/cache/purge', async (request) => {
    await requireRole(ctx, request, 'staff');
    ctx.links.invalidate();
    return { purged: ['liens courts'] };
  });
}
