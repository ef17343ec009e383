/**
 * Background jobs (SPEC §9): our own runner on the server's database, PGlite or PostgreSQL.
 *
 * - `registerJob(name, handler, { schedule, label, retries })` declares a job; the handler receives
 *   `(ctx, { now, log, job, arg })` and answers its counts (`{ imported: 3 }`), kept in the run history.
 *   A name ending in `:*` declares a family (`collect:*`): schedule each member with
 *   `ctx.jobs.schedule('collect:<id>', cron, { taskId })`, drop it with `ctx.jobs.unschedule(...)`;
 *   the handler gets `arg` = what follows the colon.
 * - `ctx.jobs.runNow(name)` runs one at once (throws JobAlreadyRunning while another process runs it);
 *   `ctx.jobs.history(name)` lists its runs; `ctx.jobs.tick()` runs what is due.
 */
import { registerJob } from './runner';
import { runNotifications } from './notifications';
// Registers the daily pruning of the audit log (SORTIE_AUDIT_RETENTION_DAYS).
import '../audit/audit-retention';
// Registers the nightly catch-up of badge awards.
import '../badges/badges-job';
// Registers the federation's catch-up (ActivityPub deliveries and events changed by any path).
import '../federation/federation-job';

export { registerJob, registeredJobs, JobRunner, JobAlreadyRunning } from './runner';
export { nextCronTime, isValidCron } from './cron';
export type { JobHandler, JobRun, JobOptions } from './runner';
export type { Jobs, JobCounts, JobRunRow } from './jobs';
export { sendMail, renderNotificationMail, unsubscribeToken, readUnsubscribeToken } from './mail';
export { deliver, fanOut, runNotifications } from './notifications';
export { NotificationFanOut } from './fan-out';

export const NOTIFICATIONS_JOB = 'notifications';
/** The fan-out's catch-up: what another process left queued, and the retries due (each process also drains what it queues at once). */
export const DELIVERIES_JOB = 'deliveries';
registerJob(DELIVERIES_JOB, async (ctx) => ({ attempted: await ctx.fanOut.drain() }), { schedule: '* * * * *', label: 'Envoi des notifications (téléphones, e-mails)' });
registerJob(NOTIFICATIONS_JOB, runNotifications, { schedule: '*/5 * * * *', label: 'Notifications (rappels, abonnements, tirages)' });
