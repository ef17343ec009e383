import { useLocation, useSearch } from 'wouter';

/**
 * One query-string parameter as page state, so that a filtered view can be shared and
 * survives a reload. Setting it replaces the history entry (filters are not navigation).
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const set = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next === null || next === '') params.delete(name);
    else params.set(name, next);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [value, set];
}

/** Several parameters at once (a new filter also sends the list back to its first page). */
export function useSearchParams(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const update = (patch: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(patch)) {
      if (value === null || value === '') params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [new URLSearchParams(search), update];
}
