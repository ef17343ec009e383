import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import { RoleService } from '../services/roles.service';

/** An account's roles (admin, staff), set by an admin; the change is audited (auth/roles.ts). */
export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const roles = new RoleService(ctx);
  const admin = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'admin') };
  serve(app, OPERATIONS.setUserRoles, async ({ path, body }, { guard: actor }) => roles.set(path.id, body.roles, actor), admin);
}
