import { useState } from 'react';
import { PANEL_BUTTON_CLASS } from './panel-styles';

/** Copies text to the clipboard and says so. */
export function CopyButton({ text, label = 'Copier' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={PANEL_BUTTON_CLASS}
        onClick={() =>
          Promise.resolve()
            .then(() => navigator.clipboard.writeText(text))
            .then(
              () => setState('done'),
              () => setState('failed'),
            )
        }
      >
        {label}
      </button>
      <span role="status" className="text-sm text-muted">
        {state === 'done' ? 'Copié !' : state === 'failed' ? 'Copie impossible : sélectionnez l’adresse à la main.' : ''}
      </span>
    </span>
  );
}
