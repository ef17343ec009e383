import type { Badge, Page, QueryDefinition } from '@sortie/core';

/** Every badge there is to earn (a first page of 100: far more than a platform's badges). */
export const allBadgesQuery = (): QueryDefinition<Page<Badge>> => ({
  key: ['badges', 'list', 'all'],
  load: (api) => api.list<Badge>('badges', { limit: 100 }),
});
