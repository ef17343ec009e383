import { useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { ICON_NAMES, iconName, isKnownIcon, searchIcons } from '@sortie/core';
import { CatalogueIcon } from '../../../components/CatalogueIcon';

/**
 * An icon (event category, place type, badge) chosen among core's catalogue, each drawn beside its
 * French name; typing searches the names, accents and case aside (« fete » finds « Fête »). The
 * keyboard works as in any combobox: arrows move, Enter chooses, Escape closes. The identifier
 * (`mdiMusic`) is what is stored, never what staff see or type.
 */
export function IconPicker({ id, label, value, onChange, invalid, describedBy }: { id: string; label: string; value: unknown; onChange: (id: string) => void; invalid: boolean; describedBy?: string }) {
  const [query, setQuery] = useState('');
  const current = typeof value === 'string' && value ? value : null;
  const found = searchIcons(query);
  return (
    <Combobox
      value={current}
      onChange={(next: string | null) => {
        if (next) onChange(next);
        setQuery('');
      }}
      onClose={() => setQuery('')}
      immediate
    >
      <div className="relative flex items-center gap-2">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/5 text-accent ring-1 ring-line" aria-hidden="true">
          {current && <CatalogueIcon id={current} decorative />}
        </span>
        <div className="flex min-w-0 flex-1">
          <ComboboxInput
            id={id}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            placeholder="Rechercher une icône par son nom (musique, bière…)"
            displayValue={(chosen: string | null) => (chosen ? iconName(chosen) : '')}
            onChange={(event) => setQuery(event.target.value)}
            className="w-full rounded-l-lg border border-line bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent"
          />
          <ComboboxButton aria-label={`Ouvrir la liste des icônes : ${label}`} className="rounded-r-lg border border-l-0 border-line px-2 text-muted">
            ▾
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" className="z-50 max-h-72 w-(--input-width) min-w-64 overflow-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-lg empty:invisible">
          {found.length === 0 && <div className="px-3 py-2 text-muted">Aucune icône ne porte ce nom.</div>}
          {found.map((icon) => (
            <ComboboxOption key={icon} value={icon} className="flex cursor-pointer items-center gap-3 rounded px-3 py-1.5 data-focus:bg-white/10 data-selected:font-semibold">
              <CatalogueIcon id={icon} decorative className="shrink-0 text-accent" />
              {ICON_NAMES[icon]}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </div>
      {current && !isKnownIcon(current) && <p className="text-xs text-muted">Cette icône ({current}) n’est pas dans la liste : choisissez-en une pour la remplacer.</p>}
    </Combobox>
  );
}
