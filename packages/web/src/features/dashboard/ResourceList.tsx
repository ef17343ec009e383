import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { describeBadgeRule, fieldLabelOf, firstOf, newOf, noneOf, RESOURCE_LABELS, RESOURCES, totalLabel, valueLabelOf, type Page, type ResourceName } from '@sortie/core';
import { useRecordList, useRecordWrites } from '../../data/records';
import { EmptyState, ErrorNotice, Skeleton } from '../../data/QueryView';
import { apiErrorMessage } from '../../data/api-error-message';
import { formatShortDate, formatTime } from '../../format';
import { ConfirmDialog } from './ConfirmDialog';
import { ResourceEditor } from './ResourceEditor';
import { ReferenceName, ReferencePicker } from './ReferencePicker';
import { optionLabel } from './SchemaForm';
import { entityLabel } from './entity-label';
import { referenceOf } from './schema-fields';
import { CatalogueIcon } from '../../components/CatalogueIcon';
import { detailHref, listHref, valueAt, viewOf, type Column } from './resource-config';
import { BUTTON_CLASS, COMPACT_FIELD_CLASS } from '../../components/ui';

type Item = { _id: string } & Record<string, unknown>;
export const PAGE_SIZE = 20;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The filters sit side by side at their natural width. */
const control = `${COMPACT_FIELD_CLASS} w-auto!`;

/** A value as staff read it: an enum by its French name (the resource's own, else the dashboard's common ones). */
export function valueName(resource: ResourceName, key: string, value: string): string {
  const french = valueLabelOf(resource, key, value);
  return capitalise(french !== value ? french : optionLabel(value));
}

const HEX_ID = /^[0-9a-f]{24}$/;

function Cell({ resource, column, item }: { resource: ResourceName; column: Column; item: Item }) {
  const value = valueAt(item, column.key);
  if (column.kind === 'badgeRule') return <>{describeBadgeRule(value)}</>;
  if (value === undefined || value === null || value === '') return <span className="text-muted">—</span>;
  // An icon is drawn, named by its French name: never its identifier (mdiMusic).
  if (column.kind === 'icon' && typeof value === 'string') return <CatalogueIcon id={value} className="text-accent" />;
  if (column.kind === 'date' && typeof value === 'string') return <>{`${formatShortDate(value)} ${formatTime(value)}`}</>;
  if (column.kind === 'status') return <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs ring-1 ring-line">{valueName(resource, column.key, String(value))}</span>;
  if (column.kind === 'list' && Array.isArray(value)) return <>{value.map((v) => valueName(resource, column.key, String(v))).join(', ') || '—'}</>;
  const target = referenceOf(column.key.split('.').at(-1)!);
  if (typeof value === 'string' && (column.kind === 'reference' || target) && HEX_ID.test(value)) return target ? <ReferenceName resource={target} id={value} /> : <span className="text-muted">—</span>;
  if (typeof value === 'boolean') return <>{value ? 'Oui' : 'Non'}</>;
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'fr', { numeric: true });
}

/**
 * The list of a resource in the back office: search, the server's filters, sort, pages of
 * 20, bulk delete after a confirmation, and « Nouveau » for an empty form.
 */
export function ResourceList({ resource }: { resource: ResourceName }) {
  const records = useRecordWrites();
  const [, navigate] = useLocation();
  const search = useSearch();
  const creating = new URLSearchParams(search).has('nouveau');
  const view = viewOf(resource);
  const labels = RESOURCES[resource].label;
  const { gender } = RESOURCE_LABELS[resource];
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSort] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [version, setVersion] = useState(0);

  const serverSort = view.serverSort?.includes(sort.replace(/^-/, '')) ? sort : undefined;
  const query: Record<string, string | number | boolean> = { limit: PAGE_SIZE, offset, ...view.baseQuery };
  if (q.trim()) query['q'] = q.trim();
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  if (serverSort) query['sort'] = serverSort;
  const list = useRecordList<Item>(resource, query, version);

  const change = (apply: () => void) => {
    apply();
    setOffset(0);
    setSelected(new Set());
  };

  const sortOptions = [...new Set([...(view.serverSort ?? []), ...view.columns.map((c) => c.key)])];
  const labelOfSort = (key: string) => view.columns.find((c) => c.key === key)?.label ?? ({ startsAt: 'Début', title: 'Titre', createdAt: 'Création' } as Record<string, string>)[key] ?? fieldLabelOf(resource, key)?.label ?? 'Autre';

  const rows = (page: Page<Item>) => {
    if (!sort || serverSort) return page.items;
    const key = sort.replace(/^-/, '');
    const sign = sort.startsWith('-') ? -1 : 1;
    return [...page.items].sort((a, b) => sign * compare(valueAt(a, key), valueAt(b, key)));
  };

  async function removeSelected() {
    setDeleting(true);
    const ids = [...selected];
    const failures: string[] = [];
    for (const id of ids) {
      try {
        await records.remove(resource, id);
      } catch (error) {
        failures.push(apiErrorMessage(error));
      }
    }
    setDeleting(false);
    setConfirming(false);
    setSelected(new Set());
    setVersion((v) => v + 1);
    const done = ids.length - failures.length;
    setNotice(failures.length ? { kind: 'error', text: `${done} supprimé(s), ${failures.length} refusé(s) : ${failures[0]}` } : { kind: 'ok', text: `${done} ${done > 1 ? labels.many : labels.one} supprimé(s).` });
  }

  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold">
          {capitalise(labels.many)}
        </h1>
        {!creating && (
          <Link href={`${listHref(resource)}?nouveau=1`} className={`${BUTTON_CLASS} text-sm`}>
            Nouveau
          </Link>
        )}
      </div>

      {creating && (
        <div className="rounded-xl bg-surface/50 p-4 ring-1 ring-line">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-lg font-semibold">{capitalise(newOf(labels.one, gender))}</h2>
            <Link href={listHref(resource)} className="text-sm text-muted hover:text-white">
              Fermer
            </Link>
          </div>
          <ResourceEditor resource={resource} onSaved={(created) => created._id && navigate(detailHref(resource, created._id))} />
        </div>
      )}

      <form role="search" className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm">
          Rechercher
          <input type="search" value={q} onChange={(event) => change(() => setQ(event.target.value))} className={control} placeholder="Nom, titre, ville…" />
        </label>
        {view.filters.map((filter) =>
          filter.reference ? (
            <div key={filter.key} className="flex min-w-48 flex-col gap-1 text-sm">
              <label htmlFor={`filter-${filter.key}`}>{filter.label}</label>
              <div className="flex gap-1">
                <ReferencePicker id={`filter-${filter.key}`} resource={filter.reference} value={filters[filter.key] ?? ''} label={filter.label} onChange={(id) => change(() => setFilters((f) => ({ ...f, [filter.key]: id })))} />
                {filters[filter.key] && (
                  <button type="button" onClick={() => change(() => setFilters((f) => ({ ...f, [filter.key]: '' })))} className="px-2 text-muted hover:text-white" aria-label={`Retirer le filtre ${filter.label}`}>
                    ×
                  </button>
                )}
              </div>
            </div>
          ) : (
            <label key={filter.key} className="flex flex-col gap-1 text-sm">
              {filter.label}
              <select value={filters[filter.key] ?? ''} onChange={(event) => change(() => setFilters((f) => ({ ...f, [filter.key]: event.target.value })))} className={control}>
                <option value="">Tous</option>
                {(filter.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {valueName(resource, filter.key, option)}
                  </option>
                ))}
              </select>
            </label>
          ),
        )}
        <label className="flex flex-col gap-1 text-sm">
          Trier par
          <select value={sort} onChange={(event) => change(() => setSort(event.target.value))} className={control}>
            <option value="">Ordre par défaut</option>
            {sortOptions.flatMap((key) => [
              <option key={key} value={key}>
                {labelOfSort(key)} (croissant)
              </option>,
              <option key={`-${key}`} value={`-${key}`}>
                {labelOfSort(key)} (décroissant)
              </option>,
            ])}
          </select>
        </label>
      </form>

      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 text-sm ${notice.kind === 'error' ? 'bg-error/10 text-error' : 'bg-surface text-accent'}`}>
          {notice.text}
        </p>
      )}

      {list.status === 'loading' && <Skeleton lines={6} />}
      {list.status === 'error' && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {list.status === 'success' && list.data.items.length === 0 && <EmptyState>{q || Object.values(filters).some(Boolean) ? 'Aucun résultat pour cette recherche.' : `${capitalise(noneOf(labels.one, gender))} pour l’instant : créez ${firstOf(gender)} avec « Nouveau ».`}</EmptyState>}
      {list.status === 'success' && list.data.items.length > 0 && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" disabled={selected.size === 0} onClick={() => setConfirming(true)} className="rounded-lg border border-error/50 px-3 py-1.5 text-sm text-error disabled:opacity-40 focus-visible:outline-2">
              Supprimer la sélection ({selected.size})
            </button>
            <p className="text-sm text-muted" aria-live="polite">
              {list.data.meta.offset + 1}–{list.data.meta.offset + list.data.items.length} sur {totalLabel(list.data.meta.total, list.data.meta.totalIsEstimate)}
            </p>
          </div>
          <div className="overflow-x-auto rounded-xl ring-1 ring-line">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{capitalise(labels.many)}</caption>
              <thead className="bg-surface text-muted">
                <tr>
                  <th scope="col" className="w-10 p-2">
                    <input
                      type="checkbox"
                      aria-label="Tout sélectionner"
                      checked={list.data.items.every((item) => selected.has(item._id))}
                      onChange={(event) => setSelected(event.target.checked ? new Set(list.data.items.map((item) => item._id)) : new Set())}
                    />
                  </th>
                  <th scope="col" className="p-2">
                    {capitalise(labels.one)}
                  </th>
                  {view.columns.slice(1).map((column) => (
                    <th key={column.key} scope="col" className="p-2">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows(list.data).map((item) => {
                  const first = view.columns[0];
                  const firstValue = first ? valueAt(item, first.key) : undefined;
                  const firstIsText = typeof firstValue === 'string' && firstValue.trim() !== '' && !HEX_ID.test(firstValue) && first?.kind !== 'status' && first?.kind !== 'reference';
                  const name = (firstIsText ? firstValue : '') || entityLabel(item) || capitalise(labels.one);
                  return (
                    <tr key={item._id} className="border-t border-line">
                      <td className="p-2">
                        <input
                          type="checkbox"
                          aria-label={`Sélectionner ${name}`}
                          checked={selected.has(item._id)}
                          onChange={(event) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (event.target.checked) next.add(item._id);
                              else next.delete(item._id);
                              return next;
                            })
                          }
                        />
                      </td>
                      <td className="p-2 font-medium">
                        <Link href={detailHref(resource, item._id)} className="hover:underline focus-visible:outline-2">
                          {first && !firstIsText && firstValue !== undefined && firstValue !== null && firstValue !== '' ? <Cell resource={resource} column={first} item={item} /> : name}
                        </Link>
                      </td>
                      {view.columns.slice(1).map((column) => (
                        <td key={column.key} className="p-2">
                          <Cell resource={resource} column={column} item={item} />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex gap-2">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))} className="rounded-lg border border-line px-3 py-1.5 text-sm disabled:opacity-40 focus-visible:outline-2">
              Précédent
            </button>
            <button type="button" disabled={offset + PAGE_SIZE >= list.data.meta.total} onClick={() => setOffset(offset + PAGE_SIZE)} className="rounded-lg border border-line px-3 py-1.5 text-sm disabled:opacity-40 focus-visible:outline-2">
              Suivant
            </button>
          </nav>
        </>
      )}

      <ConfirmDialog open={confirming} title="Supprimer définitivement ?" confirmLabel={`Supprimer (${selected.size})`} busy={deleting} onClose={() => setConfirming(false)} onConfirm={() => void removeSelected()}>
        {selected.size} {selected.size > 1 ? labels.many : labels.one} ser{selected.size > 1 ? 'ont' : 'a'} supprimé{selected.size > 1 ? 's' : ''}. Cette action est irréversible.
      </ConfirmDialog>
    </section>
  );
}
