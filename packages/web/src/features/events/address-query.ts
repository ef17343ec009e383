import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The page's query string as state: filters and searches live in the address, so that a
 * link or a reload shows the same list. Empty values are dropped; the change replaces the
 * history entry, so Back leaves the page rather than undoing each filter.
 */
export function useAddressQuery(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const query = next.toString();
      navigate(query ? `${path}?${query}` : path, { replace: true });
    },
    [search, path, navigate],
  );
  return [params, update];
}
