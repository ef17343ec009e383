import type { FormField } from '@sortie/core';
import { FIELD_CLASS } from '../../components/ui';

/** One field of a form, labelled, with its French error under it. */
export function FormFieldControl({ field, value, error, onChange }: { field: FormField; value: string | boolean | undefined; error?: string; onChange: (value: string | boolean) => void }) {
  const id = `champ-${field.key}`;
  const errorId = `${id}-erreur`;
  const common = {
    id,
    name: field.key,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  const label = (
    <>
      {field.label}
      {field.required && (
        <span className="text-error" aria-hidden="true">
          {' '}*
        </span>
      )}
    </>
  );
  const message = error && (
    <p id={errorId} className="mt-1 text-sm text-error">
      {error}
    </p>
  );

  if (field.type === 'checkbox') {
    return (
      <div>
        <div className="flex items-start gap-3">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} className="mt-1 size-5 accent-primary focus-visible:outline-2 focus-visible:outline-accent" />
          <label htmlFor={id}>{label}</label>
        </div>
        {message}
      </div>
    );
  }

  const text = typeof value === 'string' ? value : '';
  let control;
  if (field.type === 'textarea') control = <textarea {...common} rows={5} value={text} onChange={(e) => onChange(e.target.value)} className={FIELD_CLASS} />;
  else if (field.type === 'select')
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)} className={FIELD_CLASS}>
        <option value="">Choisissez…</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  else {
    const type = { text: 'text', email: 'email', number: 'number', date: 'date' }[field.type];
    control = (
      <input
        {...common}
        type={type}
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        autoComplete={field.type === 'email' ? 'email' : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className={FIELD_CLASS}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {control}
      {message}
    </div>
  );
}
