import type { EventQuerySchema } from '@sortie/core';
import type { z } from 'zod';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { isStaff } from '../auth/user-roles';
import { whereClauses } from '../db/where';
import { pageJson, pageMeta } from '../http/micro-cache';

export type EventQuery = z.output<typeof EventQuerySchema>;

/**
 * The agenda's list of events: upcoming and published by default, sorted by start (so limit=1
 * is the next one). Staff may ask for any status; with upcoming=false and no status they see
 * everything. Answers the page as JSON text (the public list's hot path: no parse, no stringify).
 */
export async function listEvents(ctx: AppContext, query: EventQuery, viewer: UserJson | null): Promise<string> {
  const { where, params, add } = whereClauses();
  if (query.upcoming !== false) add('starts_at >= {}', new Date(ctx.now()).toISOString());
  const staff = isStaff(viewer);
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
  const page = await ctx.store.listJson('events', { where, params, q: query.q, limit: query.limit, offset: query.offset, cursor: query.cursor ?? null, order: sortOf(query.sort, { startsAt: 'starts_at', title: 'title', createdAt: 'created_at' }) });
  return pageJson(page.items, pageMeta(page, query));
}

function sortOf(sort: string | undefined, columns: Record<string, string>): string | undefined {
  if (!sort) return undefined;
  const column = columns[sort.replace(/^-/, '')];
  return column ? `${column} ${sort.startsWith('-') ? 'DESC' : 'ASC'}, id` : undefined;
}
