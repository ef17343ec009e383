import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FollowTargetSchema, isObjectId, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { requireUser } from '../http/session';
import { serve } from '../http/serve';
import { FollowService } from '../services/follows.service';
import { BadgeService } from '../services/badges.service';

/**
 * What the people pages need beyond me.routes.ts: whether the user follows one target (for a
 * follow button), the followed targets with their names (one call per page of /users/following),
 * and the badges of a public profile.
 */
export function registerPeopleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const follows = new FollowService(ctx);
  const badges = new BadgeService(ctx);
  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };

  // The user's follow of one target, or null: a follow button needs it without paging every follow.
  serve(app, OPERATIONS.followState, async ({ path }, { guard: user }) => {
    const target = FollowTargetSchema.safeParse(path);
    if (!target.success) return { follow: null };
    return { follow: await follows.of(user._id, target.data) };
  }, signedIn);

  // The user's follows, newest first, each with the followed record's name (null once it is deleted).
  serve(app, OPERATIONS.following, async ({ query }, { guard: user }) => {
    const { total, items } = await follows.following(user._id, query);
    return { meta: { total, limit: query.limit, offset: query.offset }, items };
  }, signedIn);

  // A public profile's badges: names and icons only, as on the profile page.
  serve(app, OPERATIONS.userBadges, async ({ path: { id } }) => {
    if (!isObjectId(id) || !(await badges.userExists(id))) throw notFound('Utilisateur introuvable.');
    const items = await badges.awardedTo(id);
    return { meta: { total: items.length, limit: items.length, offset: 0 }, items };
  });
}
