import type { FastifyInstance } from 'fastify';
import { LIVE_CODE_UNKNOWN, NotFoundError, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve } from '../http/serve';
import { liveGameOf } from './live-codes';

/** Lookups of one address a minute (per IP, on every node alike): a bar's phones share one, and a code is six digits. */
export const LIVE_CODE_LOOKUPS_PER_MINUTE = 120;

/**
 * GET /api/live/byCode/{code} (issue 32): the live game a 6-digit code opens, as `{kind, id}` and
 * nothing else; a malformed code answers 400 and an unknown one 404, both in French. Public and
 * rate-limited: guessing codes one by one goes no faster than a bar full of phones joining.
 */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(
    app,
    OPERATIONS.liveByCode,
    async ({ path: { code } }) => {
      const game = await liveGameOf(ctx, code);
      if (!game) throw new NotFoundError(LIVE_CODE_UNKNOWN);
      return game;
    },
    { route: { config: { rateLimit: { max: LIVE_CODE_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } } } },
  );
}
