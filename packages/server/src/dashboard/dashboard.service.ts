import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { DASHBOARD_RESOURCES } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { Json } from '../db/store';
import { ConflictError, notFound } from '../http/errors';
import { isValidCron, JobAlreadyRunning, registeredJobs, type JobRunRow } from '../jobs';
import { SERVER_PATHS } from '../runtime-paths';
import { actorOf, recordAudit } from '../audit/audit-log';

const PackageVersion = z.object({ version: z.string().optional() });

/** The server's version, read once from its package.json (the same file in src/ and dist/ layouts). */
function readVersion(): string {
  try {
    const pkg = PackageVersion.safeParse(JSON.parse(readFileSync(SERVER_PATHS.packageJson, 'utf8')));
    return pkg.data?.version ?? 'inconnue';
  } catch {
    return 'inconnue';
  }
}

/** The server's state as the dashboard shows it. */
export interface ServerState {
  version: string;
  node: string;
  startedAt: string;
  uptimeSeconds: number;
  database: string;
  sockets: number;
  health: 'ok' | 'error';
}

/** The figures of the dashboard's home. */
export interface DashboardStats {
  counts: Record<string, number>;
  recentSignUps: Array<{ _id: string; displayName: unknown; email: unknown; createdAt: string }>;
  recentActivity: Array<{ resource: string; _id: string; label: string; updatedAt: string }>;
}

/**
 * What the back office needs beyond the REST of the resources: the server's state, the
 * figures of the dashboard's home, running a scheduled task now, the mail log and purging
 * caches. Roles are checked by the router; the runs and purges are written to the audit log.
 */
export class DashboardService {
  /** When this server started, as its uptime counts (the service is built as the routes are registered). */
  private readonly startedAt: number;
  private readonly version = readVersion();

  constructor(private readonly ctx: AppContext) {
    this.startedAt = ctx.now();
  }

  /** Version, uptime, database kind, connected sockets, and whether the database answers. */
  async serverState(): Promise<ServerState> {
    let health: 'ok' | 'error' = 'ok';
    try {
      await this.ctx.db.query('SELECT 1');
    } catch {
      health = 'error';
    }
    return {
      version: this.version,
      node: process.version,
      startedAt: new Date(this.startedAt).toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((this.ctx.now() - this.startedAt) / 1000)),
      database: this.ctx.db.kind,
      sockets: this.ctx.io?.engine.clientsCount ?? 0,
      health,
    };
  }

  /** How many records of each dashboard resource, the last sign-ups, and the records most recently written. */
  async stats(): Promise<DashboardStats> {
    const { store } = this.ctx;
    const counts: Record<string, number> = {};
    for (const resource of DASHBOARD_RESOURCES) {
      counts[resource] = (await store.list(resource, { limit: 1, offset: 0, count: 'exact' })).total;
    }
    const signUps = await store.list('users', { limit: 5, offset: 0, order: 'created_at DESC, id', count: 'none' });
    // Recent activity: the records most recently written, across the dashboard's resources.
    const activity: DashboardStats['recentActivity'] = [];
    for (const resource of DASHBOARD_RESOURCES) {
      const { items } = await store.list(resource, { limit: 3, offset: 0, order: 'updated_at DESC, id', count: 'none' });
      for (const item of items) {
        const label = [item.title, item.name, item.displayName, item.shortCode, item.email].find((v): v is string => typeof v === 'string' && v !== '');
        activity.push({ resource, _id: item._id, label: label ?? item._id, updatedAt: item.updatedAt });
      }
    }
    activity.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return {
      counts,
      recentSignUps: signUps.items.map((user) => ({ _id: user._id, displayName: user.displayName ?? null, email: user.email ?? null, createdAt: user.createdAt })),
      recentActivity: activity.slice(0, 10),
    };
  }

  /**
   * Runs a task's job here and now, for `user` (written to the audit log; the run itself, its
   * outcome and counts, joins the task's history, a failure being in the run, not an error of
   * the request). Answers the task as it is after the run.
   */
  async runTask(id: string, user: UserJson): Promise<Json> {
    const task = await this.task(id);
    await recordAudit(this.ctx.db, { actor: actorOf(user), action: 'tasks.run', targetType: 'tasks', targetId: id, after: { name: task.name } });
    try {
      await this.ctx.jobs.runNow(await this.jobOfTask(task));
    } catch (error) {
      if (error instanceof JobAlreadyRunning) throw new ConflictError('Cette tâche est déjà en cours sur le serveur.', 'TASK_RUNNING');
      throw error;
    }
    return this.task(id);
  }

  /** The last 20 runs of a task's job (none when no job is linked to it yet). */
  async taskRuns(id: string): Promise<{ job: string | null; items: JobRunRow[] }> {
    await this.task(id);
    const job = await this.ctx.jobs.jobOfTask(id);
    return { job, items: job ? await this.ctx.jobs.history(job, 20) : [] };
  }

  /** A page of the mail log, newest first: every address the server mailed and what it said (personal links masked). */
  async mailbox(page: { limit: number; offset: number }): Promise<{ total: number; items: Array<Record<string, unknown>> }> {
    const rows = await this.ctx.db.query(
      `SELECT id, "to", subject, html, text, template, status, error, created_at AS "createdAt", count(*) OVER () AS total FROM mails ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    const [count] = rows.length ? [{ n: Number(rows[0]!.total) }] : await this.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mails');
    return {
      total: Number(count?.n ?? 0),
      items: rows.map(({ total: _total, createdAt, ...mail }) => ({ ...mail, createdAt: new Date(String(createdAt)).toISOString() })),
    };
  }

  /** Empties the caches a member of staff may purge (the short links'), for `user` (written to the audit log). */
  async purgeCaches(user: UserJson): Promise<{ purged: string[] }> {
    this.ctx.links.invalidate();
    const purged = ['liens courts'];
    await recordAudit(this.ctx.db, { actor: actorOf(user), action: 'caches.purge', targetType: 'caches', targetId: null, after: { purged } });
    return { purged };
  }

  /** A task of the dashboard, or 404 « Tâche introuvable. ». */
  private async task(id: string): Promise<Json> {
    const task = await this.ctx.store.get('tasks', id);
    if (!task) throw notFound('Tâche introuvable.');
    return task;
  }

  /** The job a task runs: the one linked to it, or else the registered job of its name (linked then). */
  private async jobOfTask(task: Json): Promise<string> {
    const linked = await this.ctx.jobs.jobOfTask(task._id);
    if (linked) return linked;
    const job = registeredJobs().find((definition) => definition.label === task.name && !definition.name.endsWith(':*'))?.name ?? `task:${task._id}`;
    const schedule = typeof task.schedule === 'string' && isValidCron(task.schedule) ? task.schedule : '@daily';
    await this.ctx.jobs.schedule(job, schedule, { taskId: task._id });
    return job;
  }
}
