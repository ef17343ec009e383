import { z } from 'zod';
import { EntityMeta, HttpUrlSchema, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';

export const CollectorInputSchema = z.object({
  name: NonEmpty('Le nom'),
  source: z.object({ kind: z.enum(['ics', 'json', 'web']), url: HttpUrlSchema }),
  schedule: z.string().regex(/^(@hourly|@daily|@weekly|[\d*/,-]+( [\d*/,-]+){4})$/, 'Planification cron ou @daily attendue.').default('@daily'),
  lastRunAt: IsoDateTimeSchema.nullable().default(null),
  lastResult: z.string().max(2000).nullable().default(null),
});
export const CollectorSchema = CollectorInputSchema.extend(EntityMeta);
export type Collector = z.infer<typeof CollectorSchema>;

export const ScrapeJobInputSchema = z.object({
  collectorId: ObjectIdSchema,
  status: z.enum(['queued', 'running', 'succeeded', 'failed']).default('queued'),
  startedAt: IsoDateTimeSchema.nullable().default(null),
  finishedAt: IsoDateTimeSchema.nullable().default(null),
  itemsFound: z.number().int().min(0).default(0),
  errors: z.array(z.string().max(2000)).max(100).default([]),
});
export const ScrapeJobSchema = ScrapeJobInputSchema.extend(EntityMeta);
export type ScrapeJob = z.infer<typeof ScrapeJobSchema>;

export const TaskInputSchema = z.object({
  name: NonEmpty('Le nom', 80),
  schedule: z.string().max(100).default('@daily'),
  status: z.enum(['idle', 'running', 'failed']).default('idle'),
  lastRunAt: IsoDateTimeSchema.nullable().default(null),
  lastError: z.string().max(2000).nullable().default(null),
});
export const TaskSchema = TaskInputSchema.extend(EntityMeta);
export type Task = z.infer<typeof TaskSchema>;
