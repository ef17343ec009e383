import { use, useCallback, useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { proxy } from 'valtio/vanilla';
import { QueryClient, type QueryDefinition, type QueryEntry } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useServerRender } from '../ssr/server-render-context';

const noop = () => undefined;
/** A promise React reads without suspending (its status says it has settled). */
const SETTLED = Object.assign(Promise.resolve(undefined), { status: 'fulfilled' as const, value: undefined });

/** What a query without its parameters yet (null) shows: loading, and nothing is asked. */
const WAITING = proxy<QueryEntry<never>>({ status: 'loading', data: undefined, error: undefined, fetching: false });

/**
 * A core query on screen (react-query's useBaseQuery, over core's QueryClient): its entry of
 * the shared cache, watched while mounted. A new key loads (keeping nothing of the former
 * key); null waits. Data already cached shows at once while it reloads.
 */
export function useQuery<T>(definition: QueryDefinition<T> | null): QueryEntry<T> & { reload: () => void } {
  const client = useUseCase(QueryClient);
  const hash = definition ? JSON.stringify(definition.key) : null;
  // The definition is a fresh object each render: its key says when it is another query.
  const query = useMemo(() => definition, [hash]);
  const entry = useMemo(() => (query ? client.entry(query) : WAITING), [client, query]);
  useEffect(() => (query ? client.watch(query) : undefined), [client, query]);
  // On the server, the page waits for its data (React's streaming renderer suspends here), so
  // that the first response carries it; a failure shows as it would in the browser. use() is
  // called once per query whatever its state: React matches a retried render's use() calls
  // by their order, and a query that skipped it would take the previous one's answer.
  if (useServerRender()) use(query && entry.status === 'loading' ? client.fetch(query).then(noop, noop) : SETTLED);
  // Data and errors are stored as valtio refs (replaced whole, never edited): the snapshot hands them back as they are.
  const snapshot = useSnapshot(entry) as QueryEntry<T>;
  const reload = useCallback(() => {
    if (query) void client.refetch(query).catch(() => undefined);
  }, [client, query]);
  return { ...snapshot, reload };
}
