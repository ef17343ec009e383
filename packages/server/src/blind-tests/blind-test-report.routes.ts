import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gameReport, isObjectId, OPERATIONS, reportCsv } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { stateOf, storedAnswers } from './blind-test-games';

/**
 * A blind test's report for staff (issue 32): one row per player and question of its game (the
 * last one opened), from the game's row and the answers' table, as a CSV with French headers.
 */
export function registerBlindTestReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(
    app,
    OPERATIONS.blindTestReport,
    async ({ path: { id } }, { reply }) => {
      if (!isObjectId(id)) throw notFound('Blind test introuvable.');
      const [row] = await ctx.db.query<{ data: unknown }>('SELECT data FROM blind_tests WHERE id = $1', [id]);
      if (!row) throw notFound('Blind test introuvable.');
      const game = stateOf(id, row.data).game;
      if (!game) throw notFound('Ce blind test n’a pas encore de partie : ouvrez-la depuis le tableau de bord.');
      const csv = reportCsv(gameReport(game, await storedAnswers(ctx.db, id, game)));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="blind-test-${id}-${game.code}.csv"`).send(csv);
    },
    { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') },
  );
}
