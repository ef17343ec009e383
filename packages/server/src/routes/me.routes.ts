import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FollowTargetSchema, isObjectId, ListQuerySchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireUser } from '../http/session';
import { LikeService } from '../services/likes.service';
import { FollowService } from '../services/follows.service';
import { BadgeService } from '../services/badges.service';
import { SuggestionService } from '../services/suggestions.service';
import { NotificationService } from '../services/notifications.service';

const IdParams = z.object({ id: z.string() });
const EventParams = z.object({ eventId: z.string() });
const FollowBody = z.object({ target: z.unknown().optional() });
const page = <T>(items: T[], total: number, query: { limit: number; offset: number }) => ({ meta: { total, limit: query.limit, offset: query.offset }, items });

/** The signed-in user's own data: likes, follows, badges, suggestions, notifications. */
export function registerMeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const likes = new LikeService(ctx);
  const follows = new FollowService(ctx);
  const badges = new BadgeService(ctx);
  const suggestions = new SuggestionService(ctx);
  const notifications = new NotificationService(ctx);

  app.get('/api/me/likes', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const { total, items } = await likes.likedEvents(user._id, query);
    return page(items, total, query);
  });

  app.put('/api/me/likes/:eventId', async (request) => {
    const user = await requireUser(ctx, request);
    const { eventId } = parse(EventParams, request.params);
    if (!isObjectId(eventId)) throw notFound('Événement introuvable.');
    return likes.like(user._id, eventId);
  });

  app.delete('/api/me/likes/:eventId', async (request) => {
    const user = await requireUser(ctx, request);
    const { eventId } = parse(EventParams, request.params);
    if (!isObjectId(eventId)) throw notFound('Événement introuvable.');
    return likes.unlike(user._id, eventId);
  });

  app.get('/api/me/follows', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const { total, follows: rows } = await follows.page(user._id, query);
    return page(rows.map((f) => f.json), total, query);
  });

  app.post('/api/me/follows', async (request, reply) => {
    const user = await requireUser(ctx, request);
    // The target, sent as { target } or as the target itself.
    const wrapped = FollowBody.safeParse(request.body);
    const target = parse(FollowTargetSchema, (wrapped.success ? wrapped.data.target : undefined) ?? request.body ?? {});
    return reply.status(201).send(await follows.follow(user._id, target));
  });

  app.delete('/api/me/follows/:id', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id) || !(await follows.unfollow(user._id, id))) throw notFound('Abonnement introuvable.');
    return reply.status(204).send();
  });

  app.get('/api/me/badges', async (request) => {
    const user = await requireUser(ctx, request);
    const items = await badges.awardedTo(user._id);
    return { meta: { total: items.length, limit: items.length, offset: 0 }, items };
  });

  app.get('/api/me/suggestions', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const { total, items } = await suggestions.forUser(user, query);
    return page(items, total, query);
  });

  app.get('/api/me/notifications', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const { total, items, unread } = await notifications.page(user._id, query);
    return { ...page(items, total, query), unread };
  });

  app.put('/api/me/notifications/:id/read', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(IdParams, request.params);
    const read = isObjectId(id) ? await notifications.markRead(user._id, id) : null;
    if (!read) throw notFound('Notification introuvable.');
    return read;
  });

  app.put('/api/me/notifications/read', async (request) => {
    const user = await requireUser(ctx, request);
    return { updated: await notifications.markAllRead(user._id) };
  });
}
