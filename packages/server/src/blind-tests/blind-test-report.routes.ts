import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isObjectId, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { blindTestReport, blindTestReportRows } from './blind-test-report';

/** A blind test's report for staff (issue 32), as a CSV download (blind-test-report.ts). */
export function registerBlindTestReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(
    app,
    OPERATIONS.blindTestReport,
    async ({ path: { id } }, { reply }) => {
      if (!isObjectId(id)) throw notFound('Blind test introuvable.');
      const { csv, fileName } = await blindTestReport(ctx, id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
    { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') },
  );
  serve(
    app,
    OPERATIONS.blindTestReportRows,
    async ({ path: { id } }) => {
      if (!isObjectId(id)) throw notFound('Blind test introuvable.');
      return blindTestReportRows(ctx, id);
    },
    { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') },
  );
}
