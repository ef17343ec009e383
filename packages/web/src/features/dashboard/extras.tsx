import { useState } from 'react';
import { ClockPort, NavigatorPort, type Page, type ResourceName } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useApiQuery } from '../../data/useApiQuery';
import { EmptyState, QueryView } from '../../data/QueryView';
import { formatShortDate, formatTime } from '../../format';
import { RafflePanel } from './RafflePanel';
import { QrCode } from './QrCode';
import { VisitsChart, visitsPerDay } from './VisitsChart';

type Record_ = Record<string, unknown> & { _id: string };
const panel = 'space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line';
const button = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-white/5 disabled:opacity-50 focus-visible:outline-2';

/** Copies text to the clipboard and says so. */
export function CopyButton({ text, label = 'Copier' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={button}
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

/** The short address of a code on this site. */
export function useShortUrl(): (code: string) => string {
  const nav = useUseCase(NavigatorPort);
  return (code) => `${nav.currentUrl().origin}/r/${code}`;
}

function DynaLinkPanel({ record }: { record: Record_ }) {
  const shortUrl = useShortUrl()(String(record['shortCode'] ?? ''));
  const clock = useUseCase(ClockPort);
  const visits = useApiQuery(`visits:${record._id}`, (api) => api.request<Page<{ datetime: string; userAgent: string }>>('GET', `/dynaLinks/${record._id}/visits`, { query: { limit: 100 } }));
  return (
    <>
      <section className={panel} aria-labelledby="short-title">
        <h2 id="short-title" className="text-lg font-semibold">
          Adresse courte
        </h2>
        <p className="flex flex-wrap items-center gap-3">
          <a href={shortUrl} className="font-mono text-accent hover:underline" target="_blank" rel="noopener noreferrer">
            {shortUrl}
          </a>
          <CopyButton text={shortUrl} label="Copier l’adresse courte" />
        </p>
        <QrCode text={shortUrl} />
      </section>
      <section className={panel} aria-labelledby="visits-title">
        <h2 id="visits-title" className="text-lg font-semibold">
          Visites
        </h2>
        <QueryView query={visits}>
          {(page) => (
            <>
              <p className="text-sm text-muted">{page.meta.total} visite(s) au total ; les 14 derniers jours :</p>
              <VisitsChart data={visitsPerDay(page.items, clock.now())} />
              {page.items.length === 0 ? (
                <EmptyState>Aucune visite pour l’instant.</EmptyState>
              ) : (
                <ul className="max-h-48 overflow-auto text-sm">
                  {page.items.slice(0, 20).map((visit, i) => (
                    <li key={i} className="border-t border-line py-1">
                      {formatShortDate(visit.datetime)} {formatTime(visit.datetime)} — <span className="text-muted">{visit.userAgent}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryView>
      </section>
    </>
  );
}

function FormPanel({ record }: { record: Record_ }) {
  const entries = useApiQuery(`form-entries:${record._id}`, (api) => api.request<Page<{ _id: string; entryCode: string; createdAt: string; answers: Record<string, unknown> }>>('GET', `/forms/${record._id}/entries`));
  const fields = (record['fields'] ?? []) as Array<{ key: string; label: string }>;
  return (
    <section className={panel} aria-labelledby="entries-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="entries-title" className="text-lg font-semibold">
          Réponses
        </h2>
        <a href={`/api/forms/${record._id}/entries.csv`} download className={button}>
          Exporter en CSV
        </a>
      </div>
      <QueryView query={entries}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState>Aucune réponse pour l’instant.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Réponses au formulaire</caption>
                <thead className="text-muted">
                  <tr>
                    <th scope="col" className="p-2">
                      Code
                    </th>
                    <th scope="col" className="p-2">
                      Reçue le
                    </th>
                    {fields.map((f) => (
                      <th key={f.key} scope="col" className="p-2">
                        {f.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((entry) => (
                    <tr key={entry._id} className="border-t border-line">
                      <td className="p-2 font-mono">{entry.entryCode}</td>
                      <td className="p-2">{formatShortDate(entry.createdAt)}</td>
                      {fields.map((f) => (
                        <td key={f.key} className="p-2">
                          {String(entry.answers?.[f.key] ?? '')}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </section>
  );
}

/** What a record's page shows beside its form: links, draws, entries. */
export function ResourceExtras({ resource, record, onChanged }: { resource: ResourceName; record: Record_; onChanged: () => void }) {
  if (resource === 'dynaLinks') return <DynaLinkPanel record={record} />;
  if (resource === 'raffles') return <RafflePanel record={record} onChanged={onChanged} />;
  if (resource === 'forms') return <FormPanel record={record} />;
  return null;
}
