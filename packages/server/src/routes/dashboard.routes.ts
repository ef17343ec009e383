import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireRole } from '../http/session';
import { serve } from '../http/serve';
import { DashboardService } from '../dashboard/dashboard.service';

/**
 * What the back office needs beyond the REST of the resources: the server's state, the
 * figures of the dashboard's home, running a scheduled task now and purging caches.
 * Everything here is for staff, except the mail log (admins).
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const dashboard = new DashboardService(ctx);
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const admin = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'admin') };

  serve(app, OPERATIONS.dashboardServer, () => dashboard.serverState(), staff);
  serve(app, OPERATIONS.dashboardStats, () => dashboard.stats(), staff);
  // Who asked for the run is in the audit log; the run itself, its outcome and counts, in the task's history.
  serve(app, OPERATIONS.runTask, ({ path: { id } }, { guard: user }) => dashboard.runTask(id, user), staff);
  serve(app, OPERATIONS.taskRuns, ({ path: { id } }) => dashboard.taskRuns(id), staff);
  // The mail log: every address the server mailed and what it said (personal links masked), for admins only.
  serve(app, OPERATIONS.mailbox, ({ query }) => dashboard.mailbox(query), admin);
  serve(app, OPERATIONS.purgeCaches, (_input, { guard: user }) => dashboard.purgeCaches(user), staff);
}
