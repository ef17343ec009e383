import { z } from 'zod';
import { EntityMeta, ObjectIdSchema } from './common.schema';
import { EventTemplateSchema } from './events.schema';
import { ruleProblem } from '../series/series-rule';

/*
 * A series (issue 35): an event that repeats. Its rule is an iCalendar RRULE (RFC 5545) read in
 * Paris wall-clock time from `startDate` at `startTime`; its next occurrences are real events
 * (events.schema.ts: seriesId, occurrenceDate, detached) that the server keeps 8 weeks ahead.
 */

export const SeriesDaySchema = z.iso.date({ message: 'Date attendue (AAAA-MM-JJ).' });
export const SeriesTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Heure attendue (HH:MM).');

/** « FREQ=WEEKLY;BYDAY=TU »: one of the shapes the dashboard offers (series-rule.ts). */
export const SeriesRuleSchema = z
  .string()
  .trim()
  .max(300)
  .superRefine((rule, issue) => {
    const problem = ruleProblem(rule);
    if (problem) issue.addIssue({ code: 'custom', message: problem });
  });

/** A pause: the days from `from` to `to`, both included (one day: from = to). */
export const SeriesExceptionSchema = z
  .object({ from: SeriesDaySchema, to: SeriesDaySchema })
  .refine((e) => e.to >= e.from, { message: 'La fin de la pause doit suivre son début.', path: ['to'] });
export type SeriesException = z.infer<typeof SeriesExceptionSchema>;

export const SeriesStatusSchema = z.enum(['active', 'stopped']);

const SeriesFields = z.object({
  rule: SeriesRuleSchema,
  /** The first day the rule may give (the RRULE's DTSTART), in Paris. */
  startDate: SeriesDaySchema,
  startTime: SeriesTimeSchema,
  /** How long each date lasts; none: no end time. */
  durationMinutes: z.number().int().min(1).max(7 * 24 * 60).optional(),
  exceptions: z.array(SeriesExceptionSchema).max(200).default([]),
  template: EventTemplateSchema,
});
export const SeriesInputSchema = SeriesFields.extend({
  /** An event that exists already and now repeats: it becomes the series' date of its day. */
  eventId: ObjectIdSchema.optional(),
});
export type SeriesInput = z.input<typeof SeriesInputSchema>;
export const SeriesSchema = SeriesFields.extend({
  ...EntityMeta,
  placeId: ObjectIdSchema.optional(),
  organizationId: ObjectIdSchema.optional(),
  status: SeriesStatusSchema.default('active'),
  /** When it stopped for lack of change (six months), staff told. */
  stoppedAt: z.string().optional(),
});
export type Series = z.infer<typeof SeriesSchema>;
/** What the rules of series-*.ts read of a series. */
export type SeriesShape = Pick<Series, 'rule' | 'startDate' | 'startTime' | 'exceptions'> & { durationMinutes?: number | undefined };

/** Who an edit of one occurrence reaches: that date alone, or that date and every later one. */
export const SeriesEditScopeSchema = z.enum(['one', 'following']);
export type SeriesEditScope = z.infer<typeof SeriesEditScopeSchema>;

/** « Toutes les dates suivantes »: what changes from `from` on (the rule, the time, the pauses, the event's fields). */
export const SeriesFollowingEditSchema = z.object({
  from: SeriesDaySchema,
  rule: SeriesRuleSchema.optional(),
  startTime: SeriesTimeSchema.optional(),
  /** null: no end time any more. */
  durationMinutes: z.number().int().min(1).max(7 * 24 * 60).nullable().optional(),
  exceptions: z.array(SeriesExceptionSchema).max(200).optional(),
  template: EventTemplateSchema.partial().optional(),
});
export type SeriesFollowingEdit = z.input<typeof SeriesFollowingEditSchema>;

/** One date of a series as its page lists it. */
export const SeriesDateSchema = z.object({ _id: z.string(), startsAt: z.string(), occurrenceDate: z.string(), status: z.string(), title: z.string() });
export type SeriesDate = z.infer<typeof SeriesDateSchema>;

/** A series as GET /api/series/:id shows it: the record, told in French, its next dates and its schema.org Schedule. */
export const SeriesViewSchema = z.object({
  series: z.looseObject({ _id: z.string(), rule: z.string(), startDate: z.string(), startTime: z.string(), status: z.string() }),
  description: z.string(),
  pauses: z.array(z.string()),
  upcoming: z.array(SeriesDateSchema),
  schedule: z.looseObject({ '@type': z.literal('Schedule') }).nullable(),
});
export type SeriesView = z.infer<typeof SeriesViewSchema>;

/** What making or splitting a series answers: the series (the new one after a split) and the events just made. */
export const SeriesCreatedSchema = z.object({ series: z.looseObject({ _id: z.string(), rule: z.string() }), events: z.array(z.string()) });
