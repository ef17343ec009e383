import type { FastifyInstance } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import { pageMeta } from '../http/micro-cache';
import type { AppContext } from '../http/context';
import { serve } from '../http/serve';
import { currentUser } from '../http/session';
import { isStaff } from '../auth/user-roles';
import { EngagementService } from '../services/engagement.service';

/**
 * What the public engagement pages need beyond the generic REST: the open job offers with a
 * contract filter, and the material to re-check a raffle draw in the browser.
 */
export function registerEngagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const engagement = new EngagementService(ctx);
  // Open offers only (not expired), newest first; the generic list has no contract filter.
  serve(app, OPERATIONS.openJobOffers, async ({ query }) => {
    const page = await engagement.openJobOffers(query);
    return { meta: pageMeta(page, query), items: page.items };
  });

  // The proof of a raffle draw; a draft raffle's answers 404 but to staff, as by its address.
  serve(app, OPERATIONS.raffleProof, async ({ path: { id } }, { request }) => engagement.raffleProof(id, async () => isStaff(await currentUser(ctx, request))));
}
