import { registerJob } from '../jobs/runner';
import { awardEveryBadge } from './badge-awards';

export const BADGES_JOB = 'badges';

// Each night, every badge over every visitor: the catch-up of awards an action missed.
registerJob(BADGES_JOB, async (ctx) => ({ awarded: await awardEveryBadge(ctx) }), { schedule: '23 4 * * *', label: 'Badges (rattrapage des attributions)', retries: 2 });
