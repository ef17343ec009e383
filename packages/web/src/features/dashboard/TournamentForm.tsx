import { FORMAT_LOCKED, formatEditable, TOURNAMENT_BRACKET_FIELDS } from '@sortie/core';
import { SchemaForm } from './SchemaForm';
import type { Field } from './schema-fields';
import type { FormProps } from './QuestionForm';

/** A tournament's form holds its settings only: the bracket (players, matches, standings, status) is the desk's, through its actions. */
export const tournamentFormFields = (fields: Field[]): Field[] => fields.filter((field) => !(TOURNAMENT_BRACKET_FIELDS as readonly string[]).includes(field.key));

/** A tournament's settings: its name, game, event and settings; its format only while registration is open (core's rule, which the server enforces). */
export function TournamentForm({ fields, value, onChange, errors }: FormProps) {
  const shown = tournamentFormFields(fields);
  const at = shown.findIndex((field) => field.key === 'format');
  if (at < 0 || formatEditable(value['status'])) return <SchemaForm fields={shown} value={value} onChange={onChange} errors={errors} />;
  return (
    <div className="space-y-4">
      <SchemaForm fields={shown.slice(0, at)} value={value} onChange={onChange} errors={errors} />
      <fieldset disabled aria-describedby="format-locked" className="space-y-1">
        <SchemaForm fields={[shown[at]!]} value={value} onChange={onChange} errors={errors} />
        <p id="format-locked" className="text-sm text-muted">
          {FORMAT_LOCKED}
        </p>
      </fieldset>
      <SchemaForm fields={shown.slice(at + 1)} value={value} onChange={onChange} errors={errors} />
    </div>
  );
}
