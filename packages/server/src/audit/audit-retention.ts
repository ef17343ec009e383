import type { Db } from '../db/database';
import { registerJob } from '../jobs/runner';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job that prunes the audit log once a day (/dashboard/tasks shows its runs). */
export const AUDIT_RETENTION_JOB = 'audit-retention';

/** Deletes the entries older than `retentionDays` before `now`; answers how many went. */
export async function pruneAuditLog(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const [row] = await db.query<{ n: number | string }>('WITH gone AS (DELETE FROM audit_log WHERE at < $1 RETURNING 1) SELECT count(*) AS n FROM gone', [cutoff]);
  return Number(row?.n ?? 0);
}

registerJob(AUDIT_RETENTION_JOB, async (ctx, { now }) => ({ deleted: await pruneAuditLog(ctx.db, now, ctx.config.auditRetentionDays) }), {
  schedule: '@daily',
  label: 'Journal d’audit : effacer les entrées trop anciennes',
});
