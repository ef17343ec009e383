import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FollowTargetSchema, isObjectId, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireUser } from '../http/session';
import { serve, serveUnparsed } from '../http/serve';
import { LikeService } from '../services/likes.service';
import { FollowService } from '../services/follows.service';
import { BadgeService } from '../services/badges.service';
import { SuggestionService } from '../services/suggestions.service';
import { NotificationService } from '../services/notifications.service';

const page = <T>(items: T[], total: number, query: { limit: number; offset: number }) => ({ meta: { total, limit: query.limit, offset: query.offset }, items });

/** The signed-in user's own data: likes, follows, badges, suggestions, notifications. */
export function registerMeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const likes = new LikeService(ctx);
  const follows = new FollowService(ctx);
  const badges = new BadgeService(ctx);
  const suggestions = new SuggestionService(ctx);
  const notifications = new NotificationService(ctx);

  const signedIn = { guard: (request: FastifyRequest) => requireUser(ctx, request) };

  serve(app, OPERATIONS.myLikes, async ({ query }, { guard: user }) => {
    const { total, items } = await likes.likedEvents(user._id, query);
    return page(items, total, query);
  }, signedIn);

  serve(app, OPERATIONS.like, async ({ path: { eventId } }, { guard: user }) => {
    if (!isObjectId(eventId)) throw notFound('Événement introuvable.');
    return likes.like(user._id, eventId);
  }, signedIn);

  serve(app, OPERATIONS.unlike, async ({ path: { eventId } }, { guard: user }) => {
    if (!isObjectId(eventId)) throw notFound('Événement introuvable.');
    return likes.unlike(user._id, eventId);
  }, signedIn);

  serve(app, OPERATIONS.myFollows, async ({ query }, { guard: user }) => {
    const { total, follows: rows } = await follows.page(user._id, query);
    return page(rows.map((f) => f.json), total, query);
  }, signedIn);

  // The body is parsed here, not by serve: the target comes as { target } or as the target itself, and the error names the target's fields.
  serveUnparsed(app, OPERATIONS.follow, async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body: unknown = request.body;
    const wrapped = typeof body === 'object' && body !== null && 'target' in body ? body.target : undefined;
    const target = parse(FollowTargetSchema, wrapped ?? body ?? {});
    return reply.status(201).send(await follows.follow(user._id, target));
  });

  serve(app, OPERATIONS.unfollow, async ({ path: { id } }, { guard: user, reply }) => {
    if (!isObjectId(id) || !(await follows.unfollow(user._id, id))) throw notFound('Abonnement introuvable.');
    return reply.status(204).send();
  }, signedIn);

  serve(app, OPERATIONS.myBadges, async (_input, { guard: user }) => {
    const items = await badges.awardedTo(user._id);
    return { meta: { total: items.length, limit: items.length, offset: 0 }, items };
  }, signedIn);

  serve(app, OPERATIONS.mySuggestions, async ({ query }, { guard: user }) => {
    const { total, items } = await suggestions.forUser(user, query);
    return page(items, total, query);
  }, signedIn);

  serve(app, OPERATIONS.myNotifications, async ({ query }, { guard: user }) => {
    const { total, items, unread } = await notifications.page(user._id, query);
    return { ...page(items, total, query), unread };
  }, signedIn);

  serve(app, OPERATIONS.markNotificationRead, async ({ path: { id } }, { guard: user }) => {
    const read = isObjectId(id) ? await notifications.markRead(user._id, id) : null;
    if (!read) throw notFound('Notification introuvable.');
    return read;
  }, signedIn);

  serve(app, OPERATIONS.markAllNotificationsRead, async (_input, { guard: user }) => ({ updated: await notifications.markAllRead(user._id) }), signedIn);
}
