/*
 * The job runner as the rest of the server sees it (`ctx.jobs`). Its own module, apart from
 * runner.ts: the runner hands every job the AppContext, and the AppContext names the runner.
 */

/** What a job reports: how many things it did, by name (`{ created: 3, mailed: 1 }`). */
export type JobCounts = Record<string, number>;

export interface JobRunRow {
  id: string;
  job: string;
  trigger: 'schedule' | 'manual';
  startedAt: string;
  finishedAt: string | null;
  outcome: 'ok' | 'error' | null;
  error: string | null;
  counts: JobCounts;
  node: string;
}

export interface Jobs {
  /** Gives every registered scheduled job its schedule row and its `tasks` row (idempotent). */
  sync(): Promise<void>;
  /** Schedules (or reschedules) one job, e.g. `collect:<id>` with the collector's cron; a bad cron throws. */
  schedule(job: string, cron: string, options?: { taskId?: string | null }): Promise<void>;
  unschedule(job: string): Promise<void>;
  /** The job linked to a `tasks` row of the dashboard, if any. */
  jobOfTask(taskId: string): Promise<string | null>;
  /** Runs every job due now, each claimed by one process only; answers how many this process ran. */
  tick(): Promise<number>;
  /** Runs a job now, unless another process runs it at this moment (JobAlreadyRunning). */
  runNow(job: string): Promise<JobRunRow>;
  /** The latest runs of a job, newest first. */
  history(job: string, limit?: number): Promise<JobRunRow[]>;
  /** Polls for due jobs every `pollMs` (the server process; tests call tick() themselves). */
  start(pollMs?: number): void;
  stop(): Promise<void>;
}
