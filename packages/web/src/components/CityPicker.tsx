import { Listbox, ListboxButton, ListboxOption, ListboxOptions, Label, Field } from '@headlessui/react';
import { mdiCheck, mdiChevronDown, mdiMapMarker } from '@mdi/js';
import { useLocation } from 'wouter';
import { pathFor } from '@sortie/core';
import { useCities, usePreferredCity } from '../services/preferences';
import { Icon } from './Icon';
import { useAutoOpen } from './useAutoOpen';

/** Chooses the city whose agenda the visitor browses; choosing one opens its agenda. */
export default function CityPicker({ className, autoOpen }: { className?: string; autoOpen?: boolean }) {
  const button = useAutoOpen<HTMLButtonElement>(autoOpen);
  const cities = useCities();
  const [city, setCity] = usePreferredCity();
  const [, navigate] = useLocation();

  const choose = (next: string) => {
    setCity(next);
    navigate(pathFor('home', { city: next }));
  };

  return (
    <Field className={className}>
      <Label className="sr-only">Ville</Label>
      <Listbox value={city} onChange={choose}>
        <ListboxButton ref={button} className="flex max-w-[7.5rem] min-[400px]:max-w-[9rem] items-center gap-1 rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:bg-white/5 sm:max-w-none">
          <Icon path={mdiMapMarker} size={18} className="shrink-0 text-primary" />
          <span className="truncate">{city}</span>
          <Icon path={mdiChevronDown} size={18} className="shrink-0 text-muted" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom end"
          className="z-50 mt-2 max-h-72 w-52 overflow-auto rounded-xl bg-surface p-1 shadow-2xl ring-1 ring-line focus:outline-none"
        >
          {cities.map((option) => (
            <ListboxOption
              key={option}
              value={option}
              className="group flex cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-white/10"
            >
              {option}
              <Icon path={mdiCheck} size={18} className="invisible text-accent group-data-selected:visible" />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
