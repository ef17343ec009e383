import { OPERATION_ROUTES, type DocSearchAnswer, type QueryDefinition } from '@sortie/core';
import { useApiQuery } from './useApiQuery';

/** GET /api/docs/search?q=: the pages holding every word, best first — for the box's list and the /docs?q= page alike. */
export const docSearchQuery = (q: string): QueryDefinition<DocSearchAnswer> => ({
  key: ['docs', 'search', q],
  load: (api) => api.call(OPERATION_ROUTES.docSearch, { query: { q } }),
});

/** GET /api/docs: the documentation's table of contents. */
export const useDocsToc = () => useApiQuery('docs:toc', (api) => api.call(OPERATION_ROUTES.docs));

/** GET /api/docs/{slug}: one page of the documentation; null waits. */
export const useDocPage = (slug: string | null) => useApiQuery(slug ? `docs:page:${slug}` : null, (api) => api.call(OPERATION_ROUTES.docPage, { path: { '*': slug! } }));
