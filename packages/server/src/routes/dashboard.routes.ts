import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARD_RESOURCES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { ConflictError, notFound } from '../http/errors';
import type { Json } from '../db/store';
import { isValidCron, JobAlreadyRunning, registeredJobs } from '../jobs';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { SERVER_PATHS } from '../runtime-paths';
import { actorOf, recordAudit } from '../audit/audit-log';

/** The server's version, read once from its package.json (the same file in src/ and dist/ layouts). */
function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(SERVER_PATHS.packageJson, 'utf8')) as { version?: string };
    return pkg.version ?? 'inconnue';
  } catch {
    return 'inconnue';
  }
}

/**
 * What the back office needs beyond the REST of the resources: the server's state, the
 * figures of the dashboard's home, running a scheduled task now and purging caches.
 * Everything here is for staff, except the mail log (admins).
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const startedAt = ctx.now();
  const version = readVersion();
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const admin = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'admin') };

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

  /** The job a task of the dashboard runs: the one linked to it, or else the registered job of its name (linked then). */
  async function jobOfTask(task: Json): Promise<string> {
    const linked = await ctx.jobs.jobOfTask(task._id);
    if (linked) return linked;
    const job = registeredJobs().find((definition) => definition.label === task.name && !definition.name.endsWith(':*'))?.name ?? `task:${task._id}`;
    const schedule = typeof task.schedule === 'string' && isValidCron(task.schedule) ? task.schedule : '@daily';
    await ctx.jobs.schedule(job, schedule, { taskId: task._id });
    return job;
  }

  serve(app, OPERATIONS.runTask, async ({ path: { id } }, { guard: user }) => {
    const task = await ctx.store.get('tasks', id);
    if (!task) throw notFound('Tâche introuvable.');
    // Who asked for the run (the run itself, its outcome and counts, is in the task's history).
    await recordAudit(ctx.db, { actor: actorOf(user), action: 'tasks.run', targetType: 'tasks', targetId: id, after: { name: task.name } });
    // Runs the job here and now (its run joins the history); a failure is in the run, not an error of the request.
    try {
      await ctx.jobs.runNow(await jobOfTask(task));
    } catch (error) {
      if (error instanceof JobAlreadyRunning) throw new ConflictError('Cette tâche est déjà en cours sur le serveur.', 'TASK_RUNNING');
      throw error;
    }
    return (await ctx.store.get('tasks', id))!;
  }, staff);

  serve(app, OPERATIONS.taskRuns, async ({ path: { id } }) => {
    const task = await ctx.store.get('tasks', id);
    if (!task) throw notFound('Tâche introuvable.');
    const job = await ctx.jobs.jobOfTask(id);
    return { job, items: job ? await ctx.jobs.history(job, 20) : [] };
  }, staff);

  // The mail log: every address the server mailed and what it said (personal links masked), for admins only.
  serve(app, OPERATIONS.mailbox, async ({ query }) => {
    const rows = await ctx.db.query(
      `SELECT id, "to", subject, html, text, template, status, error, created_at AS "createdAt", count(*) OVER () AS total FROM mails ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [query.limit, query.offset],
    );
    const [count] = rows.length ? [{ n: Number(rows[0]!.total) }] : await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mails');
    return {
      total: Number(count?.n ?? 0),
      items: rows.map(({ total: _total, createdAt, ...mail }) => ({ ...mail, createdAt: new Date(createdAt as string).toISOString() })),
    };
  }, admin);

  serve(app, OPERATIONS.purgeCaches, async (_input, { guard: user }) => {
    ctx.links.invalidate();
    const purged = ['liens courts'];
    await recordAudit(ctx.db, { actor: actorOf(user), action: 'caches.purge', targetType: 'caches', targetId: null, after: { purged } });
    return { purged };
  }, staff);
}
