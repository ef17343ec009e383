import type { ResourcePolicy } from '../resources/resource-policy';
import { refreshChampionships, standingsOf } from './championship-standings';

/**
 * Championships: the table is the server's, computed from the tournaments at creation and
 * stored again whenever a championship or one of its tournaments changes, so that every read
 * (one, a list, the CLI) shows the same table.
 */
export const CHAMPIONSHIP_POLICY: ResourcePolicy = {
  serverFields: { standings: [] },
  serverOwned: ['standings'],
  create: async (ctx, data) => ctx.store.insert('championships', { ...data, standings: await standingsOf(ctx.db, data) }),
  afterWrite: (ctx, id) => {
    refreshChampionships(ctx.db, { championshipId: id }).catch((error: Error) => console.error(`Championnat ${id} : classement non recalculé (${error.message}).`));
  },
};
