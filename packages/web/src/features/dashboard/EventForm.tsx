import { isoToParisLocal } from '@sortie/core';
import type { Field } from './schema-fields';
import type { FormProps } from './QuestionForm';
import { SchemaForm } from './SchemaForm';
import { RepeatSection } from './series/RepeatSection';
import { emptyRepeat, isRepeatDraft } from './series/repeat-draft';

/** An event's link to its series is the series' own: the form neither shows nor sends it. */
const SERIES_FIELDS = ['seriesId', 'occurrenceDate', 'detached'];
export const eventFormFields = (fields: Field[]): Field[] => fields.filter((field) => !SERIES_FIELDS.includes(field.key));

/** The event form: its fields, then its « Répétition » (kept in the draft as `repeat`, sent by the event saver). */
export function EventForm({ fields, value, onChange, errors }: FormProps) {
  const repeat = isRepeatDraft(value.repeat) ? value.repeat : emptyRepeat();
  const startsAt = typeof value.startsAt === 'string' ? value.startsAt : '';
  return (
    <div className="space-y-4">
      <SchemaForm fields={fields} value={value} onChange={onChange} errors={errors} />
      <RepeatSection value={repeat} onChange={(next) => onChange({ ...value, repeat: next })} startTime={isoToParisLocal(startsAt).slice(11, 16)} inSeries={typeof value.seriesId === 'string'} />
    </div>
  );
}
