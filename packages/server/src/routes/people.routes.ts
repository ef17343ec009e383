import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FollowTargetSchema, isObjectId, ListQuerySchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireUser } from '../http/session';
import { toJson } from '../db/store';
import { ENTITIES } from '../db/entities';

const IdParams = z.object({ id: z.string() });
const KindParams = z.object({ kind: z.string(), id: z.string() });
const TABLES = { place: 'places', organization: 'organizations', artist: 'artists', user: 'users' } as const;
type Kind = keyof typeof TABLES;

const iso = (value: unknown) => new Date(value as string).toISOString();
const followJson = (r: Record<string, unknown>) => ({ _id: r.id as string, ...(r.data as object), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) });

/**
 * What the people pages need beyond me.routes.ts: whether the user follows one target (for a
 * follow button), the followed targets with their names (one call per page of /users/following),
 * and the badges of a public profile.
 */
export function registerPeopleRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The user's follow of one target, or null: a follow button needs it without paging every follow.
  app.get('/api/me/follows/:kind/:id', async (request) => {
    const user = await requireUser(ctx, request);
    const params = parse(KindParams, request.params);
    const target = FollowTargetSchema.safeParse(params);
    if (!target.success) return { follow: null };
    const [row] = await ctx.db.query('SELECT id, data, created_at, updated_at FROM follows WHERE user_id = $1 AND target_kind = $2 AND target_id = $3', [
      user._id, target.data.kind, target.data.id,
    ]);
    return { follow: row ? followJson(row) : null };
  });

  // The user's follows, newest first, each with the followed record's name (null once it is deleted).
  app.get('/api/me/following', async (request) => {
    const user = await requireUser(ctx, request);
    const query = parse(ListQuerySchema, request.query);
    const rows = await ctx.db.query('SELECT id, data, created_at, updated_at, count(*) OVER () AS total FROM follows WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3', [
      user._id, query.limit, query.offset,
    ]);
    const follows = rows.map(followJson) as Array<ReturnType<typeof followJson> & { target: { kind: Kind; id: string } }>;
    const names = new Map<string, string>();
    for (const kind of Object.keys(TABLES) as Kind[]) {
      const ids = follows.filter((f) => f.target.kind === kind).map((f) => f.target.id);
      if (!ids.length) continue;
      const field = kind === 'user' ? 'displayName' : 'name';
      const found = await ctx.db.query<{ id: string; name: string }>(`SELECT id, data->>'${field}' AS name FROM ${TABLES[kind]} WHERE id = ANY($1::text[])`, [ids]);
      for (const r of found) names.set(`${kind}:${r.id}`, r.name);
    }
    const items = follows.map((f) => ({ ...f, name: names.get(`${f.target.kind}:${f.target.id}`) ?? null }));
    return { meta: { total: Number(rows[0]?.total ?? 0), limit: query.limit, offset: query.offset }, items };
  });

  // A public profile's badges: names and icons only, as on the profile page.
  app.get('/api/users/:id/badges', async (request) => {
    const { id } = parse(IdParams, request.params);
    const [user] = isObjectId(id) ? await ctx.db.query('SELECT id FROM users WHERE id = $1', [id]) : [];
    if (!user) throw notFound('Utilisateur introuvable.');
    const rows = await ctx.db.query(
      `SELECT b.id, b.data, b.created_at, b.updated_at, ub.data->>'awardedAt' AS awarded_at FROM user_badges ub JOIN badges b ON b.id = ub.badge_id WHERE ub.user_id = $1 ORDER BY ub.created_at`,
      [id],
    );
    const items = rows.map((r) => ({ ...toJson(ENTITIES.badges, r), awardedAt: r.awarded_at }));
    return { meta: { total: items.length, limit: items.length, offset: 0 }, items };
  });
}
