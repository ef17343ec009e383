import {
  addDays, describeException, describeSeries, EventPatchSchema, EventTemplateSchema, firstDate, isPaused, occurrenceTimes, parisDay, ruleDates, ruleEndingBefore, scheduleOf,
  SeriesInputSchema, type SeriesFollowingEdit, SeriesFollowingEditSchema, type SeriesInput, type SeriesView,
} from '@sortie/core/domain';
import type { z } from 'zod';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { Json } from '../db/store';
import { recordOf } from '../db/rows';
import { ConflictError, notFound, parse } from '../http/errors';
import type { Data } from '../db/entities';
import { insertSeries, readSeries, writeSeries, type StoredSeries } from './series-records';
import { keepOccurrences, occurrenceRecord } from './series-occurrences';
import { occurrencesOf, relinkOccurrence, type OccurrenceRow } from './series-events';

const SERIES_NOT_FOUND = 'Série introuvable.';
const UPCOMING_SHOWN = 6;

/** The day the rule gives first from `day` on: a series' DTSTART is always one of its dates (RFC 5545). */
function startingOn(series: Pick<StoredSeries, 'rule' | 'startDate' | 'startTime'>): string {
  const first = firstDate(series);
  if (!first) throw new ConflictError('Cette règle ne donne aucune date.');
  return first;
}

/** What a series changes its dates through: the generic update and delete of events. */
export interface EventWrites {
  update(resource: 'events', id: string, patch: Data, actor: UserJson): Promise<Json | null>;
  remove(resource: 'events', id: string, actor: UserJson): Promise<void>;
}

/**
 * Series (issue 35): made from an event's fields and a rule; edited for one date (« Cette date
 * seulement », the event alone, through the events' own update) or from a date on (« Toutes les
 * dates suivantes », the series split in two there); shown with its next dates.
 */
export class SeriesService {
  constructor(
    private readonly ctx: AppContext,
    /** The events' own update and delete (ResourceService): a date of a series changes as any event does, hooks included. */
    private readonly events: EventWrites,
  ) {}

  /** A new series, and its first 8 weeks of dates at once. */
  async create(input: SeriesInput): Promise<{ series: StoredSeries; events: string[] }> {
    const { eventId, ...valid } = parse(SeriesInputSchema, input);
    const now = this.ctx.now();
    const lone = eventId ? await this.ctx.store.get('events', eventId) : null;
    if (eventId && !lone) throw notFound('Événement introuvable.');
    if (typeof lone?.seriesId === 'string') throw new ConflictError('Cet événement fait déjà partie d’une série.');
    const series = await insertSeries(
      this.ctx.db,
      {
        ...valid,
        startDate: startingOn(valid),
        ...(valid.template.placeId ? { placeId: valid.template.placeId } : {}),
        ...(valid.template.organizationId ? { organizationId: valid.template.organizationId } : {}),
        status: 'active',
        changedAt: new Date(now).toISOString(),
      },
      now,
    );
    // The event that now repeats is the series' date of its day, when the rule gives that day.
    const day = typeof lone?.startsAt === 'string' ? parisDay(new Date(lone.startsAt)) : null;
    if (lone && day && ruleDates(series, day, day).length) await relinkOccurrence(this.ctx.db, lone._id, { seriesId: series._id, occurrenceDate: day });
    return { series, events: await keepOccurrences(this.ctx, series._id) };
  }

  async view(id: string): Promise<SeriesView> {
    const series = await readSeries(this.ctx.db, id);
    if (!series) throw notFound(SERIES_NOT_FOUND);
    const rows = await occurrencesOf(this.ctx.db, id);
    const today = parisDay(this.ctx.now());
    const cancelled = rows.filter((row) => row.status === 'cancelled').map((row) => row.occurrenceDate);
    const upcoming = rows
      .filter((row) => row.status !== 'draft' && row.startsAt >= new Date(this.ctx.now()).toISOString() && row.occurrenceDate >= today)
      .slice(0, UPCOMING_SHOWN)
      .map(({ _id, startsAt, occurrenceDate, status, title }) => ({ _id, startsAt, occurrenceDate, status, title }));
    return {
      series: { ...series },
      description: describeSeries(series),
      pauses: series.exceptions.filter((e) => e.to >= today).map(describeException),
      upcoming,
      schedule: scheduleOf(series, cancelled),
    };
  }

  /** « Cette date seulement »: the event changes alone (moved, cancelled, another poster) and the series leaves it as it is. */
  async editOne(seriesId: string, eventId: string, patch: z.output<typeof EventPatchSchema>, actor: UserJson): Promise<Json> {
    const event = await this.occurrence(seriesId, eventId);
    const { seriesId: _series, occurrenceDate: _date, ...fields } = recordOf(patch);
    // A date moved keeps its length, unless its end is given too.
    const shift = typeof fields.startsAt === 'string' && fields.endsAt === undefined && event.endsAt ? Date.parse(fields.startsAt) - Date.parse(event.startsAt) : null;
    const moved = shift === null || !event.endsAt ? {} : { endsAt: new Date(Date.parse(event.endsAt) + shift).toISOString() };
    const updated = await this.events.update('events', event._id, { ...fields, ...moved, detached: true }, actor);
    if (!updated) throw notFound('Événement introuvable.');
    await this.touch(seriesId);
    return updated;
  }

  /**
   * « Toutes les dates suivantes »: from `from` on, the new rule, time, pauses and fields. The
   * series keeps its dates before `from` and ends the day before; a new series carries the rest.
   * Its generated dates from `from` take the new fields (through the events' update), those the
   * new rule no longer gives are deleted; a date changed alone keeps its own fields.
   */
  async editFollowing(seriesId: string, edit: SeriesFollowingEdit, actor: UserJson): Promise<{ series: StoredSeries; events: string[] }> {
    const change = parse(SeriesFollowingEditSchema, edit);
    const old = await readSeries(this.ctx.db, seriesId);
    if (!old) throw notFound(SERIES_NOT_FOUND);
    const now = this.ctx.now();
    const template = parse(EventTemplateSchema, { ...old.template, ...change.template });
    const { durationMinutes: _drop, ...kept } = old;
    const duration = change.durationMinutes === null ? undefined : (change.durationMinutes ?? old.durationMinutes);
    const next: StoredSeries = {
      ...kept,
      ...(duration ? { durationMinutes: duration } : {}),
      rule: change.rule ?? old.rule,
      startTime: change.startTime ?? old.startTime,
      exceptions: change.exceptions ?? old.exceptions,
      template,
      status: 'active',
      changedAt: new Date(now).toISOString(),
    };
    const earlier = ruleDates(old, old.startDate, addDays(change.from, -1));
    let target: StoredSeries;
    if (earlier.length === 0) {
      // Nothing before `from`: the whole series changes.
      target = await writeSeries(this.ctx.db, { ...next, startDate: startingOn({ ...next, startDate: old.startDate > change.from ? old.startDate : change.from }) }, now);
    } else {
      await writeSeries(this.ctx.db, { ...old, rule: ruleEndingBefore(old, change.from), changedAt: new Date(now).toISOString() }, now);
      const { _id: _old, createdAt: _c, updatedAt: _u, ...fields } = next;
      target = await insertSeries(this.ctx.db, { ...fields, startDate: startingOn({ ...next, startDate: change.from }) }, now);
    }
    await this.reapply(old._id, target, change.from, actor);
    return { series: (await readSeries(this.ctx.db, target._id)) ?? target, events: await keepOccurrences(this.ctx, target._id) };
  }

  /** The occurrences of `fromSeries` on or after `from`, brought under `target` (its rule, times and fields). */
  private async reapply(fromSeries: string, target: StoredSeries, from: string, actor: UserJson): Promise<void> {
    const rows = (await occurrencesOf(this.ctx.db, fromSeries)).filter((row) => row.occurrenceDate >= from);
    const far = rows.reduce((last, row) => (row.occurrenceDate > last ? row.occurrenceDate : last), from);
    const given = new Set(ruleDates(target, from, far).filter((day) => !isPaused(target.exceptions, day)));
    for (const row of rows) {
      const keeps = given.has(row.occurrenceDate);
      await relinkOccurrence(this.ctx.db, row._id, keeps ? { seriesId: target._id, occurrenceDate: row.occurrenceDate } : null);
      if (row.detached) continue;
      if (!keeps) {
        await this.events.remove('events', row._id, actor);
        continue;
      }
      const { seriesId: _s, occurrenceDate: _d, status: _status, likeCount: _likes, ...fields } = occurrenceRecord(target, { date: row.occurrenceDate, ...occurrenceTimes(target, row.occurrenceDate) });
      await this.events.update('events', row._id, fields, actor);
    }
  }

  private async occurrence(seriesId: string, eventId: string): Promise<OccurrenceRow> {
    const [row] = (await occurrencesOf(this.ctx.db, seriesId)).filter((r) => r._id === eventId);
    if (!row) throw notFound('Cette date n’appartient pas à la série.');
    return row;
  }

  /** A change of one of its dates counts as a change of the series (it is looked after). */
  private async touch(seriesId: string): Promise<void> {
    const series = await readSeries(this.ctx.db, seriesId);
    if (series) await writeSeries(this.ctx.db, { ...series, changedAt: new Date(this.ctx.now()).toISOString() }, this.ctx.now());
  }
}
