import type { AppContext } from '../http/context';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import type { JobCounts, JobRunRow, Jobs } from './jobs';
import { isValidCron, nextCronTime } from './cron';

export interface JobRun {
  /** The clock of the run (the app's `ctx.now`, a fake one in tests). */
  now: Date;
  /** Writes a line to the server log, prefixed with the job's name. */
  log: (message: string) => void;
  /** The job's full name, and for a family (`collect:*`) what follows its colon. */
  job: string;
  arg: string | null;
}
export type JobHandler = (ctx: AppContext, run: JobRun) => Promise<JobCounts | void>;
export interface JobOptions {
  /** The cron expression (`*\/5 * * * *`, `@daily`) of a job that runs by itself; none for a family. */
  schedule?: string;
  /** Its name in /dashboard/tasks (a `tasks` row of that name is linked, or created). */
  label?: string;
  /** Attempts again after a failure, waiting 30 s, 60 s, 120 s… before the next scheduled time. */
  retries?: number;
}
interface Definition extends JobOptions {
  name: string;
  handler: JobHandler;
}

const REGISTRY = new Map<string, Definition>();

/**
 * Declares a job. `name` is either one job (`notifications`) or a family ending in `:*`
 * (`collect:*`) whose members are scheduled one by one with `JobRunner.schedule('collect:<id>', cron)`.
 * Registering again under the same name replaces the handler. Answers a function that takes this
 * registration back (a test's own jobs, so that the files after it in the same process lack them).
 */
export function registerJob(name: string, handler: JobHandler, options: JobOptions = {}): () => void {
  const definition: Definition = { name, handler, ...options };
  REGISTRY.set(name, definition);
  return () => {
    if (REGISTRY.get(name) === definition) REGISTRY.delete(name);
  };
}

export function registeredJobs(): ReadonlyArray<Readonly<Definition>> {
  return [...REGISTRY.values()];
}

function definitionOf(job: string): { definition: Definition; arg: string | null } | null {
  const exact = REGISTRY.get(job);
  if (exact) return { definition: exact, arg: null };
  const colon = job.indexOf(':');
  if (colon < 0) return null;
  const family = REGISTRY.get(`${job.slice(0, colon)}:*`);
  return family ? { definition: family, arg: job.slice(colon + 1) } : null;
}

/** How long a process may hold a job before another one takes it again (a process that died). */
const LEASE_MS = 10 * 60_000;
const BACKOFF_MS = 30_000;
const DEFAULT_POLL_MS = 30_000;

const RUN_COLUMNS = `id, job, trigger, started_at AS "startedAt", finished_at AS "finishedAt", outcome, error, counts, node`;
/** A `job_runs` row as RUN_COLUMNS reads it: its dates come back as Date or text, by driver. */
type StoredRun = Omit<JobRunRow, 'startedAt' | 'finishedAt'> & { startedAt: unknown; finishedAt: unknown };
const iso = (value: unknown): string | null => (value == null ? null : new Date(value instanceof Date || typeof value === 'number' ? value : String(value)).toISOString());
function toRun(row: StoredRun): JobRunRow {
  return { ...row, startedAt: iso(row.startedAt)!, finishedAt: iso(row.finishedAt) };
}

export class JobAlreadyRunning extends Error {}

/**
 * Our own small runner on the database the server already has (PGlite or PostgreSQL): pg-boss and
 * graphile-worker need a pool of connections, LISTEN and their own maintenance, which the embedded
 * PGlite (one connection) does not offer. Each job has a `job_schedules` row (its cron, the next
 * time it is due, a lease while a process runs it); a process claims a due job with
 * `FOR UPDATE SKIP LOCKED` and a lease, so that among several processes one runs it once; every
 * run is kept in `job_runs`.
 */
export class JobRunner implements Jobs {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;

  constructor(private readonly ctx: AppContext) {}

  private get db(): Db {
    return this.ctx.db;
  }

  /** Gives every registered scheduled job its schedule row and its `tasks` row (idempotent). */
  async sync(): Promise<void> {
    for (const definition of REGISTRY.values()) {
      if (!definition.schedule || definition.name.endsWith(':*')) continue;
      const [existing] = await this.db.query<{ task_id: string | null }>('SELECT task_id FROM job_schedules WHERE job = $1', [definition.name]);
      if (existing?.task_id) continue;
      const label = definition.label ?? definition.name;
      const taskId = await this.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`job:${definition.name}`]);
        const [task] = await tx.query<{ id: string; schedule: string | null }>(`SELECT id, data->>'schedule' AS schedule FROM tasks WHERE name = $1 ORDER BY created_at LIMIT 1`, [label]);
        if (task) return task.id;
        const created = await this.ctx.store.insert('tasks', { name: label, schedule: definition.schedule, status: 'idle', lastRunAt: null, lastError: null }, { db: tx });
        return created._id;
      });
      await this.schedule(definition.name, definition.schedule, { taskId });
    }
  }

  /** Schedules (or reschedules) one job, e.g. `collect:<id>` with the collector's cron; a bad cron throws. */
  async schedule(job: string, cron: string, options: { taskId?: string | null } = {}): Promise<void> {
    const next = nextCronTime(cron, new Date(this.ctx.now()));
    await this.db.query(
      `INSERT INTO job_schedules (job, task_id, cron, next_run_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (job) DO UPDATE SET cron = EXCLUDED.cron, task_id = COALESCE(EXCLUDED.task_id, job_schedules.task_id),
         next_run_at = CASE WHEN job_schedules.cron = EXCLUDED.cron THEN job_schedules.next_run_at ELSE EXCLUDED.next_run_at END`,
      [job, options.taskId ?? null, cron, next.toISOString()],
    );
  }

  async unschedule(job: string): Promise<void> {
    await this.db.query('DELETE FROM job_schedules WHERE job = $1', [job]);
  }

  /** The job linked to a `tasks` row of the dashboard, if any. */
  async jobOfTask(taskId: string): Promise<string | null> {
    const [row] = await this.db.query<{ job: string }>('SELECT job FROM job_schedules WHERE task_id = $1', [taskId]);
    return row?.job ?? null;
  }

  /** Runs every job due now, each claimed by one process only; answers how many this process ran. */
  tick(): Promise<number> {
    // One tick at a time in a process; a second caller waits for the same one.
    this.ticking ??= this.runDue().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = new Date(this.ctx.now());
      const [claimed] = await this.db.query<{ job: string; cron: string; attempts: number }>(
        `UPDATE job_schedules SET locked_until = $2 WHERE job = (
           SELECT job FROM job_schedules WHERE next_run_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
           ORDER BY next_run_at, job LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING job, cron, attempts`,
        [now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()],
      );
      if (!claimed) return ran;
      ran += 1;
      const run = await this.execute(claimed.job, 'schedule');
      const found = definitionOf(claimed.job);
      const retries = found?.definition.retries ?? 2;
      const finished = new Date(this.ctx.now());
      if (run.outcome === 'error' && claimed.attempts < retries) {
        const wait = BACKOFF_MS * 2 ** claimed.attempts;
        await this.db.query('UPDATE job_schedules SET locked_until = NULL, attempts = attempts + 1, next_run_at = $2 WHERE job = $1', [claimed.job, new Date(finished.getTime() + wait).toISOString()]);
      } else {
        // The schedule staff set on the task's row in the dashboard wins over the one registered.
        const [task] = await this.db.query<{ schedule: string | null }>(`SELECT t.data->>'schedule' AS schedule FROM job_schedules s JOIN tasks t ON t.id = s.task_id WHERE s.job = $1`, [claimed.job]);
        const cron = task?.schedule && isValidCron(task.schedule) ? task.schedule : claimed.cron;
        let next: Date;
        try {
          next = nextCronTime(cron, finished);
        } catch {
          next = new Date(finished.getTime() + 24 * 3600_000);
        }
        await this.db.query('UPDATE job_schedules SET locked_until = NULL, attempts = 0, cron = $3, next_run_at = $2 WHERE job = $1', [claimed.job, next.toISOString(), cron]);
      }
    }
  }

  /**
   * Runs a job now ("run now" in /dashboard/tasks), unless another process runs it at this moment
   * (JobAlreadyRunning). Its schedule is left as it was.
   */
  async runNow(job: string): Promise<JobRunRow> {
    const now = new Date(this.ctx.now());
    await this.db.query(`INSERT INTO job_schedules (job, cron, next_run_at) VALUES ($1, '@yearly', $2) ON CONFLICT (job) DO NOTHING`, [
      job, nextCronTime('@yearly', now).toISOString(),
    ]);
    const [claimed] = await this.db.query(
      `UPDATE job_schedules SET locked_until = $3 WHERE job = $1 AND (locked_until IS NULL OR locked_until < $2) RETURNING job`,
      [job, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()],
    );
    if (!claimed) throw new JobAlreadyRunning(`La tâche ${job} est déjà en cours.`);
    try {
      return await this.execute(job, 'manual');
    } finally {
      await this.db.query('UPDATE job_schedules SET locked_until = NULL WHERE job = $1', [job]);
    }
  }

  /** Runs the handler and keeps the run in job_runs (and the state on the linked `tasks` row). */
  private async execute(job: string, trigger: JobRunRow['trigger']): Promise<JobRunRow> {
    const id = newId();
    const started = new Date(this.ctx.now());
    await this.db.query('INSERT INTO job_runs (id, job, trigger, started_at, node) VALUES ($1, $2, $3, $4, $5)', [id, job, trigger, started.toISOString(), this.ctx.node]);
    await this.updateTask(job, { status: 'running' });
    let counts: JobCounts = {};
    let error: string | null = null;
    const found = definitionOf(job);
    try {
      if (!found) throw new Error(`Aucune tâche de fond nommée « ${job} » n’est installée sur ce serveur.`);
      counts = (await found.definition.handler(this.ctx, { now: started, job, arg: found.arg, log: (message) => console.log(`[${job}] ${message}`) })) ?? {};
    } catch (caught) {
      error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 2000) || 'Erreur inconnue.';
    }
    const finished = new Date(Math.max(this.ctx.now(), started.getTime()));
    const [row] = await this.db.query<StoredRun>(
      `UPDATE job_runs SET finished_at = $2, outcome = $3, error = $4, counts = $5::jsonb WHERE id = $1 RETURNING ${RUN_COLUMNS}`,
      [id, finished.toISOString(), error ? 'error' : 'ok', error, JSON.stringify(counts)],
    );
    await this.updateTask(job, { status: error ? 'failed' : 'idle', lastRunAt: finished.toISOString(), lastError: error });
    return toRun(row!);
  }

  private async updateTask(job: string, patch: Record<string, unknown>): Promise<void> {
    await this.db.query(
      `UPDATE tasks SET data = data || $2::jsonb, updated_at = now() WHERE id = (SELECT task_id FROM job_schedules WHERE job = $1)`,
      [job, JSON.stringify(patch)],
    );
  }

  /** The latest runs of a job, newest first. */
  async history(job: string, limit = 20): Promise<JobRunRow[]> {
    const rows = await this.db.query<StoredRun>(`SELECT ${RUN_COLUMNS} FROM job_runs WHERE job = $1 ORDER BY started_at DESC, id DESC LIMIT $2`, [job, limit]);
    return rows.map(toRun);
  }

  /** Polls for due jobs every `pollMs` (the server process; tests call tick() themselves). */
  start(pollMs = DEFAULT_POLL_MS): void {
    if (this.timer) return;
    const beat = () => {
      if (this.ctx.stopping) return;
      this.tick().catch((error: unknown) => console.error('Tâches de fond :', error));
    };
    this.timer = setInterval(beat, pollMs);
    this.timer.unref();
    setTimeout(beat, 1000).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }
}
