import { useState } from 'react';
import { eventQueries, type Event, type EventQuery } from '@sortie/core';
import { useQuery } from '../../data/useQuery';
import { useEventPages } from '../../data/events';

export const PAGE_SIZE = 12;

/**
 * Upcoming events a page at a time: the first page through core's query cache, then « Voir plus »
 * asks the server for the next `PAGE_SIZE` (offset = what is shown). Nothing is fetched
 * that is not shown. A new filter (`query`) starts again from the first page.
 */
export function usePagedEvents(query: EventQuery | null) {
  const pages = useEventPages();
  const key = query ? JSON.stringify(query) : null;
  const first = useQuery(query ? eventQueries.page(query, PAGE_SIZE, 0) : null);
  const [more, setMore] = useState<{ key: string | null; items: Event[]; loading: boolean; error: unknown }>({ key: null, items: [], loading: false, error: null });
  const extra = more.key === key ? more : { key, items: [], loading: false, error: null };

  const items = first.status === 'success' ? [...first.data.items, ...extra.items] : [];
  const total = first.status === 'success' ? first.data.meta.total : 0;
  const totalIsEstimate = first.status === 'success' && first.data.meta.totalIsEstimate === true;

  const loadMore = () => {
    if (!query || extra.loading) return;
    const shown = items.length;
    setMore({ ...extra, loading: true, error: null });
    pages.page(query, PAGE_SIZE, shown).then(
      (page) => setMore((current) => (current.key === key ? { key, items: [...current.items, ...page.items], loading: false, error: null } : current)),
      (error: unknown) => setMore((current) => (current.key === key ? { ...current, loading: false, error } : current)),
    );
  };

  return { first, items, total, totalIsEstimate, hasMore: items.length < total, loadingMore: extra.loading, moreError: extra.error, loadMore };
}
