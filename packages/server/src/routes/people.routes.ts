import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FollowTargetSchema, isObjectId, ListQuerySchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireUser } from '../http/session';
import { FollowService } from '../services/follows.service';
import { BadgeService } from '../services/badges.service';

const IdParams = z.object({ id: z.string() });
const KindParams = z.object({ kind: z.string(), id: z.string() });

/**
 * What the people pages need beyond me.routes.ts: whether the user follows one target (for a
 * follow button), the followed targets with their names (one call per page of /users/following),
 * and the badges of a public profile.
 */
export function registerPeopleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const follows = new FollowService(ctx);
  const badges = new BadgeService(ctx);

  // The user's follow of one target, or null: a follow button needs it without paging every follow.
  app.get('/api/me/follows/:kind/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const params = parse(KindParams, request.params);
    const target = FollowTargetSchema.safeParse(params);
    if (!target.success) return { follow: null };
    return { follow: await follows.of(user._id, target.data) };
  });

  // The user's follows, newest first, each with the followed record's name (null once it is deleted).
  app.get('/api/me/following', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const { total, items } = await follows.following(user._id, query);
    return { meta: { total, limit: query.limit, offset: query.offset }, items };
  });

  // A public profile's badges: names and icons only, as on the profile page.
  app.get('/api/users/:id/badges', async (request) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id) || !(await badges.userExists(id))) throw notFound('Utilisateur introuvable.');
    const items = await badges.awardedTo(id);
    return { meta: { total: items.length, limit: items.length, offset: 0 }, items };
  });
}
