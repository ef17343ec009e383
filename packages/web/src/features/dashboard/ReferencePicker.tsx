import { useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { RESOURCES, type ResourceName } from '@sortie/core';
import { useApiQuery } from '../../data/useApiQuery';
import { entityLabel } from './entity-label';

type Item = { _id: string } & Record<string, unknown>;

/** The name of a referenced record, loaded once; the id while it loads or when it is gone. */
export function ReferenceName({ resource, id }: { resource: ResourceName; id: string }) {
  const query = useApiQuery(`ref:${resource}:${id}`, (api) => api.get<Item>(resource, id));
  return <>{query.status === 'success' ? entityLabel(query.data) : id}</>;
}

/**
 * A searchable choice of another record (`placeId`, `artistIds`…): what is typed searches the
 * resource's list on the server (q), and the chosen record's id is kept.
 */
export function ReferencePicker({ id, resource, value, onChange, label, invalid }: { id: string; resource: ResourceName; value: string; onChange: (id: string) => void; label: string; invalid?: boolean }) {
  const [text, setText] = useState('');
  const [cache, setCache] = useState<Record<string, string>>({});
  const key = `pick:${resource}:${text}`;
  const results = useApiQuery(key, (api) => api.list<Item>(resource, { limit: 10, ...(text.trim() ? { q: text.trim() } : {}), ...(resource === 'events' ? { upcoming: false } : {}) }));
  const selected = useApiQuery(value && !cache[value] ? `ref:${resource}:${value}` : null, (api) => api.get<Item>(resource, value));
  const nameOf = (itemId: string) => cache[itemId] ?? (selected.status === 'success' && selected.data._id === itemId ? entityLabel(selected.data) : itemId);

  return (
    <Combobox
      value={value || null}
      onChange={(next: string | null) => {
        onChange(next ?? '');
        setText('');
      }}
      onClose={() => setText('')}
    >
      <div className="relative">
        <div className="flex">
          <ComboboxInput
            id={id}
            aria-label={label}
            aria-invalid={invalid || undefined}
            placeholder={`Rechercher : ${RESOURCES[resource].label.one}`}
            displayValue={(itemId: string | null) => (itemId ? nameOf(itemId) : '')}
            onChange={(event) => setText(event.target.value)}
            className="w-full rounded-l-lg border border-line bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent"
          />
          <ComboboxButton aria-label={`Ouvrir la liste : ${label}`} className="rounded-r-lg border border-l-0 border-line px-2 text-muted">
            ▾
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" className="z-50 max-h-64 w-(--input-width) overflow-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-lg empty:invisible">
          {results.status === 'loading' && <div className="px-3 py-2 text-muted">Recherche…</div>}
          {results.status === 'error' && <div className="px-3 py-2 text-error">La recherche a échoué.</div>}
          {results.status === 'success' && results.data.items.length === 0 && <div className="px-3 py-2 text-muted">Aucun résultat.</div>}
          {results.status === 'success' &&
            results.data.items.map((item) => (
              <ComboboxOption
                key={item._id}
                value={item._id}
                onClick={() => setCache((c) => ({ ...c, [item._id]: entityLabel(item) }))}
                className="cursor-pointer rounded px-3 py-2 data-focus:bg-white/10"
              >
                {entityLabel(item)}
              </ComboboxOption>
            ))}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}

/** Several references (`artistIds`): the chosen ones as removable chips, and a picker to add one. */
export function ReferenceListPicker({ id, resource, value, onChange, label }: { id: string; resource: ResourceName; value: string[]; onChange: (ids: string[]) => void; label: string }) {
  return (
    <div>
      {value.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2">
          {value.map((itemId) => (
            <li key={itemId} className="flex items-center gap-1 rounded-full bg-surface px-3 py-1 text-sm ring-1 ring-line">
              <ReferenceName resource={resource} id={itemId} />
              <button type="button" onClick={() => onChange(value.filter((v) => v !== itemId))} className="ml-1 text-muted hover:text-white focus-visible:outline-2" aria-label={`Retirer de ${label}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <ReferencePicker id={id} resource={resource} value="" label={`Ajouter : ${label}`} onChange={(added) => added && !value.includes(added) && onChange([...value, added])} />
    </div>
  );
}
