import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EventQuerySchema, isObjectId, ListQuerySchema, ObjectIdSchema, RESOURCES, type ResourceName } from '@sortie/core';
import type { AppContext } from '../http/context';
import { whereClauses } from '../db/where';
import { forbidden, notFound, parse } from '../http/errors';
import { currentUser, isAdmin, isStaff, requireRole, requireUser } from '../http/session';
import type { Json } from '../db/store';
import { newId } from '../db/store';
import type { Data } from '../db/entities';
import { randomShortCode } from '../links/codes';
import { pageJson, pageMeta } from '../http/micro-cache';

const IdParams = z.object({ id: z.string() });
const FilterValue = z.string().trim().min(1).max(100);

/** Query of a generic list: pagination and q, plus the resource's own filters. */
function listQuerySchema(ctx: AppContext, resource: ResourceName) {
  const filters = ctx.store.kind(resource).filters;
  const shape: Record<string, z.ZodType> = { city: FilterValue.optional() };
  for (const key of Object.keys(filters)) shape[key] = (key.endsWith('Id') ? ObjectIdSchema : FilterValue).optional();
  return ListQuerySchema.extend(shape);
}

/** Fields the server keeps for itself when a record is created. */
const SERVER_FIELDS: Partial<Record<ResourceName, Data>> = {
  events: { likeCount: 0 },
  forms: { entryCount: 0 },
  raffles: { entryCount: 0, draw: null },
  dynaLinks: { visitCount: 0 },
  shares: { viewCount: 0 },
  notifications: { readAt: null },
  championships: { standings: [] },
};

async function canRead(ctx: AppContext, request: FastifyRequest, resource: ResourceName): Promise<void> {
  if (RESOURCES[resource].read === 'staff') await requireRole(ctx, request, 'staff');
}

async function canWrite(ctx: AppContext, request: FastifyRequest, resource: ResourceName, existing?: Json) {
  const rule = RESOURCES[resource].write;
  if (rule === 'owner') {
    const user = await requireUser(ctx, request);
    if (existing && existing.userId !== user._id && !isStaff(user)) throw forbidden();
    return user;
  }
  return requireRole(ctx, request, rule);
}

/** Lists of events: upcoming and published by default, sorted by start (so limit=1 is the next one). */
async function listEvents(ctx: AppContext, request: FastifyRequest) {
  const query = parse(EventQuerySchema, request.query);
  const user = await currentUser(ctx, request);
  const { where, params, add } = whereClauses();
  if (query.upcoming !== false) add('starts_at >= {}', new Date(ctx.now()).toISOString());
  // Staff may ask for any status; with upcoming=false and no status they see everything.
  const staff = isStaff(user);
  if (staff && query.status) add('status = {}', query.status);
  else if (!staff || query.upcoming !== false) add('status = {}', 'published');
  if (query.placeId) add('place_id = {}', query.placeId);
  if (query.organizationId) add('organization_id = {}', query.organizationId);
  if (query.artistId) add(`data->'artistIds' @> jsonb_build_array({}::text)`, query.artistId);
  if (query.categoryId) add(`data->'categoryIds' @> jsonb_build_array({}::text)`, query.categoryId);
  if (query.city) add('lower(city) = lower({})', query.city);
  if (query.from) add('starts_at >= {}', query.from);
  if (query.to) add('starts_at <= {}', query.to);
  if (query.free !== undefined) add(`COALESCE(data->'price'->>'free', 'false') = {}`, String(query.free));
  const page = await ctx.store.listJson('events', { where, params, q: query.q, limit: query.limit, offset: query.offset, order: sortOf(query.sort, { startsAt: 'starts_at', title: 'title', createdAt: 'created_at' }) });
  return pageJson(page.items, pageMeta(page, query));
}

function sortOf(sort: string | undefined, columns: Record<string, string>): string | undefined {
  if (!sort) return undefined;
  const column = columns[sort.replace(/^-/, '')];
  return column ? `${column} ${sort.startsWith('-') ? 'DESC' : 'ASC'}, id` : undefined;
}

async function findOne(ctx: AppContext, resource: ResourceName, key: string): Promise<Json | null> {
  if (isObjectId(key)) return ctx.store.get(resource, key);
  const alt = ctx.store.kind(resource).altKey;
  if (alt?.accepts(key)) return ctx.store.getBy(resource, alt.column, key);
  return null;
}

/** What the server adds or checks before a record is stored. */
async function prepare(ctx: AppContext, resource: ResourceName, data: Data, userId: string): Promise<Data> {
  if (resource === 'dynaLinks') {
    if (!data.shortCode) data.shortCode = randomShortCode();
    data.createdBy ??= userId;
  }
  if (resource === 'shares') data.userId ??= userId;
  if (resource === 'users') data.messagingTokens ??= [];
  return data;
}

export function registerResourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const resource of Object.keys(RESOURCES) as ResourceName[]) {
    const def = RESOURCES[resource];
    const base = `/api/${def.apiPath}`;
    const querySchema = listQuerySchema(ctx, resource);
    const filters = ctx.store.kind(resource).filters;

    if (resource === 'events') app.get(base, (request, reply) => ctx.cache.serve(request, reply, () => listEvents(ctx, request)));
    else if (resource !== 'docPages') {
      app.get(base, (request, reply) => (RESOURCES[resource].read === 'public' ? ctx.cache.serve(request, reply, () => listGeneric(request)) : listGeneric(request).then((body) => reply.type('application/json; charset=utf-8').send(body))));
    }

    const listGeneric = async (request: FastifyRequest) => {
      await canRead(ctx, request, resource);
      const query = parse(querySchema, request.query) as Record<string, unknown> & { limit: number; offset: number; q?: string };
      const where: string[] = [];
      const params: unknown[] = [];
      for (const [key, column] of Object.entries(filters)) {
        if (query[key] !== undefined) {
          params.push(query[key]);
          where.push(`${column} = $${params.length}`);
        }
      }
      if (typeof query.city === 'string' && 'city' in ctx.store.kind(resource).columns) {
        params.push(query.city);
        where.push(`lower(city) = lower($${params.length})`);
      }
      if (resource === 'blogPosts' && !isStaff(await currentUser(ctx, request))) {
        params.push(new Date(ctx.now()).toISOString());
        where.push(`published_at IS NOT NULL AND published_at <= $${params.length}`);
      }
      const page = await ctx.store.listJson(resource, { where, params, q: query.q, limit: query.limit, offset: query.offset });
      return pageJson(page.items, pageMeta(page, query));
    };
    if (resource === 'docPages') app.decorate('listDocPages', listGeneric);

    // Some records are readable one by one although their list is for staff.
    app.get(`${base}/:id`, async (request) => {
      const { id } = parse(IdParams, request.params);
      const record = await findOne(ctx, resource, id);
      if (resource === 'dynaLinks') {
        if (!record) throw notFound('Lien introuvable.');
        return { _id: record._id, url: record.url, shortCode: record.shortCode, createdAt: record.createdAt, updatedAt: record.updatedAt };
      }
      if (resource === 'users') {
        if (!record) throw notFound('Utilisateur introuvable.');
        const user = await currentUser(ctx, request);
        if (isStaff(user) || user?._id === record._id) return record;
        const { email: _email, ...publicProfile } = record;
        return publicProfile;
      }
      if (resource === 'notifications') {
        const user = await requireUser(ctx, request);
        if (!record || (record.userId !== user._id && !isStaff(user))) throw notFound('Notification introuvable.');
        return record;
      }
      await canRead(ctx, request, resource);
      if (!record) throw notFound(`${capitalize(def.label.one)} introuvable.`);
      return record;
    });

    app.post(base, async (request, reply) => {
      const user = await canWrite(ctx, request, resource);
      const input = parse(def.input, request.body ?? {}) as Data;
      if (resource === 'users' && !isAdmin(user)) throw forbidden();
      const data = await prepare(ctx, resource, { ...input, ...SERVER_FIELDS[resource] }, user._id);
      const created =
        resource === 'notifications'
          ? await ctx.notify(data as { userId: string; title: string })
          : await ctx.db.transaction((tx) => ctx.store.insert(resource, data, { db: tx, id: newId() }));
      if (resource === 'dynaLinks') ctx.links.invalidate();
      return reply.status(201).send(created);
    });

    app.patch(`${base}/:id`, async (request) => {
      // Refused before anything is looked up, so a visitor learns nothing (and the session is read outside the transaction: PGlite runs one statement stream at a time).
      await canWrite(ctx, request, resource);
      const { id } = parse(IdParams, request.params);
      if (!isObjectId(id)) throw notFound();
      const patch = parse(def.patch, request.body ?? {}) as Data;
      const updated = await ctx.db.transaction(async (tx) => {
        const row = await ctx.store.getRow(resource, id, { db: tx, forUpdate: true });
        if (!row) throw notFound(`${capitalize(def.label.one)} introuvable.`);
        const existing = row.data as Data;
        await canWrite(ctx, request, resource, { ...existing, _id: id } as Json);
        // The merged record must still satisfy the creation schema (dates in order, legal basis…).
        const valid = parse(def.input, { ...existing, ...patch }) as Data;
        return ctx.store.replace(resource, id, { ...existing, ...valid }, tx);
      });
      if (resource === 'dynaLinks') ctx.links.invalidate();
      return updated;
    });

    app.delete(`${base}/:id`, async (request, reply) => {
      await canWrite(ctx, request, resource);
      const { id } = parse(IdParams, request.params);
      if (!isObjectId(id)) throw notFound();
      const existing = await ctx.store.get(resource, id);
      if (!existing) throw notFound(`${capitalize(def.label.one)} introuvable.`);
      await canWrite(ctx, request, resource, existing);
      await ctx.store.remove(resource, id);
      if (resource === 'dynaLinks') ctx.links.invalidate();
      return reply.status(204).send();
    });
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

declare module 'fastify' {
  interface FastifyInstance {
    listDocPages: (request: FastifyRequest) => Promise<string>;
  }
}
