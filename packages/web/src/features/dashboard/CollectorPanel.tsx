import { useState } from 'react';
import { Link } from 'wouter';
import { CollectorStateSchema, ScrapeJobInputSchema, type CollectorRun } from '@sortie/core';
import { apiErrorMessage } from '../../data/api-error-message';
import { usePanelWrites } from '../../data/dashboard-panels';
import { formatDateTime } from '../../format';
import { detailHref } from './resource-config';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';

const OUTCOME_LABELS = { created: 'Créé', updated: 'Mis à jour', skipped: 'Inchangé' } as const;

function RunSummary({ run }: { run: CollectorRun }) {
  return run.outcome === 'succeeded' ? (
    <>{`${run.found} trouvé(s), ${run.created} créé(s), ${run.updated} mis à jour, ${run.skipped} inchangé(s)`}</>
  ) : (
    <span className="text-error">Échec : {run.error}</span>
  );
}

/** A collector's « Lancer maintenant » and the results of its last runs. */
export function CollectorPanel({ record, onChanged }: { record: DashboardRecord; onChanged: () => void }) {
  const panels = usePanelWrites();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = CollectorStateSchema.safeParse(record);
  const runs = parsed.success ? parsed.data.runs : [];

  async function runNow() {
    setBusy(true);
    setError(null);
    try {
      await panels.runCollector(record._id);
      onChanged();
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={PANEL_CLASS} aria-labelledby="collector-runs-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="collector-runs-title" className="text-lg font-semibold">
          Collecte
        </h2>
        <button type="button" className={PANEL_BUTTON_CLASS} disabled={busy} onClick={() => void runNow()}>
          {busy ? 'Collecte en cours…' : 'Lancer maintenant'}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {runs.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Derniers passages</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-normal">
                Passage
              </th>
              <th scope="col" className="py-1 font-normal">
                Résultat
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run, i) => (
              <tr key={`${run.startedAt}-${i}`} className="border-t border-line">
                <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(run.startedAt)}</td>
                <td className="py-1" data-testid={i === 0 ? 'last-run' : undefined}>
                  <RunSummary run={run} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted">Aucun passage pour l’instant.</p>
      )}
      <p className="text-xs text-muted">Les événements importés gardent leur source : un nouveau passage les met à jour au lieu de les dupliquer.</p>
    </section>
  );
}

/** What a scrape job found on its page: each event, and what the collection did with it. */
export function ScrapeFindingsPanel({ record }: { record: DashboardRecord }) {
  const parsed = ScrapeJobInputSchema.safeParse(record);
  if (!parsed.success) return null;
  const { findings, errors } = parsed.data;
  return (
    <section className={PANEL_CLASS} aria-labelledby="scrape-findings-title">
      <h2 id="scrape-findings-title" className="text-lg font-semibold">
        Ce que la collecte a trouvé
      </h2>
      {errors.map((message, i) => (
        <p key={i} className="text-sm text-error">
          {message}
        </p>
      ))}
      {findings.length ? (
        <ul className="space-y-1 text-sm">
          {findings.map((finding, i) => (
            <li key={i}>
              {finding.eventId ? (
                <Link href={detailHref('events', finding.eventId)} className="hover:underline">
                  {finding.title}
                </Link>
              ) : (
                finding.title
              )}
              {finding.startsAt && <span className="text-muted"> — {formatDateTime(finding.startsAt)}</span>} <span className="text-muted">({OUTCOME_LABELS[finding.outcome]})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Aucun événement trouvé.</p>
      )}
    </section>
  );
}
