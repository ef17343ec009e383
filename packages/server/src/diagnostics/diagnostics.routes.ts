import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DIAGNOSTIC_CHECKS, DIAGNOSTIC_LABELS, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import { instagramFromConfig } from '../instagram/graph-adapter';
import { brightDataFromConfig } from '../brightdata/unlocker';
import { runDiagnostic, type DiagnosticPorts } from './diagnostics';

/**
 * /dashboard/test (issue 23), admins only: the list of checks, and each run on demand
 * (POST /api/dashboard/diagnostics/:check) with its outcome, French message and duration.
 */
export function registerDiagnosticRoutes(app: FastifyInstance, ctx: AppContext, ports: DiagnosticPorts = { instagram: instagramFromConfig(ctx.config), brightdata: brightDataFromConfig(ctx.config) }): void {
  const admin = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'admin') };
  serve(app, OPERATIONS.diagnostics, async () => ({ checks: DIAGNOSTIC_CHECKS.map((check) => ({ check, ...DIAGNOSTIC_LABELS[check] })) }), admin);
  serve(app, OPERATIONS.runDiagnostic, async ({ path: { check } }, { guard: user }) => runDiagnostic(ctx, user, check, ports), admin);
}
