import { useApiQuery } from './useApiQuery';

/**
 * The landing page's only read, alone in its file so that its chunk carries nothing else: no
 * operation table, no schema, no other hook (the landing's 100 KB budget, issue 20).
 */

/** The first upcoming events of a city in a range (tonight, the weekend), `name` telling the ranges apart; keyed by the range's end only, its start being now. */
export const useEventHighlights = (name: string, city: string, range: { from: string; to: string }, limit: number) =>
  useApiQuery(`${name}:${city}:${range.to}`, (api) => api.listEvents({ city, upcoming: 'true', limit, offset: 0, ...range }));
