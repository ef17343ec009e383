import { randomBytes } from 'node:crypto';
import type { Db, Row } from './database';
import { ENTITIES, normalizeText, type Data, type EntityKind } from './entities';
import type { ResourceName } from '@sortie/core';

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
  q?: string;
  order?: string;
  limit: number;
  offset: number;
}

/** Generic reads and writes of the entity tables, in plain parametrised SQL. */
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

  /** A page of rows with the total, text search included (full-text + trigrams where indexed). */
  async list(resource: ResourceName, options: ListOptions): Promise<{ total: number; items: Json[] }> {
    const kind = ENTITIES[resource];
    const { sql, params } = this.listSql(kind, options, 'id, data, created_at, updated_at');
    const rows = await this.db.query(sql, params);
    const total = rows.length ? Number(rows[0]!.total) : await this.count(kind, options);
    return { total, items: rows.map((row) => toJson(kind, row)) };
  }

  /**
   * The same page as `list`, already serialised by the database as one JSON array: one row
   * crosses the driver instead of a row per record (the hot path of public lists).
   */
  async listJson(resource: ResourceName, options: ListOptions): Promise<{ total: number; items: string }> {
    const kind = ENTITIES[resource];
    const data = (kind.hidden ?? []).reduce((expr, key) => `(${expr} - '${key}')`, 'data');
    const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const order = this.listSql(kind, options, 'id').order;
    const { sql, params } = this.listSql(
      kind,
      options,
      `row_number() OVER (ORDER BY ${order}) AS ord, jsonb_build_object('_id', id) || ${data} || jsonb_build_object('createdAt', ${stamp('created_at')}, 'updatedAt', ${stamp('updated_at')}) AS item`,
    );
    const [row] = await this.db.query<{ items: string | null; total: string | null }>(`SELECT json_agg(p.item ORDER BY p.ord)::text AS items, max(p.total) AS total FROM (${sql}) p`, params);
    const total = row?.total !== null && row?.total !== undefined ? Number(row.total) : await this.count(kind, options);
    return { total, items: row?.items ?? '[]' };
  }

  private listSql(kind: EntityKind, options: ListOptions, columns: string): { sql: string; params: unknown[]; where: string[]; order: string } {
    const where = [...(options.where ?? [])];
    const params = [...(options.params ?? [])];
    let order = options.order ?? kind.order;
    if (options.q) {
      if (kind.search) {
        params.push(options.q, normalizeText(options.q));
        const q = `$${params.length - 1}`;
        const qn = `$${params.length}`;
        where.push(`(search_tsv @@ plainto_tsquery('french_unaccent'::regconfig, ${q}) OR ${qn} <% search)`);
        if (!options.order) order = `ts_rank(search_tsv, plainto_tsquery('french_unaccent'::regconfig, ${q})) + word_similarity(${qn}, search) DESC, ${kind.order}`;
      } else {
        params.push(`%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`data::text ILIKE $${params.length}`);
      }
    }
    params.push(options.limit, options.offset);
    const sql = `SELECT ${columns}, count(*) OVER () AS total FROM ${kind.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`;
    return { sql, params, where, order };
  }

  /** The total of a page past the end (no row carries the window count). */
  private async count(kind: EntityKind, options: ListOptions): Promise<number> {
    if (options.offset === 0) return 0;
    const { where, params } = this.listSql(kind, { ...options, limit: 0, offset: 0 }, 'id');
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM ${kind.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`, params.slice(0, -2));
    return Number(row?.n ?? 0);
  }

  /** Adds n to a counter kept in the record (likeCount, entryCount, viewCount…). */
  async bump(resource: ResourceName, id: string, field: string, n: number, db: Db = this.db): Promise<void> {
    await db.query(
      `UPDATE ${ENTITIES[resource].table} SET data = jsonb_set(data, $2, to_jsonb(GREATEST(COALESCE((data->>$3)::int, 0) + $4, 0))) WHERE id = $1`,
      [id, `{${field}}`, field, n],
    );
  }
}
