import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTRACTS, ListQuerySchema } from '@sortie/core';
import { pageMeta } from '../http/micro-cache';
import type { AppContext } from '../http/context';
import { whereClauses } from '../db/where';
import { parse } from '../http/errors';
import { RaffleDrawService } from '../raffles/raffle-draw.service';

const IdParams = z.object({ id: z.string() });
const JobSearchQuery = ListQuerySchema.extend({
  contract: z.enum(CONTRACTS, { error: 'Type de contrat inconnu.' }).optional(),
  city: z.string().trim().min(1).max(100).optional(),
});

/**
 * What the public engagement pages need beyond the generic REST: the open job offers with a
 * contract filter, and the material to re-check a raffle draw in the browser.
 */
export function registerEngagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const raffles = new RaffleDrawService(ctx);
  // Open offers only (not expired), newest first; the generic list has no contract filter.
  app.get('/api/jobOffers/open', async (request) => {
    const query = parse(JobSearchQuery, request.query);
    const { where, params, add } = whereClauses();
    add(`(data->>'expiresAt' IS NULL OR (data->>'expiresAt')::timestamptz > {}::timestamptz)`, new Date(ctx.now()).toISOString());
    if (query.contract) add(`data->>'contract' = {}`, query.contract);
    if (query.city) add('lower(city) = lower({})', query.city);
    const page = await ctx.store.list('jobOffers', { where, params, q: query.q, limit: query.limit, offset: query.offset });
    return { meta: pageMeta(page, query), items: page.items };
  });

  /*
   * The proof of a raffle draw (core's RaffleProofSchema): the seed's hash from the commit, the
   * entry list's hash and ids from the close, the seed and winners from the draw. Names and
   * e-mails of the entrants stay private.
   */
  app.get('/api/raffles/:id/proof', async (request) => raffles.proof(parse(IdParams, request.params).id));
}
