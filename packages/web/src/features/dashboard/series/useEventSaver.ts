import type { SeriesEditScope } from '@sortie/core';
import { useSeriesWrites } from '../../../data/series';
import { useRecordWrites } from '../../../data/records';
import { isRepeatDraft, pausesOf, ruleOfDraft, templateOf, timingOf } from './repeat-draft';

type Record_ = Record<string, unknown> & { _id?: string };

/**
 * How the event form saves when a series is concerned: a new event that repeats makes a series
 * (its first 8 weeks of dates at once); a date of a series is saved for that date alone or for
 * every date from it on, as staff chose. Anything else: null, the generic REST saves it.
 */
export function useEventSaver() {
  const series = useSeriesWrites();
  const records = useRecordWrites();
  return {
    /** Whether saving asks first which dates the change reaches (a date of a series). */
    asksScope: (initial: Record_ | undefined) => typeof initial?.seriesId === 'string' && typeof initial._id === 'string',
    async save({ initial, draft, body, scope }: { initial: Record_ | undefined; draft: Record_; body: Record_; scope: SeriesEditScope | null }): Promise<Record_ | null> {
      const repeat = isRepeatDraft(draft.repeat) ? draft.repeat : null;
      const rule = repeat ? ruleOfDraft(repeat) : null;
      const seriesId = typeof initial?.seriesId === 'string' ? initial.seriesId : null;
      if (!initial?._id) {
        if (!rule || !repeat) return null;
        const made = await series.create({ rule, ...timingOf(body), exceptions: pausesOf(repeat), template: templateOf(body) });
        const first = made.events[0];
        return first ? records.read<Record_>('events', first) : { ...body, _id: undefined };
      }
      if (!seriesId && rule && repeat) {
        // A lone event that now repeats: saved as it is, then the first date of a new series.
        await records.update<Record_>('events', initial._id, body);
        await series.create({ rule, ...timingOf(body), exceptions: pausesOf(repeat), template: templateOf(body), eventId: initial._id });
        return records.read<Record_>('events', initial._id);
      }
      if (!seriesId || !scope) return null;
      if (scope === 'one') return series.editOne(seriesId, initial._id, body);
      const { startTime, durationMinutes } = timingOf(body);
      const from = typeof initial.occurrenceDate === 'string' ? initial.occurrenceDate : timingOf(body).startDate;
      await series.editFollowing(seriesId, {
        from,
        startTime,
        durationMinutes: durationMinutes ?? null,
        template: templateOf(body),
        ...(rule && repeat ? { rule, exceptions: pausesOf(repeat) } : {}),
      });
      return records.read<Record_>('events', initial._id);
    },
  };
}
