import { useState, type KeyboardEvent } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { RESOURCES, type ResourceName } from '@sortie/core';
import { useReference, useReferenceSearch } from '../../data/records';
import { entityLabel } from './entity-label';
import { OrderedList } from './widgets/OrderedList';

type Item = { _id: string } & Record<string, unknown>;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** What a referenced record is called once loaded: its name, else its kind (never its id). */
const nameOfRecord = (resource: ResourceName, record: Item) => entityLabel(record) || capitalise(RESOURCES[resource].label.one);

/**
 * The name of a referenced record (a place, an organisation, an artist, a user, an event…),
 * loaded once and kept (the queries' cache): « … » while it loads, « introuvable » when it is
 * gone or out of reach — never its id.
 */
export function ReferenceName({ resource, id }: { resource: ResourceName; id: string }) {
  const query = useReference<Item>(resource, id);
  if (query.status === 'success') return <>{nameOfRecord(resource, query.data)}</>;
  if (query.status === 'error') return <span className="text-muted">{capitalise(RESOURCES[resource].label.one)} introuvable</span>;
  return <span className="text-muted" aria-busy="true">…</span>;
}

/**
 * A searchable choice of another record (`placeId`, `artistIds`…): what is typed searches the
 * resource's list on the server (q), and the chosen record's id is kept.
 */
export function ReferencePicker({
  id,
  resource,
  value,
  onChange,
  label,
  invalid,
  exclude,
  onKeyDown,
  describedBy,
}: {
  id: string;
  resource: ResourceName;
  value: string;
  onChange: (id: string) => void;
  label: string;
  invalid?: boolean;
  /** Records already chosen (a list's chips): not offered again. */
  exclude?: readonly string[];
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  describedBy?: string;
}) {
  const [text, setText] = useState('');
  const [cache, setCache] = useState<Record<string, string>>({});
  const results = useReferenceSearch<Item>(resource, text);
  const selected = useReference<Item>(resource, value && !cache[value] ? value : null);
  const nameOf = (itemId: string) =>
    cache[itemId] ?? (selected.status === 'success' && selected.data._id === itemId ? nameOfRecord(resource, selected.data) : selected.status === 'error' ? `${capitalise(RESOURCES[resource].label.one)} introuvable` : '…');

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
            aria-describedby={describedBy}
            onKeyDown={onKeyDown}
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
          {results.status === 'success' && results.data.items.filter((item) => !exclude?.includes(item._id)).length === 0 && <div className="px-3 py-2 text-muted">Aucun résultat.</div>}
          {results.status === 'success' &&
            results.data.items.filter((item) => !exclude?.includes(item._id)).map((item) => (
              <ComboboxOption
                key={item._id}
                value={item._id}
                onClick={() => setCache((c) => ({ ...c, [item._id]: nameOfRecord(resource, item) }))}
                className="cursor-pointer rounded px-3 py-2 data-focus:bg-white/10"
              >
                {nameOfRecord(resource, item)}
                {resource === 'users' && typeof item['email'] === 'string' && item['email'] !== entityLabel(item) && <span className="ml-2 text-xs text-muted">{item['email']}</span>}
              </ComboboxOption>
            ))}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}

/**
 * Several references (`artistIds`, `memberIds`): the chosen ones as chips with a remove button,
 * and a picker to add one by typing part of its name; Backspace in the empty search removes the
 * last chip. An ordered list (`tournamentIds`) is reordered by drag, by its ↑ ↓ buttons or Alt+↑ ↓.
 */
export function ReferenceListPicker({ id, resource, value, onChange, label, ordered = false }: { id: string; resource: ResourceName; value: string[]; onChange: (ids: string[]) => void; label: string; ordered?: boolean }) {
  const [announce, setAnnounce] = useState('');
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setAnnounce(`Retiré de ${label}.`);
  };
  return (
    <div>
      {ordered ? (
        <OrderedList id={id} items={value} onChange={onChange} label={label} onRemove={remove} render={(itemId) => <ReferenceName resource={resource} id={itemId} />} />
      ) : (
        value.length > 0 && (
          <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
            {value.map((itemId, index) => (
              <li key={itemId} className="flex items-center gap-1 rounded-full bg-surface py-1 pr-1 pl-3 text-sm ring-1 ring-line">
                <span id={`${id}-chip-${index}`}>
                  <ReferenceName resource={resource} id={itemId} />
                </span>
                <button type="button" onClick={() => remove(index)} className="ml-1 grid size-7 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-white focus-visible:outline-2" aria-labelledby={`${id}-remove ${id}-chip-${index}`}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      <span id={`${id}-remove`} hidden>
        Retirer
      </span>
      <ReferencePicker
        id={id}
        resource={resource}
        value=""
        label={`Ajouter : ${label}`}
        exclude={value}
        onChange={(added) => {
          if (added && !value.includes(added)) {
            onChange([...value, added]);
            setAnnounce(`Ajouté à ${label}.`);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Backspace' && event.currentTarget.value === '' && value.length > 0) remove(value.length - 1);
        }}
      />
      <p role="status" className="sr-only">
        {announce}
      </p>
    </div>
  );
}
