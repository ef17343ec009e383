import { useState, type FormEvent } from 'react';
import { fieldLabelOf, ValidationError, type ResourceName, type SeriesEditScope } from '@sortie/core';
import { useRecordWrites } from '../../data/records';
import { apiErrorMessage } from '../../data/api-error-message';
import { SchemaForm, type Errors } from './SchemaForm';
import { QuestionForm } from './QuestionForm';
import { BlindTestForm } from './BlindTestForm';
import { BadgeForm } from './BadgeForm';
import { TournamentForm, tournamentFormFields } from './TournamentForm';
import { cleanValue, emptyValue, labelOf, resourceFields } from './schema-fields';
import { UnsavedChangesGuard } from './widgets/UnsavedChangesGuard';
import { EventForm, eventFormFields } from './EventForm';
import { useEventSaver } from './series/useEventSaver';
import { EditScopeDialog } from './series/EditScopeDialog';

type Record_ = Record<string, unknown> & { _id?: string };

/** A field's path as staff read it: `sections.0.items.1.price` → « Rubriques › n° 1 › Plats › n° 2 › Prix ». */
function pathLabel(resource: ResourceName, path: string): string {
  const parts = path.split('.');
  return parts.map((part, index) => (/^\d+$/.test(part) ? `n° ${Number(part) + 1}` : (fieldLabelOf(resource, parts.slice(0, index + 1).join('.'))?.label ?? labelOf(part)))).join(' › ');
}

/** Resources whose form is more than one widget per field (a question by its kind, a blind test's ordered questions). */
const FORMS: Partial<Record<ResourceName, typeof SchemaForm>> = { questions: QuestionForm, blindtests: BlindTestForm, badges: BadgeForm, tournaments: TournamentForm, events: EventForm };

/** The fields a resource's form edits and sends, when not all of its schema's (a tournament's bracket changes through its desk's actions). */
const FORM_FIELDS: Partial<Record<ResourceName, (fields: ReturnType<typeof resourceFields>) => ReturnType<typeof resourceFields>>> = { tournaments: tournamentFormFields, events: eventFormFields };

/**
 * The edit form of one record (or of a new one): the draft stays on screen whatever the
 * server answers, and its validation errors are shown beside their fields.
 */
export function ResourceEditor({ resource, initial, onSaved, readOnly = false, readOnlyReason }: { resource: ResourceName; initial?: Record_; onSaved: (saved: Record_) => void; readOnly?: boolean; readOnlyReason?: string }) {
  const records = useRecordWrites();
  const fields = FORM_FIELDS[resource]?.(resourceFields(resource)) ?? resourceFields(resource);
  const Form = FORMS[resource] ?? SchemaForm;
  const [draft, setDraft] = useState<Record_>(() => (initial ? structuredClone(initial) : emptyValue(fields)));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  // What was last loaded or saved: the draft differs from it while there are unsaved changes.
  const [baseline, setBaseline] = useState(() => JSON.stringify(cleanValue(fields, draft)));
  const dirty = !readOnly && JSON.stringify(cleanValue(fields, draft)) !== baseline;
  // Events that repeat are saved through their series (issue 35); a date of a series asks which dates first.
  const eventSaver = useEventSaver();
  const saver = resource === 'events' ? eventSaver : null;
  const [askingScope, setAskingScope] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    if (saver?.asksScope(initial)) setAskingScope(true);
    else void save(null);
  }

  async function save(scope: SeriesEditScope | null) {
    setSaving(true);
    setSaved(false);
    setFailure(null);
    const body = cleanValue(fields, draft);
    try {
      const special = saver ? await saver.save({ initial, draft, body, scope }) : null;
      const result = special ?? (initial?._id ? await records.update<Record_>(resource, initial._id, body) : await records.create<Record_>(resource, body));
      setErrors({});
      setSaved(true);
      if (initial?._id && result) {
        // The form shows what the server stored, which may differ from what was sent (a raffle closed early closes now).
        setDraft(structuredClone(result));
        setBaseline(JSON.stringify(cleanValue(fields, result)));
      } else setBaseline(JSON.stringify(body));
      onSaved(result);
    } catch (error) {
      if (error instanceof ValidationError && error.issues.length) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
        setFailure('L’enregistrement a été refusé : corrigez les champs signalés, rien de ce que vous avez saisi n’est perdu.');
      } else {
        setErrors({});
        setFailure(`${apiErrorMessage(error)} Vos modifications sont toujours là : réessayez.`);
      }
    } finally {
      setSaving(false);
    }
  }

  const issues = Object.entries(errors);
  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-4" aria-label={initial?._id ? 'Modifier' : 'Créer'}>
      <UnsavedChangesGuard dirty={dirty} />
      {saver && (
        <EditScopeDialog
          open={askingScope}
          onClose={() => setAskingScope(false)}
          onChoose={(scope) => {
            setAskingScope(false);
            void save(scope);
          }}
        />
      )}
      {readOnlyReason && <p className="rounded-lg bg-surface p-3 text-sm text-muted">{readOnlyReason}</p>}
      {failure && (
        <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          <p>{failure}</p>
          {issues.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {issues.map(([path, message]) => (
                <li key={path}>
                  {path ? `${pathLabel(resource, path)} : ` : ''}
                  {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <fieldset disabled={readOnly} className="space-y-4">
        <Form fields={fields} value={draft} onChange={(next) => { setDraft(next); setSaved(false); }} errors={errors} />
      </fieldset>
      <div className="sticky bottom-0 flex items-center gap-3 border-t border-line bg-background py-3">
        <button type="submit" disabled={saving || readOnly} className="rounded-lg bg-primary px-4 py-2 font-semibold text-background disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2">
          {saving ? 'Enregistrement…' : initial?._id ? 'Enregistrer' : 'Créer'}
        </button>
        {dirty && !saving && <p className="text-sm text-muted">Modifications non enregistrées.</p>}
        {saved && (
          <p role="status" className="text-sm text-accent">
            Enregistré.
          </p>
        )}
      </div>
    </form>
  );
}
