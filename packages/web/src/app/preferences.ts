import { useCallback, useSyncExternalStore } from 'react';
import { TokenStorePort } from '@sortie/core';
import { useRuntimeConfig, useUseCase } from './container-context';

const CITY_KEY = 'sortie_city';
const listeners = new Set<() => void>();

/** The visitor's chosen city, kept across visits; the runtime config's default city otherwise. */
export function usePreferredCity(): [string, (city: string) => void] {
  const store = useUseCase(TokenStorePort);
  const { defaultCity } = useRuntimeConfig();
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  const city = useSyncExternalStore(subscribe, () => store.get(CITY_KEY) ?? defaultCity);
  const setCity = useCallback(
    (next: string) => {
      store.set(CITY_KEY, next);
      listeners.forEach((listener) => listener());
    },
    [store],
  );
  return [city, setCity];
}

/** The cities offered by the picker: the config's list, the default city always among them. */
export function useCities(): string[] {
  const { cities, defaultCity } = useRuntimeConfig();
  return cities.includes(defaultCity) ? [...cities] : [defaultCity, ...cities];
}
