import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_CITY, FollowTargetSchema, isObjectId, ListQuerySchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireUser } from '../http/session';
import { newId, toJson } from '../db/store';
import { ENTITIES } from '../db/entities';

const IdParams = z.object({ id: z.string() });
const EventParams = z.object({ eventId: z.string() });
const page = <T>(items: T[], total: number, query: { limit: number; offset: number }) => ({ meta: { total, limit: query.limit, offset: query.offset }, items });

/** The signed-in user's own data: likes, follows, badges, suggestions, notifications. */
export function registerMeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/me/likes', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const rows = await ctx.db.query(
      `SELECT e.id, e.data, e.created_at, e.updated_at, count(*) OVER () AS total FROM likes l JOIN events e ON e.id = l.event_id
       WHERE l.user_id = $1 ORDER BY e.starts_at LIMIT $2 OFFSET $3`,
      [user._id, query.limit, query.offset],
    );
    return page(rows.map((r) => toJson(ENTITIES.events, r)), Number(rows[0]?.total ?? 0), query);
  });

  app.put('/api/me/likes/:eventId', async (request) => {
    const user = await requireUser(ctx, request);
    const { eventId } = parse(EventParams, request.params);
    if (!isObjectId(eventId)) throw notFound('Événement introuvable.');
    return ctx.db.transaction(async (tx) => {
      const event = await ctx.store.getRow('events', eventId, { db: tx, forUpdate: true });
      if (!event) throw notFound('Événement introuvable.');
      const inserted = await tx.query('INSERT INTO likes (id, user_id, event_id, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id', [
        newId(), user._id, eventId, JSON.stringify({ userId: user._id, eventId }),
      ]);
      if (inserted.length) await ctx.store.bump('events', eventId, 'likeCount', 1, tx);
      return { liked: true, eventId };
    });
  });

  app.delete('/api/me/likes/:eventId', async (request) => {
    const user = await requireUser(ctx, request);
    const { eventId } = parse(EventParams, request.params);
    if (!isObjectId(eventId)) throw notFound('Événement introuvable.');
    return ctx.db.transaction(async (tx) => {
      const deleted = await tx.query('DELETE FROM likes WHERE user_id = $1 AND event_id = $2 RETURNING id', [user._id, eventId]);
      if (deleted.length) await ctx.store.bump('events', eventId, 'likeCount', -1, tx);
      return { liked: false, eventId };
    });
  });

  app.get('/api/me/follows', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const rows = await ctx.db.query('SELECT id, data, created_at, updated_at, count(*) OVER () AS total FROM follows WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3', [
      user._id, query.limit, query.offset,
    ]);
    return page(rows.map((r) => ({ _id: r.id, ...(r.data as object), createdAt: new Date(r.created_at as string).toISOString(), updatedAt: new Date(r.updated_at as string).toISOString() })), Number(rows[0]?.total ?? 0), query);
  });

  app.post('/api/me/follows', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const target = parse(FollowTargetSchema, (request.body as { target?: unknown } | null)?.target ?? request.body ?? {});
    const table = { place: 'places', organization: 'organizations', artist: 'artists', user: 'users' }[target.kind];
    const [exists] = await ctx.db.query(`SELECT id FROM ${table} WHERE id = $1`, [target.id]);
    if (!exists) throw notFound('Cible introuvable.');
    const id = newId();
    await ctx.db.query('INSERT INTO follows (id, user_id, target_kind, target_id, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
      id, user._id, target.kind, target.id, JSON.stringify({ userId: user._id, target }),
    ]);
    const [row] = await ctx.db.query('SELECT id, data, created_at, updated_at FROM follows WHERE user_id = $1 AND target_kind = $2 AND target_id = $3', [user._id, target.kind, target.id]);
    return reply.status(201).send({ _id: row!.id, ...(row!.data as object), createdAt: new Date(row!.created_at as string).toISOString(), updatedAt: new Date(row!.updated_at as string).toISOString() });
  });

  app.delete('/api/me/follows/:id', async (request, reply) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(IdParams, request.params);
    const deleted = isObjectId(id) ? await ctx.db.query('DELETE FROM follows WHERE id = $1 AND user_id = $2 RETURNING id', [id, user._id]) : [];
    if (!deleted.length) throw notFound('Abonnement introuvable.');
    return reply.status(204).send();
  });

  app.get('/api/me/badges', async (request) => {
    const user = await requireUser(ctx, request);
    const rows = await ctx.db.query(
      `SELECT b.id, b.data, b.created_at, b.updated_at, ub.data->>'awardedAt' AS awarded_at FROM user_badges ub JOIN badges b ON b.id = ub.badge_id WHERE ub.user_id = $1 ORDER BY ub.created_at`,
      [user._id],
    );
    const items = rows.map((r) => ({ ...toJson(ENTITIES.badges, r), awardedAt: r.awarded_at }));
    return { meta: { total: items.length, limit: items.length, offset: 0 }, items };
  });

  app.get('/api/me/suggestions', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const follows = await ctx.db.query<{ target_kind: string; target_id: string }>('SELECT target_kind, target_id FROM follows WHERE user_id = $1', [user._id]);
    const ids = (kind: string) => JSON.stringify(follows.filter((f) => f.target_kind === kind).map((f) => f.target_id));
    const likedCategories = await ctx.db.query<{ c: string }>(
      `SELECT DISTINCT jsonb_array_elements_text(e.data->'categoryIds') AS c FROM likes l JOIN events e ON e.id = l.event_id WHERE l.user_id = $1`,
      [user._id],
    );
    // Followed places and artists weigh most, then organisations, then categories the user liked.
    const rows = await ctx.db.query(
      `SELECT id, data, created_at, updated_at, count(*) OVER () AS total,
        (CASE WHEN $2::jsonb ? COALESCE(place_id, '') THEN 3 ELSE 0 END)
        + (CASE WHEN $3::jsonb ? COALESCE(organization_id, '') THEN 2 ELSE 0 END)
        + (CASE WHEN data->'artistIds' ?| ARRAY(SELECT jsonb_array_elements_text($4::jsonb)) THEN 3 ELSE 0 END)
        + (CASE WHEN data->'categoryIds' ?| ARRAY(SELECT jsonb_array_elements_text($5::jsonb)) THEN 1 ELSE 0 END) AS score
       FROM events WHERE status = 'published' AND starts_at >= $6 AND lower(city) = lower($1)
       ORDER BY score DESC, starts_at, id LIMIT $7 OFFSET $8`,
      [user.city ?? DEFAULT_CITY, ids('place'), ids('organization'), ids('artist'), JSON.stringify(likedCategories.map((r) => r.c)), new Date(ctx.now()).toISOString(), query.limit, query.offset],
    );
    return page(rows.map((r) => ({ ...toJson(ENTITIES.events, r), score: Number(r.score) })), Number(rows[0]?.total ?? 0), query);
  });

  app.get('/api/me/notifications', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const rows = await ctx.db.query('SELECT id, data, created_at, updated_at, count(*) OVER () AS total FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3', [
      user._id, query.limit, query.offset,
    ]);
    const [unread] = await ctx.db.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [user._id]);
    return { ...page(rows.map((r) => toJson(ENTITIES.notifications, r)), Number(rows[0]?.total ?? 0), query), unread: Number(unread?.n ?? 0) };
  });

  app.put('/api/me/notifications/:id/read', async (request) => {
    const user = await requireUser(ctx, request);
    const { id } = parse(IdParams, request.params);
    const now = new Date(ctx.now()).toISOString();
    const [row] = isObjectId(id)
      ? await ctx.db.query(
          `UPDATE notifications SET read_at = COALESCE(read_at, $3::timestamptz), data = jsonb_set(data, '{readAt}', CASE WHEN read_at IS NULL THEN to_jsonb($4::text) ELSE data->'readAt' END), updated_at = now()
           WHERE id = $1 AND user_id = $2 RETURNING id, data, created_at, updated_at`,
          [id, user._id, now, now],
        )
      : [];
    if (!row) throw notFound('Notification introuvable.');
    return toJson(ENTITIES.notifications, row);
  });

  app.put('/api/me/notifications/read', async (request) => {
    const user = await requireUser(ctx, request);
    const now = new Date(ctx.now()).toISOString();
    const rows = await ctx.db.query(
      `UPDATE notifications SET read_at = $2::timestamptz, data = jsonb_set(data, '{readAt}', to_jsonb($3::text)), updated_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id`,
      [user._id, now, now],
    );
    return { updated: rows.length };
  });
}
