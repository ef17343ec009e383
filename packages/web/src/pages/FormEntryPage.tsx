import { Link } from 'wouter';
import type { FormField } from '@sortie/core';
import { useFormEntry } from '../data/forms';
import { LINK_CLASS, PageFrame, DetailQuery } from '../components/ui';
import { formatDate, formatDateTime } from '../format';
import type { PageProps } from './types';

function shown(field: FormField | undefined, value: string | number | boolean | undefined): string {
  if (value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (field?.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) return formatDate(`${value}T12:00:00Z`);
  return String(value);
}

/** /forms/{id}/entries/{entryCode}: a submitted entry, read back by its code. */
export default function FormEntryPage({ params }: PageProps) {
  const id = params['id']!;
  const code = params['entryCode']!;
  const query = useFormEntry(id, code);
  return (
    <DetailQuery query={query} title="Votre réponse" loading="Chargement de la réponse…">
      {({ form, entry }) => {
        const known = new Set(form.fields.map((f) => f.key));
        const rows = [...form.fields.map((f) => [f.key, f.label, f] as const), ...Object.keys(entry.answers).filter((k) => !known.has(k)).map((k) => [k, k, undefined] as const)];
        return (
          <PageFrame title="Votre réponse" lead={<p>Formulaire « {form.title} »</p>}>
            <p className="mt-4">
              Code de réponse : <strong className="font-mono text-lg tracking-wider">{entry.entryCode}</strong>
            </p>
            <p className="text-sm text-muted">Envoyée le {formatDateTime(entry.createdAt)}</p>
            <dl className="mt-6 divide-y divide-line rounded-2xl bg-surface ring-1 ring-line">
              {rows.map(([key, label, field]) => (
                <div key={key} className="grid gap-1 p-4 sm:grid-cols-3">
                  <dt className="text-sm text-muted">{label}</dt>
                  <dd className="break-words whitespace-pre-line sm:col-span-2">{shown(field, entry.answers[key])}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-6">
              <Link href={`/forms/${form._id}`} className={LINK_CLASS}>
                Retour au formulaire
              </Link>
            </p>
          </PageFrame>
        );
      }}
    </DetailQuery>
  );
}
