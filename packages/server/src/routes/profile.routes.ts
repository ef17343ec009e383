import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { requireUser } from '../http/session';
import { serve } from '../http/serve';
import { ProfileService } from '../services/profile.service';

/** PATCH /api/me/profile: the visitor's name, city and (back to initials) picture. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const profiles = new ProfileService(ctx);
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };
  serve(app, OPERATIONS.updateMyProfile, async ({ body }, { guard: user }) => profiles.update(user, body), signedIn);
}
