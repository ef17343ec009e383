import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireRole, requireUser } from '../http/session';
import { isStaff } from '../auth/user-roles';
import { actorOf } from '../audit/audit-log';
import { serve } from '../http/serve';

/**
 * /api/me/apiKeys: staff and admins make keys for their scripts; anyone keeps the right to list
 * and revoke their own (a former staff member can still switch off what they left behind).
 * A key cannot call these routes (api-key-gate.ts): only a session manages keys.
 */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };

  serve(app, OPERATIONS.myApiKeys, async (_input, { guard: user }) => ({ items: await ctx.apiKeys.list(user._id) }), signedIn);

  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  serve(app, OPERATIONS.createApiKey, async ({ body }, { guard: user, reply }) => reply.status(201).send(await ctx.apiKeys.create(user._id, body, actorOf(user))), staff);

  serve(
    app,
    OPERATIONS.revokeApiKey,
    async ({ path }, { guard: user, reply }) => {
      // Logged when staff or an admin revoke (a former member's own key is theirs to switch off).
      await ctx.apiKeys.revoke(user._id, path.id, isStaff(user) ? actorOf(user) : undefined);
      // Sockets opened with the key lose it now, on every node (socket.ts puts each in its key's room).
      ctx.io?.in(`apikey:${path.id}`).disconnectSockets(true);
      return reply.status(204).send();
    },
    signedIn,
  );
}
