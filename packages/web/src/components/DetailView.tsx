import type { ReactNode } from 'react';
import { QueryView, Skeleton } from '../data/QueryView';
import type { QueryState } from '../data/useApiQuery';

/**
 * The load of a detail page (place, organisation, artist, profile): a skeleton, then the
 * record; on failure the page keeps a title (« Lieu », « Artiste »…) above the French message.
 */
export function DetailView<T>({ query, title, loading, children }: { query: QueryState<T> & { reload: () => void }; title: string; loading: string; children: (data: T) => ReactNode }) {
  return (
    <>
      {query.status === 'error' && <h1 className="mb-4 text-3xl font-bold tracking-tight">{title}</h1>}
      <QueryView query={query} skeleton={<Skeleton lines={5} label={loading} />}>
        {children}
      </QueryView>
    </>
  );
}
