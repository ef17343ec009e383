import { registerJob } from '../jobs/runner';
import { activeSeriesIds } from './series-records';
import { keepOccurrences } from './series-occurrences';
import { checkStaleness } from './series-staleness';

export const SERIES_JOB = 'series';

/**
 * Every hour: each active series stops if unchanged for six months (staff told), else has its
 * next 8 weeks of dates made. Idempotent, and safe on several processes (series-occurrences.ts).
 */
registerJob(
  SERIES_JOB,
  async (ctx) => {
    let created = 0;
    let stopped = 0;
    let warned = 0;
    for (const id of await activeSeriesIds(ctx.db)) {
      const state = await checkStaleness(ctx, id);
      if (state === 'stopped') stopped += 1;
      else {
        if (state === 'warned') warned += 1;
        created += (await keepOccurrences(ctx, id)).length;
      }
    }
    return { created, stopped, warned };
  },
  { schedule: '7 * * * *', label: 'Séries : les dates des 8 prochaines semaines' },
);
