import { useCallback, useSyncExternalStore } from 'react';
import { subscribe as watch } from 'valtio/vanilla';
import type { SessionState } from '@sortie/core';
import { useShellConfig } from './container-context';

export const CITY_KEY = 'sortie_city';
/** The account and profile city last made this browser's city (« id:city »): see followProfileCity. */
export const ADOPTED_CITY_KEY = 'sortie_city_account';
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

function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private modes: adopted again at the next visit, which changes nothing the visitor sees.
  }
}

/**
 * The profile city is the agenda's city on every device (issue 30): a sign-in, on this page,
 * makes the account's city the browser's; so does a page that opens with a session when this
 * browser has not yet taken that account's city (a new device, a city changed on another one).
 * A city picked afterwards in the header stays this browser's until the profile city changes:
 * hence the account and city last adopted, kept beside the city. Runs for the app's life; answers
 * the way to stop it.
 */
export function followProfileCity(session: { readonly state: SessionState }): () => void {
  let before = session.state.status;
  const adopt = () => {
    const { status, user } = session.state;
    const signedInHere = before === 'anonymous' && status === 'authenticated';
    before = status;
    if (status !== 'authenticated' || !user?._id || !user.city) return;
    const adopted = `${user._id}:${user.city}`;
    if (!signedInHere && readStored(ADOPTED_CITY_KEY) === adopted) return;
    store(ADOPTED_CITY_KEY, adopted);
    if (readCity() !== user.city) writeCity(user.city);
  };
  const stop = watch(session.state, adopt, true);
  adopt();
  return stop;
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
