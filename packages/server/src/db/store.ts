import { randomBytes } from 'node:crypto';
import type { Db, Row } from './database';
import { ENTITIES, type Data, type EntityKind } from './entities';
import { resolveTsQuery } from '../search/full-text';
import { LIST_COUNT_CAP, type ResourceName } from '@sortie/core';

export type Json = Data & { _id: string; createdAt: string; updatedAt: string };

/** A fresh 24-hex id (random; the demo data derives its own from names). */
export const newId = (): string => randomBytes(12).toString('hex');

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/** A stored row as the API shows it: `_id`, the record, `createdAt`, `updatedAt`. */
export function toJson(kind: EntityKind, row: Row): Json {
  const data = { ...(row.data as Data) };
  for (const key of kind.hidden ?? []) delete data[key];
  return { _id: row.id as string, ...data, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

export interface ListOptions {
  where?: string[];
  params?: unknown[];
  /** Text search, as typed by a visitor (searchable kinds: French full text with typos corrected). */
  q?: string;
  /** The same, already resolved by `resolveTsQuery` (one lookup for a search over several kinds). */
  tsquery?: string;
  order?: string;
  limit: number;
  offset: number;
  /**
   * How the total is counted: `capped` (default) stops counting past COUNT_CAP rows (or past the
   * page asked for), so a list of 100,000 rows costs what its first page costs; `exact` counts
   * every row (dashboard figures); `none` skips it.
   */
  count?: 'capped' | 'exact' | 'none';
}

export interface ListResult<T> {
  total: number;
  /** True when counting stopped at the cap: there are at least `total` rows. */
  totalIsEstimate: boolean;
  items: T;
}

/** Rows counted before a list's total becomes "at least that many" (core's rule, shown by the interfaces). */
export const COUNT_CAP = LIST_COUNT_CAP;

export class Store {
  constructor(readonly db: Db) {}

  kind(resource: ResourceName): EntityKind {
    return ENTITIES[resource];
  }

  private columnValues(kind: EntityKind, data: Data): { names: string[]; values: unknown[] } {
    const names = Object.keys(kind.columns);
    const values = names.map((name) => kind.columns[name]!(data));
    if (kind.search) {
      names.push('search');
      values.push(kind.search(data));
    }
    return { names, values };
  }

  async insert(resource: ResourceName, data: Data, options: { id?: string; db?: Db; extra?: Record<string, unknown> } = {}): Promise<Json> {
    const kind = ENTITIES[resource];
    const { names, values } = this.columnValues(kind, data);
    for (const [name, value] of Object.entries(options.extra ?? {})) {
      names.push(name);
      values.push(value);
    }
    const all = ['id', 'data', ...names];
    const params = [options.id ?? newId(), JSON.stringify(data), ...values];
    const [row] = await (options.db ?? this.db).query(
      `INSERT INTO ${kind.table} (${all.join(', ')}) VALUES (${all.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id, data, created_at, updated_at`,
      params,
    );
    return toJson(kind, row!);
  }

  async replace(resource: ResourceName, id: string, data: Data, db: Db = this.db): Promise<Json | null> {
    const kind = ENTITIES[resource];
    const { names, values } = this.columnValues(kind, data);
    const sets = ['data = $2', 'updated_at = now()', ...names.map((name, i) => `${name} = $${i + 3}`)];
    const [row] = await db.query(`UPDATE ${kind.table} SET ${sets.join(', ')} WHERE id = $1 RETURNING id, data, created_at, updated_at`, [id, JSON.stringify(data), ...values]);
    return row ? toJson(kind, row) : null;
  }

  /** Reads a row, locked for update when inside a transaction that will rewrite it. */
  async getRow(resource: ResourceName, id: string, options: { db?: Db; forUpdate?: boolean } = {}): Promise<Row | null> {
    const kind = ENTITIES[resource];
    const [row] = await (options.db ?? this.db).query(`SELECT * FROM ${kind.table} WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return row ?? null;
  }

  async get(resource: ResourceName, id: string, db: Db = this.db): Promise<Json | null> {
    const row = await this.getRow(resource, id, { db });
    return row ? toJson(ENTITIES[resource], row) : null;
  }

  async getBy(resource: ResourceName, column: string, value: unknown): Promise<Json | null> {
    const kind = ENTITIES[resource];
    const [row] = await this.db.query(`SELECT id, data, created_at, updated_at FROM ${kind.table} WHERE ${column} = $1 LIMIT 1`, [value]);
    return row ? toJson(kind, row) : null;
  }

  async remove(resource: ResourceName, id: string, db: Db = this.db): Promise<boolean> {
    const rows = await db.query(`DELETE FROM ${ENTITIES[resource].table} WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  /** A page of rows with its total (capped unless asked otherwise; see ListOptions.count). */
  async list(resource: ResourceName, options: ListOptions): Promise<ListResult<Json[]>> {
    const kind = ENTITIES[resource];
    const query = await this.listQuery(kind, options);
    if (!query) return { total: 0, totalIsEstimate: false, items: [] };
    const rows = await this.db.query<Row & { total: number | string | null }>(
      `WITH page AS (${query.page('id, data, created_at, updated_at')}) SELECT page.*, ${query.total} AS total FROM page ORDER BY ord`,
      query.params,
    );
    const counted = rows.length || options.count === 'none' ? (rows[0]?.total ?? null) : await this.countAlone(query);
    return { ...query.totalOf(counted), items: rows.map((row) => toJson(kind, row)) };
  }

  /**
   * The same page as `list`, already serialised by the database as one JSON array: one row
   * crosses the driver instead of a row per record (the hot path of public lists).
   */
  async listJson(resource: ResourceName, options: ListOptions): Promise<ListResult<string>> {
    const kind = ENTITIES[resource];
    const query = await this.listQuery(kind, options);
    if (!query) return { total: 0, totalIsEstimate: false, items: '[]' };
    const data = (kind.hidden ?? []).reduce((expr, key) => `(${expr} - '${key}')`, 'data');
    const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const item = `jsonb_build_object('_id', id) || ${data} || jsonb_build_object('createdAt', ${stamp('created_at')}, 'updatedAt', ${stamp('updated_at')}) AS item`;
    const [row] = await this.db.query<{ items: string | null; total: number | string | null }>(
      `WITH page AS (${query.page(item)}) SELECT (SELECT json_agg(item ORDER BY ord)::text FROM page) AS items, ${query.total} AS total`,
      query.params,
    );
    return { ...query.totalOf(row?.total ?? null), items: row?.items ?? '[]' };
  }

  /**
   * The SQL of a page and of its total. The total costs nothing when the page is not full
   * (offset + rows); otherwise rows are counted up to the cap. Null when the text search has
   * nothing to look for (only stop words): no row can match.
   */
  private async listQuery(kind: EntityKind, options: ListOptions) {
    const where = [...(options.where ?? [])];
    const params = [...(options.params ?? [])];
    let order = options.order ?? kind.order;
    if (options.tsquery !== undefined || options.q) {
      if (kind.search) {
        const tsquery = options.tsquery ?? (await resolveTsQuery(this.db, options.q!));
        if (!tsquery) return null;
        params.push(tsquery);
        where.push(`search_tsv @@ $${params.length}::tsquery`);
        if (!options.order && kind.rankBySearch) order = `ts_rank(search_tsv, $${params.length}::tsquery) DESC, ${kind.order}`;
      } else {
        params.push(`%${(options.q ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`data::text ILIKE $${params.length}`);
      }
    }
    const filter = `FROM ${kind.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const mode = options.count ?? 'capped';
    const cap = Math.max(COUNT_CAP, options.offset + options.limit + 1);
    params.push(options.limit, options.offset);
    const [limit, offset] = [`$${params.length - 1}`, `$${params.length}`];
    const counted = mode === 'exact' ? `(SELECT count(*) ${filter})` : `(SELECT count(*) FROM (SELECT 1 ${filter} LIMIT ${cap}) capped)`;
    return {
      params,
      page: (columns: string) => `SELECT ${columns}, row_number() OVER (ORDER BY ${order}) AS ord ${filter} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      // A page that is not full tells the total; only a full one needs counting.
      total:
        mode === 'none'
          ? 'NULL::bigint'
          : `(CASE WHEN (SELECT count(*) FROM page) < ${limit} AND ((SELECT count(*) FROM page) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT count(*) FROM page) ELSE ${counted} END)`,
      countSql: `SELECT ${counted} AS total`,
      totalOf: (value: number | string | null) => {
        const total = value === null ? 0 : Number(value);
        return { total, totalIsEstimate: mode === 'capped' && total >= cap };
      },
    };
  }

  /** Only the total of a list (capped unless `count: 'exact'`). */
  async count(resource: ResourceName, options: Omit<ListOptions, 'limit' | 'offset' | 'order'>): Promise<{ total: number; totalIsEstimate: boolean }> {
    const query = await this.listQuery(ENTITIES[resource], { ...options, limit: 0, offset: 0 });
    return query ? query.totalOf(await this.countAlone(query)) : { total: 0, totalIsEstimate: false };
  }

  /** The total of a page past the end (no row carries it). */
  private async countAlone(query: { countSql: string; params: unknown[] }): Promise<number | string | null> {
    const [row] = await this.db.query<{ total: number | string }>(query.countSql, query.params.slice(0, -2));
    return row?.total ?? 0;
  }

  /** Adds n to a counter kept in the record (likeCount, entryCount, viewCount…). */
  async bump(resource: ResourceName, id: string, field: string, n: number, db: Db = this.db): Promise<void> {
    await db.query(
      `UPDATE ${ENTITIES[resource].table} SET data = jsonb_set(data, $2, to_jsonb(GREATEST(COALESCE((data->>$3)::int, 0) + $4, 0))) WHERE id = $1`,
      [id, `{${field}}`, field, n],
    );
  }
}
