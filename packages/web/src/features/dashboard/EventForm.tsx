import { isoToParisLocal, seriesQueries } from '@sortie/core';
import { useQuery } from '../../data/useQuery';
import type { Field } from './schema-fields';
import type { FormProps } from './QuestionForm';
import { SchemaForm } from './SchemaForm';
import { RepeatSection } from './series/RepeatSection';
import { draftOfSeries, emptyRepeat, isRepeatDraft } from './series/repeat-draft';

/** An event's link to its series is the series' own: the form neither shows nor sends it. */
const SERIES_FIELDS = ['seriesId', 'occurrenceDate', 'detached'];
export const eventFormFields = (fields: Field[]): Field[] => fields.filter((field) => !SERIES_FIELDS.includes(field.key));

/** The event form: its fields, then its « Répétition » (kept in the draft as `repeat`, sent by the event saver). */
export function EventForm({ fields, value, onChange, errors }: FormProps) {
  // A date of a series: the section shows the series' current rule and pauses until staff change them.
  const seriesId = typeof value.seriesId === 'string' ? value.seriesId : null;
  const series = useQuery(seriesId ? seriesQueries.one(seriesId) : null);
  const current = series.status === 'success' ? series.data.series : null;
  const repeat = isRepeatDraft(value.repeat) ? value.repeat : current ? draftOfSeries(current) : emptyRepeat();
  const startsAt = typeof value.startsAt === 'string' ? value.startsAt : '';
  return (
    <div className="space-y-4">
      <SchemaForm fields={fields} value={value} onChange={onChange} errors={errors} />
      <RepeatSection value={repeat} onChange={(next) => onChange({ ...value, repeat: next })} startTime={isoToParisLocal(startsAt).slice(11, 16)} inSeries={typeof value.seriesId === 'string'} />
    </div>
  );
}
