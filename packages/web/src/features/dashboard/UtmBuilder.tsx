import { useState, type FormEvent } from 'react';
import { utmOf, withUtm, type Utm } from '@sortie/core';
import { useRecordWrites } from '../../data/records';
import { apiErrorMessage } from '../../data/api-error-message';
import { COMPACT_FIELD_CLASS } from '../../components/ui';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';

const FIELDS: Array<{ key: keyof Utm; label: string; placeholder: string }> = [
  { key: 'source', label: 'Source', placeholder: 'instagram, affiche, newsletter' },
  { key: 'medium', label: 'Support', placeholder: 'story, flyer, email' },
  { key: 'campaign', label: 'Campagne', placeholder: 'festival-ete' },
  { key: 'content', label: 'Contenu', placeholder: 'visuel-a' },
  { key: 'term', label: 'Terme', placeholder: '' },
];

/**
 * The UTM builder of a short link (issue 36): the campaign's source, support and name added to
 * its destination, so that the site it leads to tells its visits apart; the link's statistics
 * keep them with each visit.
 */
export function UtmBuilder({ record, onChanged }: { record: DashboardRecord; onChanged: () => void }) {
  const url = String(record['url'] ?? '');
  const records = useRecordWrites();
  const [utm, setUtm] = useState<Utm>(() => utmOf(url) ?? {});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = withUtm(url, utm);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      await records.update('dynaLinks', record._id, { url: next });
      setStatus('Destination enregistrée.');
      onChanged();
    } catch (error) {
      setStatus(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={PANEL_CLASS} aria-labelledby="utm-title">
      <h2 id="utm-title" className="text-lg font-semibold">
        Paramètres de campagne (UTM)
      </h2>
      <form onSubmit={(event) => void apply(event)} aria-labelledby="utm-title" className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <label key={field.key} className="grid gap-1 text-sm font-medium">
              {field.label}
              <input
                className={COMPACT_FIELD_CLASS}
                value={utm[field.key] ?? ''}
                placeholder={field.placeholder}
                maxLength={200}
                onChange={(event) => setUtm((current) => ({ ...current, [field.key]: event.target.value }))}
              />
            </label>
          ))}
        </div>
        <p className="text-sm">
          Destination : <output className="font-mono break-all" data-testid="utm-url">{next}</output>
        </p>
        <div className="flex items-center gap-3">
          <button type="submit" className={PANEL_BUTTON_CLASS} disabled={busy || next === url}>
            Appliquer à la destination
          </button>
          {status && (
            <p role="status" className="text-sm">
              {status}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
