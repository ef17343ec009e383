import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTRACTS, isObjectId, ListQuerySchema } from '@sortie/core';
import { pageMeta } from '../http/micro-cache';
import type { AppContext } from '../http/context';
import { whereClauses } from '../db/where';
import { notFound, parse } from '../http/errors';

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
   * The proof of a drawn raffle: the published hash, the revealed seed and every entry id, so
   * that anyone can redo raffles/draw.ts (entries ordered by HMAC-SHA256(seed, entryId), prizes
   * handed out in that order). Names and e-mails of the entrants stay private.
   */
  app.get('/api/raffles/:id/proof', async (request) => {
    const { id } = parse(IdParams, request.params);
    const raffle = isObjectId(id) ? await ctx.store.get('raffles', id) : null;
    if (!raffle) throw notFound('Tombola introuvable.');
    const draw = raffle.draw as { seedHash: string; seed: string | null; drawnAt: string | null; winners: unknown[] } | null;
    const drawn = Boolean(draw?.seed);
    const rows = drawn ? await ctx.db.query('SELECT id FROM raffle_entries WHERE raffle_id = $1 ORDER BY id', [id]) : [];
    return {
      algorithm: 'hmac-sha256-order',
      seedHash: draw?.seedHash ?? null,
      seed: drawn ? draw!.seed : null,
      drawnAt: draw?.drawnAt ?? null,
      prizes: raffle.prizes ?? [],
      entryIds: rows.map((row) => row.id as string),
      winners: drawn ? draw!.winners : [],
    };
  });
}
