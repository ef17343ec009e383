import type { Championship, Event, Tournament } from '@sortie/core';
import { useApiQuery } from './useApiQuery';

/** A championship's page: the championship, its event, and its tournaments. */

/** GET /api/championships/{id}. */
export const useChampionship = (id: string) => useApiQuery(`championship:${id}`, (api) => api.get<Championship>('championships', id));

/** GET /api/events/{id}. */
export const useEvent = (id: string) => useApiQuery(`event:${id}`, (api) => api.get<Event>('events', id));

/** The tournaments of a list, each null when it cannot be read (deleted since). */
export const useTournaments = (ids: readonly string[]) =>
  useApiQuery(`tournaments:${ids.join(',')}`, (api) => Promise.all(ids.map((id) => api.get<Tournament>('tournaments', id).catch(() => null))));
