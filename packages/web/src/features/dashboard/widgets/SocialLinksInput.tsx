import { useState } from 'react';
import { HttpUrlSchema, SOCIAL_NETWORKS, socialNetworkLabel, withScheme } from '@sortie/core';
import { ADD_BUTTON, INPUT, SMALL_BUTTON } from './styles';

type Row = { network: string; url: string };

const NETWORKS = Object.keys(SOCIAL_NETWORKS);
const toRows = (value: unknown): Row[] => Object.entries(value && typeof value === 'object' ? (value as Record<string, unknown>) : {}).map(([network, url]) => ({ network, url: typeof url === 'string' ? url : '' }));
const toRecord = (rows: Row[]): Record<string, string> => Object.fromEntries(rows.filter((row) => row.network).map((row) => [row.network, row.url]));

/** What is wrong with a row, in French: a network given twice, an address that is not http(s). */
function rowProblem(rows: Row[], index: number): string | undefined {
  const row = rows[index]!;
  if (rows.findIndex((r) => r.network === row.network) !== index) return 'Ce réseau est déjà dans la liste : un lien par réseau.';
  if (!row.url.trim()) return 'Indiquez l’adresse de la page.';
  const parsed = HttpUrlSchema.safeParse(row.url);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * A place's links as a list of typed links (Instagram, Facebook, site web, billetterie…): a
 * network and an http(s) address per row, rows added and removed; kept as network → address.
 */
export function SocialLinksInput({ id, label, value, onChange, errors }: { id: string; label: string; value: unknown; onChange: (value: Record<string, string>) => void; errors?: (network: string) => string | undefined }) {
  const [rows, setRows] = useState<Row[]>(() => toRows(value));
  const [touched, setTouched] = useState<ReadonlySet<number>>(() => new Set(rows.map((_, i) => i)));
  const update = (next: Row[]) => {
    setRows(next);
    onChange(toRecord(next));
  };
  const free = NETWORKS.find((n) => !rows.some((r) => r.network === n)) ?? 'website';
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3" id={id}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {rows.length === 0 && <p className="text-sm text-muted">Aucun lien pour l’instant.</p>}
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const rowId = `${id}-${index}`;
          const problem = touched.has(index) ? (rowProblem(rows, index) ?? errors?.(row.network)) : undefined;
          const name = socialNetworkLabel(row.network);
          return (
            <li key={index} className="flex flex-wrap items-start gap-2">
              <select
                value={row.network}
                aria-label={`Réseau du lien ${index + 1}`}
                onChange={(event) => update(rows.map((r, i) => (i === index ? { ...r, network: event.target.value } : r)))}
                className={`${INPUT} w-40`}
              >
                {!NETWORKS.includes(row.network) && <option value={row.network}>{name}</option>}
                {NETWORKS.map((network) => (
                  <option key={network} value={network}>
                    {socialNetworkLabel(network)}
                  </option>
                ))}
              </select>
              <input
                type="url"
                inputMode="url"
                value={row.url}
                placeholder="https://…"
                aria-label={`Adresse ${name}`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${rowId}-error` : undefined}
                onChange={(event) => update(rows.map((r, i) => (i === index ? { ...r, url: event.target.value } : r)))}
                onBlur={() => {
                  const fixed = withScheme(row.url);
                  if (fixed !== row.url) update(rows.map((r, i) => (i === index ? { ...r, url: fixed } : r)));
                  setTouched((t) => new Set(t).add(index));
                }}
                className={`${INPUT} min-w-0 flex-1 basis-56`}
              />
              <button
                type="button"
                className={`${SMALL_BUTTON} text-error`}
                onClick={() => {
                  update(rows.filter((_, i) => i !== index));
                  setTouched((t) => new Set([...t].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
                }}
                aria-label={`Retirer le lien ${name}`}
              >
                Retirer
              </button>
              {problem && (
                <p id={`${rowId}-error`} className="w-full text-sm text-error">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" className={ADD_BUTTON} disabled={rows.length >= NETWORKS.length + 5} onClick={() => update([...rows, { network: free, url: '' }])}>
        Ajouter un lien
      </button>
    </fieldset>
  );
}
