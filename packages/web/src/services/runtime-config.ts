import { DEFAULT_CITY } from '@sortie/core';

export const RUNTIME_CONFIG_PATH = '/api/config';

/** GET /api/config as JSON. Core's schema checks it in the services chunk (services.ts). */
export async function fetchRuntimeConfig(fetcher: typeof fetch): Promise<unknown> {
  const response = await fetcher(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  return response.json();
}

/** The little the first paint needs (the landing page's city choice), before the services load. */
export interface ShellConfig {
  defaultCity: string;
  cities: string[];
  /** Whether a store page is configured at all: without one, no phone is ever redirected (SPEC.md §4). */
  storePages: boolean;
  /** Google Maps' browser key when configured (OpenStreetMap otherwise): a page with a map need not load the services for it. */
  mapsApiKey: string | null;
}

/**
 * Reads the shell's fields by hand: zod travels with the services chunk, not with the
 * landing page's JavaScript. Anything odd falls back to the defaults; the full config is
 * validated by core's RuntimeConfigSchema before the container is composed.
 */
export function shellConfigOf(raw: unknown): ShellConfig {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && v.length <= 100 ? v.trim() : null);
  const defaultCity = text(value['defaultCity']) ?? DEFAULT_CITY;
  const cities = Array.isArray(value['cities']) ? value['cities'].map(text).filter((city): city is string => city !== null) : [];
  const stores = (typeof value['storePages'] === 'object' && value['storePages'] !== null ? value['storePages'] : {}) as Record<string, unknown>;
  const storePages = [stores['android'], stores['ios']].some((page) => typeof page === 'string' && /^https?:\/\//.test(page));
  const mapsApiKey = typeof value['mapsApiKey'] === 'string' && value['mapsApiKey'].length > 0 && value['mapsApiKey'].length <= 200 ? value['mapsApiKey'] : null;
  return { defaultCity, cities: [...new Set(cities.includes(defaultCity) ? cities : [defaultCity, ...cities])], storePages, mapsApiKey };
}
