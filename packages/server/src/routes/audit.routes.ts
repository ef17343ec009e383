import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { AuditLogService } from '../audit/audit-log.service';

/**
 * GET /api/dashboard/audit: the audit log, for admins only (staff's own changes are in it),
 * newest first; `actor` is an account's id or an e-mail (the label kept with each entry, so a
 * deleted account's changes are still found), `resource` a target type, `targetId` one target.
 */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auditLog = new AuditLogService(ctx);
  const admin = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'admin') };
  serve(app, OPERATIONS.auditLog, async ({ query }) => auditLog.page(query), admin);
}
