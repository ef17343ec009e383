import type { EventQuerySchema } from '@sortie/core';
import type { z } from 'zod';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { isStaff } from '../auth/user-roles';
import { whereClauses } from '../db/where';
import { pageJsonParts, pageMeta } from '../http/micro-cache';
import type { TextParts } from '../text-parts';

export type EventQuery = z.output<typeof EventQuerySchema>;

/**
 * The agenda's list of events: upcoming and published by default, sorted by start (so limit=1
 * is the next one). Staff may ask for any status; with upcoming=false and no status they see
 * everything. Answers the page as JSON text in parts (the public list's hot path: no parse, no
 * stringify, no joined copy).
 */
export async function listEvents(ctx: AppContext, query: EventQuery, viewer: UserJson | null): Promise<TextParts> {
  const clauses = whereClauses();
  const staff = isStaff(viewer);
  const status = staff && query.status ? query.status : !staff || query.upcoming !== false ? 'published' : null;
  const bounds: DateBound[] = [];
  if (query.upcoming !== false) bounds.push(['>=', new Date(ctx.now()).toISOString()]);
  if (query.from) bounds.push(['>=', query.from]);
  if (query.to) bounds.push(['<=', query.to]);
  const feed = status === 'published' && isAgendaFeed(query) ? agendaFeed(clauses.param, query, bounds) : undefined;
  if (!feed) recordFilters(clauses, query, status, bounds);
  const { where, params } = clauses;
  const page = await ctx.store.listJsonParts('events', { where, params, ...feed, onePlan: Boolean(feed), q: query.q, limit: query.limit, offset: query.offset, cursor: query.cursor ?? null, order: sortOf(query.sort, { startsAt: 'starts_at', title: 'title', createdAt: 'created_at' }) });
  return pageJsonParts(page.items, pageMeta(page, query));
}

type DateBound = ['>=' | '<=', string];

/** The list's filters on the events' own columns and records. */
function recordFilters({ add, param, where }: ReturnType<typeof whereClauses>, query: EventQuery, status: string | null, bounds: DateBound[]): void {
  for (const [operator, value] of bounds) add(`starts_at ${operator} {}`, value);
  if (status) add('status = {}', status);
  if (query.placeId) add('place_id = {}', query.placeId);
  if (query.organizationId) add('organization_id = {}', query.organizationId);
  if (query.artistId) add(`data->'artistIds' @> jsonb_build_array({}::text)`, query.artistId);
  if (query.categoryId) where.push(`data->'categoryIds' @> jsonb_build_array(${param(query.categoryId)}::text)`);
  if (query.city) add('lower(city) = lower({})', query.city);
  if (query.free !== undefined) add(`COALESCE(data->'price'->>'free', 'false') = {}`, String(query.free));
}

/** A category's or a city's agenda by date: what events_by_category or events_by_city answers alone. */
function isAgendaFeed(query: EventQuery): boolean {
  return Boolean(query.categoryId || query.city) && !query.q && (!query.sort || query.sort === 'startsAt') && !query.placeId && !query.organizationId && !query.artistId && query.free === undefined;
}

/**
 * A category's or a city's published events by date, read from the table that lists them so
 * (migrations 0030 and 0031): its index gives them in the list's order, filtered by city and
 * dates, and each is then joined to its record. Rather than walking every event of the city and
 * reading each one's categories until a hundred are found (issue 34: 4–7 ms of the embedded
 * database for a city's concerts), or planning a read of events, whose every index the planner
 * weighs, at each request (0.4–0.5 ms of its 1.0–1.2 for a city's month).
 * The date and id come from the table, so that the planner sees its index's order as the list's.
 * The count reads the table alone: a join it would drop (left, to a unique key) is still planned,
 * with every index of events (0.15 ms of the embedded database's 1.2 for the statement). Its best
 * plan is the same for every category, city and dates, hence a prepared first page (onePlan).
 * Each value is read by a subquery, which the planner does not see into: a plan made for tonight
 * (2 rows) then costs what the plan made for any value (48) costs, and the database keeps the
 * latter after its first five reads. Seen, the values made each read's own plan look cheaper, and
 * every read was planned again: 0.7–10 ms of the embedded database's time, for a 0.4 ms read.
 */
function agendaFeed(param: (value: unknown) => string, query: EventQuery, bounds: DateBound[]): { from: string; countFrom: string } {
  const unseen = (value: unknown, type: string) => `(SELECT ${param(value)}::${type})`;
  const byCategory = Boolean(query.categoryId);
  const clauses = byCategory ? [`c.category_id = ${unseen(query.categoryId, 'text')}`] : [];
  if (query.city) clauses.push(`c.city_key = lower(${unseen(query.city, 'text')})`);
  for (const [operator, value] of bounds) clauses.push(`c.starts_at ${operator} ${unseen(value, 'timestamptz')}`);
  const where = clauses.join(' AND ');
  const table = byCategory ? 'events_by_category' : 'events_by_city';
  return {
    from: `(SELECT c.starts_at, c.id, e.data, e.created_at, e.updated_at FROM ${table} c LEFT JOIN events e ON e.id = c.id WHERE ${where})`,
    countFrom: `(SELECT c.starts_at, c.id FROM ${table} c WHERE ${where})`,
  };
}

function sortOf(sort: string | undefined, columns: Record<string, string>): string | undefined {
  if (!sort) return undefined;
  const column = columns[sort.replace(/^-/, '')];
  return column ? `${column} ${sort.startsWith('-') ? 'DESC' : 'ASC'}, id` : undefined;
}
