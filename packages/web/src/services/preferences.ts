import { useCallback, useSyncExternalStore } from 'react';
import { useShellConfig } from './container-context';

export const CITY_KEY = 'sortie_city';
const listeners = new Set<() => void>();

// A presentation preference, read at first paint: straight from localStorage rather than
// through the container, which loads after the landing page. Private modes may refuse it.
function readCity(): string | null {
  try {
    return globalThis.localStorage?.getItem(CITY_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeCity(city: string): void {
  try {
    globalThis.localStorage?.setItem(CITY_KEY, city);
  } catch {
    // Not kept across visits, still used for this one.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's chosen city, kept across visits; the runtime config's default city otherwise. */
export function usePreferredCity(): [string, (city: string) => void] {
  const { defaultCity } = useShellConfig();
  // The server renders the default city; the browser's first render (hydration) agrees, then reads the visitor's own.
  const city = useSyncExternalStore(subscribe, () => readCity() ?? defaultCity, () => defaultCity);
  return [city, useCallback((next: string) => writeCity(next), [])];
}

/** The cities offered by the pickers: the config's list, the default city always among them. */
export function useCities(): string[] {
  return useShellConfig().cities;
}
