import type { Page } from '../domain/schemas/common.schema';
import type { PublicUser } from '../domain/schemas/people.schema';
import type { QueryDefinition } from './query-client';
import { recordQueries } from './records.queries';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/** Reads of members' public pages. */
export const peopleQueries = {
  user: (id: string): QueryDefinition<PublicUser> => recordQueries.one<PublicUser>('users', id),

  /** GET /api/users/{id}/badges: the badges a member was awarded. */
  badges: <T>(userId: string): QueryDefinition<Page<T>> => ({
    key: ['users', 'badges', userId],
    load: async (api) => (await api.call(OPERATION_ROUTES.userBadges, { path: { id: userId } })) as unknown as Page<T>,
  }),
};
