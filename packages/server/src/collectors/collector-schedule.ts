import type { AppContext } from '../http/context';
import { isValidCron } from '../jobs/cron';

/*
 * Each collector's job and its schedule. Apart from the collectors' routes, which run the job,
 * because the resource policy (resources/policy.ts) schedules a collector on every write.
 */

/** The job of one collector: `collect:<id>`, a member of the `collect:*` family, on the collector's own schedule. */
export const collectJob = (collectorId: string) => `collect:${collectorId}`;

/** Gives a collector's job its schedule (a collector created, its schedule changed), or drops it (deleted). */
export async function scheduleCollector(ctx: AppContext, collectorId: string): Promise<void> {
  const collector = await ctx.store.getStored('collectors', collectorId);
  if (!collector) return ctx.jobs.unschedule(collectJob(collectorId));
  const cron = typeof collector['schedule'] === 'string' && isValidCron(collector['schedule']) ? collector['schedule'] : '@daily';
  await ctx.jobs.schedule(collectJob(collectorId), cron);
}
