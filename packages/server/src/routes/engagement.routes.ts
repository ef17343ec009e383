import type { FastifyInstance } from 'fastify';
import { isDraft, isObjectId, OPERATIONS } from '@sortie/core';
import { pageMeta } from '../http/micro-cache';
import type { AppContext } from '../http/context';
import { whereClauses } from '../db/where';
import { serve } from '../http/serve';
import { notFound } from '../http/errors';
import { currentUser } from '../http/session';
import { isStaff } from '../auth/user-roles';
import { RaffleDrawService } from '../raffles/raffle-draw.service';

/**
 * What the public engagement pages need beyond the generic REST: the open job offers with a
 * contract filter, and the material to re-check a raffle draw in the browser.
 */
export function registerEngagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const raffles = new RaffleDrawService(ctx);
  // Open offers only (not expired), newest first; the generic list has no contract filter.
  serve(app, OPERATIONS.openJobOffers, async ({ query }) => {
    const { where, params, add } = whereClauses();
    add(`(data->>'expiresAt' IS NULL OR (data->>'expiresAt')::timestamptz > {}::timestamptz)`, new Date(ctx.now()).toISOString());
    // Published already: an offer dated later is staff's until then (its address answers 404 too).
    add('published_at IS NOT NULL AND published_at <= {}', new Date(ctx.now()).toISOString());
    if (query.contract) add(`data->>'contract' = {}`, query.contract);
    if (query.city) add('lower(city) = lower({})', query.city);
    const page = await ctx.store.list('jobOffers', { where, params, q: query.q, limit: query.limit, offset: query.offset });
    return { meta: pageMeta(page, query), items: page.items };
  });

  /*
   * The proof of a raffle draw (core's RaffleProofSchema): the seed's hash from the commit, the
   * entry list's hash and ids from the close, the seed and winners from the draw. Names and
   * e-mails of the entrants stay private. A draft raffle is staff's: 404, as by its address.
   */
  serve(app, OPERATIONS.raffleProof, async ({ path: { id } }, { request }) => {
    const raffle = isObjectId(id) ? await ctx.store.get('raffles', id) : null;
    if (raffle && isDraft('raffles', raffle) && !isStaff(await currentUser(ctx, request))) throw notFound('Tombola introuvable.');
    return raffles.proof(id);
  });
}
