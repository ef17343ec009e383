import { OPERATION_ROUTES, operationPath } from '@sortie/core';
import { useFormEntries } from '../../data/forms';
import { EmptyState, QueryView } from '../../data/QueryView';
import { formatShortDate } from '../../format';
import { PANEL_BUTTON_CLASS, PANEL_CLASS, type DashboardRecord } from './panel-styles';

/** A form's entries, in a table and as a CSV export. */
export function FormEntriesPanel({ record }: { record: DashboardRecord }) {
  const entries = useFormEntries(record._id);
  const fields = (record['fields'] ?? []) as Array<{ key: string; label: string }>;
  return (
    <section className={PANEL_CLASS} aria-labelledby="entries-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="entries-title" className="text-lg font-semibold">
          Réponses
        </h2>
        <a href={operationPath(OPERATION_ROUTES.formEntriesCsv, { id: record._id })} download className={PANEL_BUTTON_CLASS}>
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
