import { z } from 'zod';
import { EntityMeta, HttpUrlSchema, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';

/** Where a collector reads: an iCalendar feed, an OpenAgenda agenda (its events JSON), or a page with schema.org Event JSON-LD. */
export const CollectorKindSchema = z.enum(['ics', 'json', 'web']);
export type CollectorKind = z.infer<typeof CollectorKindSchema>;
export const COLLECTOR_KIND_LABELS: Record<CollectorKind, string> = { ics: 'Flux iCalendar', json: 'Agenda OpenAgenda', web: 'Page web (schema.org Event)' };

/** One run of a collector, as its history shows it (the newest first). */
export const CollectorRunSchema = z.object({
  startedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema,
  outcome: z.enum(['succeeded', 'failed']),
  found: z.number().int().min(0).default(0),
  created: z.number().int().min(0).default(0),
  updated: z.number().int().min(0).default(0),
  skipped: z.number().int().min(0).default(0),
  error: z.string().max(2000).nullable().default(null),
});
export type CollectorRun = z.infer<typeof CollectorRunSchema>;
/** Runs a collector keeps in its history. */
export const COLLECTOR_RUNS_KEPT = 20;

export const CollectorInputSchema = z.object({
  name: NonEmpty('Le nom'),
  source: z.object({ kind: CollectorKindSchema, url: HttpUrlSchema }),
  /** The city of the imported events. */
  city: NonEmpty('La ville', 100).default('Poitiers'),
  /** Given to imported events that name no place of ours. */
  placeId: ObjectIdSchema.optional(),
  organizationId: ObjectIdSchema.optional(),
  /** A source's category or keyword (any case, accents alike) → one of our categories; an event takes every category its words name. */
  categoryMap: z.array(z.object({ keyword: NonEmpty('Le mot', 80), categoryId: ObjectIdSchema })).max(100).default([]),
  schedule: z.string().regex(/^(@hourly|@daily|@weekly|[\d*/,-]+( [\d*/,-]+){4})$/, 'Planification cron ou @daily attendue.').default('@daily'),
  /** Imported events are published at once, or held as drafts for review. */
  autoPublish: z.boolean().default(false),
  /** How the source is read: a plain request, or through Bright Data for sources that block robots. */
  fetchProvider: z.enum(['direct', 'brightdata']).default('direct'),
});
export type CollectorInput = z.infer<typeof CollectorInputSchema>;
/** What the server keeps of a collector's runs (server-owned: no form writes it). */
export const CollectorStateSchema = z.object({
  lastRunAt: IsoDateTimeSchema.nullable().default(null),
  lastResult: z.string().max(2000).nullable().default(null),
  runs: z.array(CollectorRunSchema).max(COLLECTOR_RUNS_KEPT).default([]),
});
export const CollectorSchema = CollectorInputSchema.extend({ ...EntityMeta, ...CollectorStateSchema.shape });
export type Collector = z.infer<typeof CollectorSchema>;

/** What a scrape found on the page: one line per event. */
export const ScrapeFindingSchema = z.object({
  title: z.string().max(300),
  startsAt: IsoDateTimeSchema.nullable().default(null),
  url: HttpUrlSchema.optional(),
  eventId: ObjectIdSchema.optional(),
  outcome: z.enum(['created', 'updated', 'skipped']),
});
export type ScrapeFinding = z.infer<typeof ScrapeFindingSchema>;

export const ScrapeJobInputSchema = z.object({
  collectorId: ObjectIdSchema,
  url: HttpUrlSchema.optional(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']).default('queued'),
  startedAt: IsoDateTimeSchema.nullable().default(null),
  finishedAt: IsoDateTimeSchema.nullable().default(null),
  itemsFound: z.number().int().min(0).default(0),
  findings: z.array(ScrapeFindingSchema).max(500).default([]),
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
