import { useId, useState, type FormEvent } from 'react';
import { BUTTON_CLASS, FIELD_CLASS } from '../../components/ui';

const parseScore = (text: string): number | null => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Two scores, each under its player's name, and a button. `first` and `second` are the
 * fields in reading order; `onSubmit` receives them in that order and resolves the refusal, if any.
 */
export function ScoreForm({ first, second, submitLabel, onSubmit, compact = false }: { first: string; second: string; submitLabel: string; onSubmit: (first: number, second: number) => Promise<string | null>; compact?: boolean }) {
  const id = useId();
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const x = parseScore(a);
    const y = parseScore(b);
    if (x === null || y === null) {
      setError('Indiquez les deux scores (des nombres entiers).');
      return;
    }
    setBusy(true);
    const refusal = await onSubmit(x, y);
    setBusy(false);
    setError(refusal);
    if (!refusal) {
      setA('');
      setB('');
    }
  };
  const field = `${FIELD_CLASS} ${compact ? 'w-20' : ''}`;
  return (
    <form onSubmit={submit} noValidate className={compact ? 'flex flex-wrap items-end gap-2' : 'mt-3 space-y-3'}>
      <div className={compact ? '' : 'grid grid-cols-2 gap-3'}>
        <div className={compact ? 'inline-block' : ''}>
          <label htmlFor={`${id}-a`} className="text-sm font-medium">{first}</label>
          <input id={`${id}-a`} type="number" inputMode="numeric" min={0} max={9999} value={a} onChange={(e) => setA(e.target.value)} className={field} aria-invalid={error !== null || undefined} />
        </div>
        <div className={compact ? 'ml-2 inline-block' : ''}>
          <label htmlFor={`${id}-b`} className="text-sm font-medium">{second}</label>
          <input id={`${id}-b`} type="number" inputMode="numeric" min={0} max={9999} value={b} onChange={(e) => setB(e.target.value)} className={field} aria-invalid={error !== null || undefined} />
        </div>
      </div>
      <button type="submit" className={BUTTON_CLASS} disabled={busy}>
        {busy ? 'Envoi…' : submitLabel}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-error">
          {error}
        </p>
      )}
    </form>
  );
}
