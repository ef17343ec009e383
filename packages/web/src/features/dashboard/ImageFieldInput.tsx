import type { ImageFieldLike, ImageRefLike } from '@sortie/core';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { ImageUploadButton } from './ImageUploadButton';
import { COMPACT_FIELD_CLASS } from '../../components/ui';
import { PANEL_BUTTON_CLASS } from './panel-styles';

const isRef = (value: unknown): value is ImageRefLike => typeof value === 'object' && value !== null && Array.isArray((value as { variants?: unknown }).variants);

/**
 * An image field of the back office: an address typed in, as before, or a file uploaded
 * beside it (its widths and formats made by the server), with a preview, the uploaded
 * image's text alternative and a way to remove it.
 */
export function ImageFieldInput({ id, label, value, onChange, onRemove, invalid }: {
  id: string;
  label: string;
  value: unknown;
  onChange: (value: ImageFieldLike | undefined) => void;
  /** « Retirer l’image »: the field emptied, unless the caller removes it otherwise (an item of a list). */
  onRemove?: () => void;
  invalid: boolean;
}) {
  const uploaded = isRef(value) ? value : null;
  const address = typeof value === 'string' ? value : '';
  return (
    <div className="space-y-2">
      <input
        id={id}
        type="url"
        value={address}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={COMPACT_FIELD_CLASS}
        placeholder={uploaded ? 'Image téléversée (ou une adresse https://…)' : 'https://…'}
      />
      <ImageUploadButton label={`Téléverser : ${label.toLowerCase()}`} alt={uploaded?.alt ?? ''} onUploaded={onChange} />
      {uploaded && (
        <label className="block space-y-1 text-sm">
          <span>Texte alternatif de l’image</span>
          <input type="text" maxLength={300} value={uploaded.alt} onChange={(event) => onChange({ ...uploaded, alt: event.target.value })} className={COMPACT_FIELD_CLASS} />
        </label>
      )}
      {value !== undefined && value !== '' && (
        <div className="flex items-start gap-3">
          <ResponsiveImage image={isRef(value) || typeof value === 'string' ? value : null} alt={`Aperçu : ${label}`} sizes="160px" className="max-h-40 w-40 rounded-lg border border-line object-contain" />
          <button type="button" onClick={() => (onRemove ? onRemove() : onChange(undefined))} className="rounded px-2 py-1 text-sm text-error hover:bg-white/5 focus-visible:outline-2">
            Retirer l’image
          </button>
        </div>
      )}
    </div>
  );
}

/** A list of images (a place's): each one as above, then another uploaded or typed in. */
export function ImageListInput({ id, label, value, onChange, errors }: { id: string; label: string; value: unknown; onChange: (value: ImageFieldLike[]) => void; errors: (index: number) => string | undefined }) {
  const items = Array.isArray(value) ? (value as ImageFieldLike[]) : [];
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3" id={id}>
      <legend className="px-1 text-sm font-medium">
        {label} ({items.length})
      </legend>
      {items.map((item, index) => (
        <div key={index} role="group" aria-label={`Image n° ${index + 1}`} className="space-y-1 rounded-lg bg-surface p-3">
          <ImageFieldInput
            id={`${id}-${index}`}
            label={`Image n° ${index + 1}`}
            value={item}
            invalid={Boolean(errors(index))}
            // An address typed away stays an (empty) item: only « Retirer l’image » removes it.
            onChange={(next) => onChange(items.map((it, i) => (i === index ? (next ?? '') : it)))}
            onRemove={() => onChange(items.filter((_, i) => i !== index))}
          />
          {errors(index) && (
            <p id={`${id}-${index}-error`} className="text-sm text-error">
              {errors(index)}
            </p>
          )}
        </div>
      ))}
      <div className="flex flex-wrap items-start gap-2">
        <ImageUploadButton label="Ajouter une image" onUploaded={(image) => onChange([...items, image])} />
        <button type="button" onClick={() => onChange([...items, ''])} className={PANEL_BUTTON_CLASS}>
          Ajouter une adresse
        </button>
      </div>
    </fieldset>
  );
}
