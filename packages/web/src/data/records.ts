import type { ProductApiPort, Query, ResourceName } from '@sortie/core';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/**
 * The dashboard's records of any resource (RESOURCES): the generic list, a record's page, the
 * reference pickers, and the writes of its form. `version` is the screen's own counter: a new
 * one reads again after a write.
 */

/** GET /api/{resource}/{id}. */
export const useRecord = <T>(resource: ResourceName, id: string, version: number) => useApiQuery(`record:${resource}:${id}:${version}`, (api) => api.get<T>(resource, id));

/** GET /api/{resource} with the list's filters and page. */
export const useRecordList = <T>(resource: ResourceName, query: Query, version: number) =>
  useApiQuery(`list:${resource}:${JSON.stringify(query)}:${version}`, (api) => api.list<T>(resource, query));

/** A record another one refers to, for its name; null waits. */
export const useReference = <T>(resource: ResourceName, id: string | null) => useApiQuery(id ? `ref:${resource}:${id}` : null, (api) => api.get<T>(resource, id!));

/** The first ten records matching what is typed in a reference picker (every event, past ones included). */
export const useReferenceSearch = <T>(resource: ResourceName, text: string) =>
  useApiQuery(`pick:${resource}:${text}`, (api) => api.list<T>(resource, { limit: 10, ...(text.trim() ? { q: text.trim() } : {}), ...(resource === 'events' ? { upcoming: false } : {}) }));

const recordWrites = (api: ProductApiPort) => ({
  /** A record read at the moment it is needed (a place chosen in a form, for its city), not kept. */
  read: <T>(resource: ResourceName, id: string) => api.get<T>(resource, id),
  create: <T>(resource: ResourceName, body: unknown) => api.create<T>(resource, body),
  update: <T>(resource: ResourceName, id: string, body: unknown) => api.update<T>(resource, id, body),
  remove: (resource: ResourceName, id: string) => api.remove(resource, id),
});

/** The records' writes (and a read on demand): each answers the server's answer or throws its error. */
export const useRecordWrites = () => useApiWrites(recordWrites);
