import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { Json } from '../db/store';
import { ConflictError, notFound } from '../http/errors';
import { JobAlreadyRunning } from '../jobs';
import { actorOf, recordAudit } from '../audit/audit-log';
import { runCollector } from './run-collector';
import { collectJob, scheduleCollector } from './collector-schedule';

/** Collectors that ran within this time are left alone by the daily sweep. */
const SWEEP_SKIPS_WITHIN_MS = 12 * 3600_000;

/** What the daily sweep did: collectors run, failed, skipped (recent enough), events created and updated. */
export type SweepCounts = { collectors: number; failed: number; skipped: number; created: number; updated: number };

/**
 * The collectors beyond their REST: « Lancer maintenant » (written to the audit log, run
 * through the collector's job so that its outcome joins the job's history), the daily sweep,
 * and each collector's schedule. Roles are checked by the router.
 */
export class CollectorService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Runs the collector `id` here and now, for `user`, and answers it as it is after the run
   * (404 when there is no such collector, 409 when its job is already running). A failed run
   * is in the collector's history, not an error of the request.
   */
  async runNow(id: string, user: UserJson): Promise<Json> {
    const collector = await this.ctx.store.get('collectors', id);
    if (!collector) throw notFound('Collecteur introuvable.');
    // Who asked for the run; what it found is in the collector's own history.
    await recordAudit(this.ctx.db, { actor: actorOf(user), action: 'collectors.run', targetType: 'collectors', targetId: id, after: { name: collector.name ?? null } });
    await scheduleCollector(this.ctx, id);
    try {
      await this.ctx.jobs.runNow(collectJob(id));
    } catch (error) {
      if (error instanceof JobAlreadyRunning) throw new ConflictError('Ce collecteur est déjà en cours de collecte.', 'COLLECTOR_RUNNING');
      throw error;
    }
    const after = await this.ctx.store.get('collectors', id);
    // Deleted while it ran: gone, as it would be for the next read.
    if (!after) throw notFound('Collecteur introuvable.');
    return after;
  }

  /**
   * « Collecte quotidienne »: every collector that has not run for 12 hours, one after the
   * other, by name; a failure stays in that collector's history and does not stop the others.
   */
  async sweep(now: Date): Promise<SweepCounts> {
    const counts: SweepCounts = { collectors: 0, failed: 0, skipped: 0, created: 0, updated: 0 };
    for (const { id, lastRunAt } of await this.ctx.db.query<{ id: string; lastRunAt: string | null }>(`SELECT id, data->>'lastRunAt' AS "lastRunAt" FROM collectors ORDER BY name, id`)) {
      if (lastRunAt && now.getTime() - Date.parse(lastRunAt) < SWEEP_SKIPS_WITHIN_MS) {
        counts.skipped += 1;
        continue;
      }
      counts.collectors += 1;
      try {
        const result = await runCollector(this.ctx, id, now);
        counts.created += result.created;
        counts.updated += result.updated;
      } catch {
        counts.failed += 1;
      }
    }
    return counts;
  }

  /** Gives every collector its job's schedule (once the server is ready). */
  async scheduleAll(): Promise<void> {
    const rows = await this.ctx.db.query<{ id: string }>('SELECT id FROM collectors');
    for (const { id } of rows) await scheduleCollector(this.ctx, id);
  }
}
