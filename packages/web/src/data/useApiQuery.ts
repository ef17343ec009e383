import type { ProductApiPort, QueryEntry } from '@sortie/core';
import { useQuery } from './useQuery';

export type QueryState<T> = QueryEntry<T>;

/**
 * A one-off query written in place, for a page whose read has no definition of its own in
 * core's queries yet: `key` names what is loaded (a new key loads again, null waits), `load`
 * reads it. It runs through useQuery, so it shares core's cache and its invalidation: an
 * answer for an old key is dropped, and data already read shows at once while it reloads.
 */
export function useApiQuery<T>(key: string | null, load: (api: ProductApiPort) => Promise<T>): QueryEntry<T> & { reload: () => void } {
  return useQuery(key === null ? null : { key: ['page', key], load });
}
