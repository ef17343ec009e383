import { HEX_COLOUR_PATTERN } from '@sortie/core';
import { INPUT, SMALL_BUTTON } from './styles';

/**
 * A brand colour (#rrggbb): the browser's colour picker beside the hex code, which can be typed
 * or pasted, and, for an optional colour, « Aucune » to take it away (null: the server then drops it).
 * The text field carries the field's id, so the form's label names it; the picker is named after it.
 */
export function ColourInput({ id, label, value, onChange, none, invalid, describedBy }: { id: string; label: string; value: unknown; onChange: (value: string | null | undefined) => void; none: boolean; invalid: boolean; describedBy?: string }) {
  const text = typeof value === 'string' ? value : '';
  const valid = HEX_COLOUR_PATTERN.test(text);
  const empty = text === '';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="color"
        aria-label={`${label} : nuancier`}
        aria-describedby={describedBy}
        value={valid ? text.toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        className={`h-9 w-12 shrink-0 cursor-pointer rounded border border-line bg-background p-0.5 focus-visible:outline-2 focus-visible:outline-accent ${valid ? '' : 'opacity-40'}`}
      />
      <input
        id={id}
        type="text"
        value={text}
        placeholder={none ? 'Aucune (#rrggbb)' : '#rrggbb'}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const typed = event.target.value.trim();
          onChange(typed ? typed : none ? null : undefined);
        }}
        className={`${INPUT} w-32! font-mono`}
      />
      {none &&
        (empty ? (
          <span className="text-sm text-muted">Aucune couleur</span>
        ) : (
          <button type="button" onClick={() => onChange(null)} className={`${SMALL_BUTTON} border border-line`} aria-label={`${label} : aucune`}>
            Aucune
          </button>
        ))}
    </div>
  );
}
