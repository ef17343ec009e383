import { isDraft, isObjectId, type ListPosition, type RaffleProof } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { Json, ListResult } from '../db/store';
import { whereClauses } from '../db/where';
import { notFound } from '../http/errors';
import { RaffleDrawService } from '../raffles/raffle-draw.service';

/** The open job offers' filters (core's JobSearchQuerySchema, parsed). */
export interface OpenJobOffersQuery {
  limit: number;
  offset: number;
  cursor?: ListPosition;
  q?: string;
  contract?: string;
  city?: string;
}

/**
 * What the public engagement pages read beyond the generic REST: the open job offers with a
 * contract filter, and the material to re-check a raffle draw in the browser.
 */
export class EngagementService {
  private readonly draws: RaffleDrawService;

  constructor(private readonly ctx: AppContext) {
    this.draws = new RaffleDrawService(ctx);
  }

  /** Open offers only (published already, not expired), newest first; the generic list has no contract filter. */
  async openJobOffers(query: OpenJobOffersQuery): Promise<ListResult<Json[]>> {
    const { where, params, add } = whereClauses();
    add(`(data->>'expiresAt' IS NULL OR (data->>'expiresAt')::timestamptz > {}::timestamptz)`, new Date(this.ctx.now()).toISOString());
    // Published already: an offer dated later is staff's until then (its address answers 404 too).
    add('published_at IS NOT NULL AND published_at <= {}', new Date(this.ctx.now()).toISOString());
    if (query.contract) add(`data->>'contract' = {}`, query.contract);
    if (query.city) add('lower(city) = lower({})', query.city);
    return this.ctx.store.list('jobOffers', { where, params, q: query.q, limit: query.limit, offset: query.offset, cursor: query.cursor ?? null });
  }

  /**
   * The proof of a raffle draw (core's RaffleProofSchema): the seed's hash from the commit, the
   * entry list's hash and ids from the close, the seed and winners from the draw. Names and
   * e-mails of the entrants stay private. A draft raffle is staff's: 404, as by its address
   * (`viewerIsStaff` is asked only then).
   */
  async raffleProof(id: string, viewerIsStaff: () => Promise<boolean>): Promise<RaffleProof> {
    const raffle = isObjectId(id) ? await this.ctx.store.get('raffles', id) : null;
    if (raffle && isDraft('raffles', raffle) && !(await viewerIsStaff())) throw notFound('Tombola introuvable.');
    return this.draws.proof(id);
  }
}
