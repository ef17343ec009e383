import { useState, type ReactNode } from 'react';
import { COLLECTOR_KIND_LABELS, FIELD_TYPE_LABELS, isoToParisLocal, LEGAL_BASIS_LABELS, parisLocalToIso } from '@sortie/core';
import { Markdown } from '../../components/Markdown';
import { emptyValue, valueText, type Field } from './schema-fields';
import { ReferenceListPicker, ReferencePicker } from './ReferencePicker';
import { ImageFieldInput, ImageListInput } from './ImageFieldInput';
import { OpeningHoursInput } from './widgets/OpeningHoursInput';
import { SocialLinksInput } from './widgets/SocialLinksInput';
import { ColourInput } from './widgets/ColourInput';
import { IconPicker } from './widgets/IconPicker';
import { useCityFromPlace } from './widgets/use-city-from-place';
import { COMPACT_FIELD_CLASS } from '../../components/ui';
import { PANEL_BUTTON_CLASS } from './panel-styles';

export type Errors = Readonly<Record<string, string>>;
type Value = Record<string, unknown>;

const domId = (path: string) => `field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function FieldShell({ id, label, required, error, children, hint }: { id: string; label: string; required: boolean; error?: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required && <span className="text-error"> *</span>}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

function FieldHelp({ id, text }: { id: string; text: string }) {
  return (
    <p id={`${id}-help`} className="text-xs text-muted">
      {text}
    </p>
  );
}

function LinesInput({ id, value, onChange, invalid, numbers }: { id: string; value: unknown; onChange: (v: unknown[]) => void; invalid: boolean; numbers?: boolean }) {
  const list = Array.isArray(value) ? value : [];
  const [text, setText] = useState(list.join('\n'));
  return (
    <textarea
      id={id}
      rows={3}
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={(event) => {
        setText(event.target.value);
        const lines = event.target.value.split('\n').map((l) => l.trim()).filter(Boolean);
        onChange(numbers ? lines.map(Number) : lines);
      }}
      className={COMPACT_FIELD_CLASS}
      placeholder="Une valeur par ligne"
    />
  );
}

function JsonInput({ id, value, onChange, invalid }: { id: string; value: unknown; onChange: (v: unknown) => void; invalid: boolean }) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2));
  const [broken, setBroken] = useState(false);
  return (
    <>
      <textarea
        id={id}
        rows={4}
        value={text}
        aria-invalid={invalid || broken || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (!event.target.value.trim()) {
            setBroken(false);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(event.target.value));
            setBroken(false);
          } catch {
            setBroken(true);
          }
        }}
        className={`${COMPACT_FIELD_CLASS} font-mono`}
      />
      {broken && <p className="text-sm text-error">JSON invalide : corrigez avant d’enregistrer.</p>}
    </>
  );
}

function MarkdownInput({ id, value, onChange, invalid }: { id: string; value: string; onChange: (v: string) => void; invalid: boolean }) {
  const [preview, setPreview] = useState(false);
  return (
    <div>
      <div className="mb-1 flex gap-2 text-xs" role="group" aria-label="Mode d’édition">
        <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)} className="rounded px-2 py-1 aria-pressed:bg-white/10 focus-visible:outline-2">
          Écrire
        </button>
        <button type="button" aria-pressed={preview} onClick={() => setPreview(true)} className="rounded px-2 py-1 aria-pressed:bg-white/10 focus-visible:outline-2">
          Aperçu
        </button>
      </div>
      {preview ? (
        <div className="min-h-24 rounded-lg border border-line p-3" data-testid={`${id}-preview`}>
          {value.trim() ? <Markdown source={value} /> : <p className="text-sm text-muted">Rien à afficher.</p>}
        </div>
      ) : (
        <textarea id={id} rows={6} value={value} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)} className={COMPACT_FIELD_CLASS} placeholder="Markdown : **gras**, *italique*, [lien](https://…)" />
      )}
    </div>
  );
}

function NumberInput({ id, value, onChange, invalid, integer, min, max, step }: { id: string; value: unknown; onChange: (v: number | undefined) => void; invalid: boolean; integer?: boolean; min?: number; max?: number; step?: string }) {
  return (
    <input
      id={id}
      type="number"
      inputMode={integer ? 'numeric' : 'decimal'}
      step={step ?? (integer ? '1' : 'any')}
      min={min}
      max={max !== undefined && max < Number.MAX_SAFE_INTEGER ? max : undefined}
      value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      className={COMPACT_FIELD_CLASS}
    />
  );
}

interface FieldProps {
  field: Field;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: Errors;
}

function FieldInput({ field, path, value, onChange, errors }: FieldProps) {
  const id = domId(path);
  const error = errors[path];
  const invalid = Boolean(error);
  const describedBy = [invalid ? `${id}-error` : '', field.help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy } as const;
  const help = field.help ? <FieldHelp id={id} text={field.help} /> : null;
  const shell = (children: ReactNode, hint?: ReactNode) => (
    <FieldShell id={id} label={field.label} required={field.required} error={error} hint={hint ?? help}>
      {children}
    </FieldShell>
  );
  const w = field.widget;
  switch (w.kind) {
    case 'text':
    case 'url':
      return shell(<input {...common} type={w.kind === 'url' ? 'url' : 'text'} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} className={COMPACT_FIELD_CLASS} />);
    case 'image':
      return shell(<ImageFieldInput id={id} label={field.label} value={value} onChange={onChange} invalid={invalid} />);
    case 'images':
      return <ImageListInput id={id} label={field.label} value={value} onChange={onChange} errors={(index) => errors[`${path}.${index}`]} />;
    case 'markdown':
      return shell(<MarkdownInput id={id} value={typeof value === 'string' ? value : ''} onChange={onChange} invalid={invalid} />);
    case 'number':
      return shell(<NumberInput id={id} value={value} onChange={onChange} invalid={invalid} integer={w.integer} min={w.min} max={w.max} />);
    case 'checkbox':
      return (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-(--color-primary)" />
            {field.label}
          </label>
          {help}
          {error && (
            <p id={`${id}-error`} className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
      );
    case 'select':
      return shell(
        <select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value || undefined)} className={COMPACT_FIELD_CLASS}>
          {(!field.required || value === undefined) && <option value="">—</option>}
          {w.options.map((option) => (
            <option key={option} value={option}>
              {field.values ? valueText(field, option) : optionLabel(option)}
            </option>
          ))}
        </select>,
      );
    case 'datetime':
      return shell(
        <input {...common} type="datetime-local" value={isoToParisLocal(typeof value === 'string' ? value : '')} onChange={(e) => onChange(parisLocalToIso(e.target.value) || undefined)} className={COMPACT_FIELD_CLASS} />,
        <p id={`${id}-help`} className="text-xs text-muted">
          {field.help && !/heure de Paris/i.test(field.help) ? `${field.help} (heure de Paris)` : (field.help ?? 'Heure de Paris')}
        </p>,
      );
    case 'reference':
      return shell(<ReferencePicker id={id} resource={w.resource} value={typeof value === 'string' ? value : ''} onChange={(next) => onChange(next || undefined)} label={field.label} invalid={invalid} />);
    case 'references':
      return shell(<ReferenceListPicker id={id} resource={w.resource} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} label={field.label} ordered={w.ordered} />);
    case 'colour':
      return shell(<ColourInput id={id} label={field.label} value={value} onChange={onChange} none={w.none} invalid={invalid} describedBy={describedBy} />);
    case 'icon':
      return shell(<IconPicker id={id} label={field.label} value={value} onChange={onChange} invalid={invalid} describedBy={describedBy} />);
    case 'date':
      return shell(<input {...common} type="date" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value || undefined)} className={COMPACT_FIELD_CLASS} />);
    case 'openingHours':
      return (
        <div className="space-y-1">
          <OpeningHoursInput id={id} label={field.label} value={value} onChange={onChange} errors={(sub) => errors[`${path}.${sub}`]} />
          {help}
          {error && <p className="text-sm text-error">{error}</p>}
        </div>
      );
    case 'socials':
      return (
        <div className="space-y-1">
          <SocialLinksInput id={id} label={field.label} value={value} onChange={onChange} errors={(network) => errors[`${path}.${network}`]} />
          {help}
          {error && <p className="text-sm text-error">{error}</p>}
        </div>
      );
    case 'choices': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{field.label}</legend>
          <div className="flex flex-wrap gap-3">
            {w.options.map((option) => (
              <label key={option} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={chosen.includes(option)} onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))} />
                {field.values ? valueText(field, option) : optionLabel(option)}
              </label>
            ))}
          </div>
          {help}
          {error && <p className="text-sm text-error">{error}</p>}
        </fieldset>
      );
    }
    case 'lines':
      return shell(<LinesInput id={id} value={value} onChange={onChange} invalid={invalid} />);
    case 'json':
      return shell(<JsonInput id={id} value={value} onChange={onChange} invalid={invalid} />, <p id={`${id}-help`} className="text-xs text-muted">{field.help ? `${field.help} ` : ''}Au format JSON.</p>);
    case 'location': {
      const point = (value ?? {}) as { lat?: number; lng?: number };
      const set = (key: 'lat' | 'lng', n: number | undefined) => onChange({ ...point, [key]: n });
      const ready = typeof point.lat === 'number' && typeof point.lng === 'number';
      return (
        <fieldset className="space-y-2 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">{field.label}</legend>
          <div className="grid grid-cols-2 gap-2">
            <FieldShell id={`${id}-lat`} label="Latitude" required={false} error={errors[`${path}.lat`]}>
              <NumberInput id={`${id}-lat`} value={point.lat} onChange={(n) => set('lat', n)} invalid={Boolean(errors[`${path}.lat`])} min={-90} max={90} />
            </FieldShell>
            <FieldShell id={`${id}-lng`} label="Longitude" required={false} error={errors[`${path}.lng`]}>
              <NumberInput id={`${id}-lng`} value={point.lng} onChange={(n) => set('lng', n)} invalid={Boolean(errors[`${path}.lng`])} min={-180} max={180} />
            </FieldShell>
          </div>
          {ready && (
            <a href={`https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.lng}#map=17/${point.lat}/${point.lng}`} target="_blank" rel="noopener noreferrer" className="text-sm text-accent hover:underline">
              Vérifier sur la carte (OpenStreetMap)
            </a>
          )}
          {error && <p className="text-sm text-error">{error}</p>}
        </fieldset>
      );
    }
    case 'price': {
      const price = (value ?? { free: true }) as { free?: boolean; min?: number; max?: number };
      const free = price.free === true;
      const euros = (cents: number | undefined) => (typeof cents === 'number' ? cents / 100 : undefined);
      const cents = (e: number | undefined) => (e === undefined ? undefined : Math.round(e * 100));
      return (
        <fieldset className="space-y-2 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">{field.label}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={free} onChange={(e) => onChange(e.target.checked ? { free: true } : { min: 0, max: 0 })} />
            Gratuit
          </label>
          {!free && (
            <div className="grid grid-cols-2 gap-2">
              <FieldShell id={`${id}-min`} label="Prix minimum (€)" required error={errors[`${path}.min`]}>
                <NumberInput id={`${id}-min`} value={euros(price.min)} onChange={(n) => onChange({ min: cents(n), max: price.max })} invalid={Boolean(errors[`${path}.min`])} min={0} step="0.01" />
              </FieldShell>
              <FieldShell id={`${id}-max`} label="Prix maximum (€)" required error={errors[`${path}.max`]}>
                <NumberInput id={`${id}-max`} value={euros(price.max)} onChange={(n) => onChange({ min: price.min, max: cents(n) })} invalid={Boolean(errors[`${path}.max`])} min={0} step="0.01" />
              </FieldShell>
            </div>
          )}
          {error && <p className="text-sm text-error">{error}</p>}
        </fieldset>
      );
    }
    case 'group':
      return (
        <fieldset className="space-y-3 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">{field.label}</legend>
          {help}
          <FieldList fields={w.fields} prefix={path} value={(value ?? {}) as Value} onChange={onChange} errors={errors} />
          {error && <p className="text-sm text-error">{error}</p>}
        </fieldset>
      );
    case 'repeat': {
      const items = Array.isArray(value) ? (value as Value[]) : [];
      const inner = w.fields;
      return (
        <fieldset className="space-y-3 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">
            {field.label} ({items.length})
          </legend>
          {help}
          {items.map((item, index) => (
            <div key={index} className="space-y-3 rounded-lg bg-surface p-3" role="group" aria-label={`${field.label} n° ${index + 1}`}>
              <div className="flex items-center justify-between">
                <p className="text-sm font-semibold">n° {index + 1}</p>
                <div className="flex gap-1">
                  <button type="button" disabled={index === 0} onClick={() => onChange(move(items, index, -1))} className="rounded px-2 py-1 text-xs hover:bg-white/10 disabled:opacity-40 focus-visible:outline-2" aria-label={`Monter le n° ${index + 1}`}>
                    ↑
                  </button>
                  <button type="button" onClick={() => onChange(items.filter((_, i) => i !== index))} className="rounded px-2 py-1 text-xs text-error hover:bg-white/10 focus-visible:outline-2">
                    Retirer le n° {index + 1}
                  </button>
                </div>
              </div>
              <FieldList fields={inner} prefix={`${path}.${index}`} value={item} onChange={(next) => onChange(items.map((it, i) => (i === index ? (next as Value) : it)))} errors={errors} />
            </div>
          ))}
          <button type="button" onClick={() => onChange([...items, emptyValue(inner)])} className={PANEL_BUTTON_CLASS}>
            Ajouter : {field.label.toLowerCase()}
          </button>
          {error && <p className="text-sm text-error">{error}</p>}
        </fieldset>
      );
    }
  }
}

function move<T>(items: T[], index: number, by: number): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

const OPTION_LABELS: Record<string, string> = {
  draft: 'Brouillon',
  published: 'Publié',
  cancelled: 'Annulé',
  open: 'Ouvert',
  closed: 'Fermé',
  drawn: 'Tiré au sort',
  admin: 'Administrateur',
  staff: 'Équipe',
  idle: 'En attente',
  running: 'En cours',
  failed: 'En échec',
  queued: 'En file',
  succeeded: 'Réussi',
  ...LEGAL_BASIS_LABELS,
  ...FIELD_TYPE_LABELS,
  ...COLLECTOR_KIND_LABELS,
  owner: 'Propriétaire',
  manager: 'Gérant',
  organiser: 'Organisateur',
  vegan: 'Végan',
  vegetarian: 'Végétarien',
};
export const optionLabel = (option: string) => OPTION_LABELS[option] ?? option;

function FieldList({ fields, prefix, value, onChange, errors }: { fields: Field[]; prefix: string; value: Value; onChange: (value: Value) => void; errors: Errors }) {
  return (
    <>
      {fields.map((field) => {
        const path = prefix ? `${prefix}.${field.key}` : field.key;
        return <FieldInput key={field.key} field={field} path={path} value={value[field.key]} onChange={(next) => onChange({ ...value, [field.key]: next })} errors={errors} />;
      })}
    </>
  );
}

/** A form drawn from a resource's schema: one widget per field, each with its error beside it. */
export function SchemaForm({ fields, value, onChange, errors }: { fields: Field[]; value: Value; onChange: (value: Value) => void; errors: Errors }) {
  const change = useCityFromPlace(
    fields.some((f) => f.key === 'placeId') && fields.some((f) => f.key === 'city'),
    value,
    onChange,
  );
  return (
    <div className="space-y-4">
      <FieldList fields={fields} prefix="" value={value} onChange={change} errors={errors} />
    </div>
  );
}
