import { registerJob } from '../jobs/runner';

/**
 * The catch-up of federation every minute: events changed by any path (a collector, the series
 * job, another process) are compared with what was federated, and the deliveries due (retries
 * included) leave. Each process also does it at once after an event's write.
 */
export const FEDERATION_JOB = 'federation';
registerJob(FEDERATION_JOB, async (ctx) => (ctx.federation ? await ctx.federation.run() : {}), { schedule: '* * * * *', label: 'Fédération (ActivityPub)', retries: 0 });
