import { randomBytes } from 'node:crypto';
import type { Db, Row } from './database';
import { ENTITIES, type Data, type EntityKind } from './entities';
import { recordFields, type StoredRecord, type TypedResource } from './records';
import { isoOf, recordOf, textOf } from './rows';
import { resolveTsQuery } from '../search/full-text';
import { isObjectId, LIST_COUNT_CAP, type ListPosition, type ResourceName } from '@sortie/core';
import { cursorRefusal, isDataException, keysetPlan } from './keyset';
import { preparedRows, statementName } from './prepared-page';
import type { TextParts } from '../text-parts';

export type Json = Data & { _id: string; createdAt: string; updatedAt: string };
/** A record of `R` as the API shows it, its fields read through core's schemas (db/records.ts). */
export type RecordJson<R extends TypedResource> = StoredRecord<R> & { _id: string; createdAt: string; updatedAt: string };

/** A fresh 24-hex id (random; the demo data derives its own from names). */
export const newId = (): string => randomBytes(12).toString('hex');

/** The same as `toJson`, as JSON text, from a row whose `data` is the record's jsonb text. */
export const jsonText = (row: Row): string => jsonTextParts(row, false).join('');

/**
 * A row's JSON text in three parts (TextParts): before its record's fields, those fields as the
 * database wrote them (a slice of its text, not a copy), after them. `comma`: a list's next item.
 */
function jsonTextParts(row: Row, comma: boolean): [string, string, string] {
  const data = textOf(row.data);
  const fields = data.length > 2;
  return [`${comma ? ',' : ''}{"_id":${JSON.stringify(row.id)}${fields ? ',' : ''}`, fields ? data.slice(1, -1) : '', `,"createdAt":"${textOf(row.created_at)}","updatedAt":"${textOf(row.updated_at)}"}`];
}

/**
 * A row's dates as the database writes them in ISO 8601 (what Date's toISOString gives), for the
 * lists sent as text: the driver would otherwise parse each into a Date to be written back at
 * once (a few per cent of a city feed's CPU).
 */
export const ISO_TIMES = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/** A stored row as the API shows it: `_id`, the record, `createdAt`, `updatedAt`. */
export function toJson(kind: EntityKind, row: Row): Json {
  const data = { ...recordOf(row.data) };
  for (const key of kind.hidden ?? []) delete data[key];
  return { _id: textOf(row.id), ...data, createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) };
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
   * page asked for), so a list of 100,000 rows costs about what its first page costs; `exact` counts
   * every row (dashboard figures); `none` skips it.
   */
  count?: 'capped' | 'exact' | 'none';
  /**
   * With a text search ordered by relevance, rank only the first N rows the index finds: a
   * search's first page need not score every one of thousands of matches. Not for pages
   * beyond the first.
   */
  rankAmong?: number;
  /**
   * With a text search in an order an index serves (an agenda's dates): the page is first looked
   * for among the first `window` rows in that order, a bounded walk that finds a common word at
   * once; when they hold fewer matches than the page, the matches are read from the full-text
   * index and sorted (`window: 0`: at once, for a word known to be rare). So that no word makes
   * the database walk the date index through tens of thousands of rows (`festival` in November:
   * the generated festivals are in summer), whatever the planner guesses of how a word spreads
   * over the year (issue 34).
   */
  window?: number;
  /**
   * Fields left out of every record but the viewer's own (its `userId`), in what the list shows
   * and in what `q` searches: core's `ownerOnly`, for a reader who is not staff.
   */
  ownerOnly?: { fields: readonly string[]; viewerId: string | null };
  /**
   * Pages by cursor as well (the public lists): null on the first page, else where the page
   * before ended (its `nextCursor`, read by core's ListCursorSchema), with `offset` 0. The
   * result then carries `next`. Not with `window` nor `rankAmong`.
   */
  cursor?: ListPosition | null;
  /**
   * The rows to list when they are not read from the kind's table: a derived table under the
   * table's name, with the columns the list reads (its data, times, order and filters). So that
   * a list served by another index (a category's events by date: events.service.ts) pages,
   * counts and takes cursors as every list does.
   */
  from?: string;
  /** With `from`: the rows to count, when they need less than the page (none of its joins). */
  countFrom?: string;
  /**
   * The list's best plan is the same whatever its values (`from` reads a side table by the index
   * made for it): its first page is a prepared statement, which the database plans once a
   * connection rather than at every read. Planning was more than half of a category feed's
   * statement on the embedded database, 0.6 of 1.2 ms (issue 34). Not for a text search, nor for
   * lists whose plan depends on how common a value is (a city's events by date, within a month).
   */
  onePlan?: boolean;
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;
const without = (expression: string, fields: readonly string[]) =>
  fields.reduce((expr, key) => {
    if (!FIELD_NAME.test(key)) throw new Error(`Nom de champ inattendu : ${key}`);
    return `(${expr} - '${key}')`;
  }, expression);

/** A record's jsonb without its kind's hidden fields (a blind test's game), from `column`. */
export function shownData(kind: EntityKind, column = 'data'): string {
  return without(column, kind.hidden ?? []);
}

/**
 * The jsonb a list shows and searches: the record without its kind's hidden fields (a blind
 * test's game) nor, unless the viewer owns it, the owner-only ones. The viewer's id is written
 * into the SQL only once checked to be 24 hex characters (an id the server made).
 */
function visibleData(kind: EntityKind, options: Pick<ListOptions, 'ownerOnly'>): string {
  const visible = shownData(kind);
  const mask = options.ownerOnly;
  if (!mask || mask.fields.length === 0) return visible;
  const masked = without(visible, mask.fields);
  return mask.viewerId && isObjectId(mask.viewerId) ? `(CASE WHEN data->>'userId' = '${mask.viewerId}' THEN ${visible} ELSE ${masked} END)` : masked;
}

export interface ListResult<T> {
  total: number;
  /** True when counting stopped at the cap: there are at least `total` rows. */
  totalIsEstimate: boolean;
  items: T;
  /** With `cursor`: the next page's, null on the last page. */
  next?: string | null;
}

/** Rows counted before a list's total becomes "at least that many" (core's rule, shown by the interfaces). */
export const COUNT_CAP = LIST_COUNT_CAP;

export class Store {
  constructor(readonly db: Db) {}

  /** Each table's NOT NULL columns, read once from the catalog: what a cursor's clause may bound the index scan by. */
  private readonly notNull = new Map<string, Promise<Set<string>>>();
  private notNullColumns(table: string): Promise<Set<string>> {
    let columns = this.notNull.get(table);
    if (!columns) {
      columns = this.db
        .query<{ name: string }>(`SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND attnotnull AND NOT attisdropped`, [table])
        .then((rows) => new Set(rows.map((row) => row.name)));
      columns.catch(() => this.notNull.delete(table));
      this.notNull.set(table, columns);
    }
    return columns;
  }

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

  /** The record as stored (hidden fields included), locked for update when asked: what a merge starts from. */
  async getStored(resource: ResourceName, id: string, options: { db?: Db; forUpdate?: boolean } = {}): Promise<Data | null> {
    const row = await this.getRow(resource, id, options);
    return row ? recordOf(row.data) : null;
  }

  async get(resource: ResourceName, id: string, db: Db = this.db): Promise<Json | null> {
    const row = await this.getRow(resource, id, { db });
    return row ? toJson(ENTITIES[resource], row) : null;
  }

  /** The same as `get`, its fields typed and read through the resource's schemas (db/records.ts). */
  async getRecord<R extends TypedResource>(resource: R, id: string, db: Db = this.db): Promise<RecordJson<R> | null> {
    const json = await this.get(resource, id, db);
    return json ? { ...recordFields(resource, json), _id: json._id, createdAt: json.createdAt, updatedAt: json.updatedAt } : null;
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
    const page = await this.page(kind, options, options.ownerOnly ? `${visibleData(kind, options)} AS data` : 'data');
    return { ...page.total, items: page.rows.map((row) => toJson(kind, row)), ...page.next };
  }

  /**
   * The same page as `list`, as the JSON text of its array: each record's jsonb arrives as
   * text and is framed with its id and dates, never parsed nor re-serialised (the hot path of
   * public lists; building the JSON in SQL cost more than the query itself).
   */
  async listJson(resource: ResourceName, options: ListOptions): Promise<ListResult<string>> {
    const page = await this.listJsonParts(resource, options);
    return { ...page, items: page.items.join('') };
  }

  /** The same, its JSON array in parts (TextParts): each record's text as the database framed it. */
  async listJsonParts(resource: ResourceName, options: ListOptions): Promise<ListResult<TextParts>> {
    const kind = ENTITIES[resource];
    const page = await this.page(kind, options, `${visibleData(kind, options)}::text AS data`, ISO_TIMES);
    return { ...page.total, items: ['[', ...page.rows.flatMap((row, i) => jsonTextParts(row, i > 0)), ']'], ...page.next };
  }

  /**
   * One statement: the page, and its total as an uncorrelated subquery that the database runs
   * once. A page that is not full tells its total (offset + rows); a full one carries the
   * capped count. By cursor, one row more is read: whether there is a next page.
   */
  private async page(kind: EntityKind, options: ListOptions, data: string, times = 'created_at, updated_at'): Promise<{ rows: Row[]; total: { total: number; totalIsEstimate: boolean }; next?: { next: string | null } }> {
    const query = await this.listQuery(kind, options);
    if (!query) return { rows: [], total: { total: 0, totalIsEstimate: false }, ...(options.cursor === undefined ? {} : { next: { next: null } }) };
    const select = ({ before = '', page }: { before?: string; page: string }) => {
      const sql = `${before}SELECT id, ${data}, ${times}${query.keyset?.columns ?? ''}${query.totalColumn} ${page}`;
      return this.db.query<Row & { total?: number | string }>(sql, query.params, query.prepared ? statementName(sql) : undefined).catch((error: unknown) => {
        // A forged cursor's value the database cannot read as its column's type (a date that is none).
        if (options.cursor && isDataException(error)) throw cursorRefusal();
        throw error;
      });
    };
    const { limit, offset } = options;
    const near = query.windowed?.near ? await select({ page: query.windowed.near }) : null;
    const read = near && near.length === limit ? near : await select(query.windowed?.indexed ?? { page: query.page });
    const rows = read.slice(0, limit);
    const next = query.keyset ? { next: read.length > limit && limit > 0 ? query.keyset.cursorOf(rows.at(-1)!) : null } : undefined;
    const page = (total: { total: number; totalIsEstimate: boolean }) => ({ rows, total, ...(next ? { next } : {}) });
    // After a cursor, neither the offset nor the rows read tell the position: the count does.
    const positioned = Boolean(options.cursor);
    if (query.mode === 'none') return page({ total: 0, totalIsEstimate: false });
    if (!positioned && rows.length > 0 && rows.length < limit) return page({ total: offset + rows.length, totalIsEstimate: false });
    if (rows.length === 0 && (offset > 0 || limit === 0 || positioned)) return page(query.totalOf(await this.countAlone(query)));
    return page(query.totalOf(rows[0]?.total ?? 0));
  }

  /** The parts of a list's SQL. Null when the text search has nothing to look for (only stop words): no row can match. */
  private async listQuery(kind: EntityKind, options: ListOptions) {
    const where = [...(options.where ?? [])];
    const params = [...(options.params ?? [])];
    const source = options.from ? `${options.from} AS ${kind.table}` : kind.table;
    let order = options.order ?? kind.order;
    /** The filter before the text search's clause: what the window walks in order. */
    let beforeSearch: string | null = null;
    if (options.tsquery !== undefined || options.q) {
      if (kind.search) {
        const tsquery = options.tsquery ?? (await resolveTsQuery(this.db, options.q!));
        if (!tsquery) return null;
        beforeSearch = `FROM ${source}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
        params.push(tsquery);
        where.push(`search_tsv @@ $${params.length}::tsquery`);
        if (!options.order && kind.rankBySearch) order = `ts_rank(search_tsv, $${params.length}::tsquery) DESC, ${kind.order}`;
      } else {
        params.push(`%${(options.q ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        // What the reader sees, not what is stored: a hidden field is no clue to search by.
        where.push(`${visibleData(kind, options)}::text ILIKE $${params.length}`);
      }
    }
    const filters = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const countFilter = `FROM ${options.countFrom ? `${options.countFrom} AS ${kind.table}` : source}${filters}`;
    // The count is the whole list's, the cursor's values aside: its parameters come last.
    const countParams = [...params];
    if (options.cursor && options.offset > 0) throw cursorRefusal('avec un curseur, laissez `offset` à 0 : le curseur dit déjà où reprendre.');
    const keyset = options.cursor === undefined ? null : keysetPlan(kind.table, order, options.cursor, params, options.cursor ? await this.notNullColumns(kind.table) : undefined);
    const filter = keyset?.clause ? `FROM ${source} WHERE ${[...where, keyset.clause].join(' AND ')}` : `FROM ${source}${filters}`;
    const ranked = options.rankAmong && order.startsWith('ts_rank') ? `FROM (SELECT * ${filter} LIMIT ${Math.trunc(options.rankAmong)}) AS ${kind.table}` : filter;
    const mode = options.count ?? 'capped';
    const cap = Math.max(COUNT_CAP, options.offset + options.limit + 1);
    // Without a text search, the capped count walks the rows in the list's order: the index that
    // serves the page serves the count, rather than bitmaps of every row of each filter (a
    // category has tens of thousands). A text search counts from its own index.
    const countOrder = options.tsquery === undefined && !options.q ? ` ORDER BY ${order}` : '';
    const counted = mode === 'exact' ? `(SELECT count(*) ${countFilter})` : `(SELECT count(*) FROM (SELECT 1 ${countFilter}${countOrder} LIMIT ${cap}) capped)`;
    const prepared = options.onePlan && options.offset === 0 && !options.cursor && options.tsquery === undefined && !options.q ? preparedRows(options.limit, Boolean(keyset)) : null;
    if (prepared === null) params.push(options.limit + (keyset ? 1 : 0), options.offset);
    const pageOf = (from: string) => `${from} ORDER BY ${order} ${prepared === null ? `LIMIT $${params.length - 1} OFFSET $${params.length}` : `LIMIT ${prepared}`}`;
    const searchClause = where.at(-1);
    const windowed =
      options.window !== undefined && beforeSearch
        ? {
            near: options.window <= 0 ? null : pageOf(`FROM (SELECT * ${beforeSearch} ORDER BY ${order} LIMIT ${Math.trunc(options.window)}) AS ${kind.table} WHERE ${searchClause}`),
            // Materialised: planned alone, without the page's order to walk an index by.
            indexed: { before: `WITH matches AS MATERIALIZED (SELECT * ${filter}) `, page: pageOf(`FROM matches AS ${kind.table}`) },
          }
        : null;
    return {
      mode,
      keyset,
      params,
      prepared: prepared !== null,
      page: pageOf(ranked),
      windowed,
      totalColumn: mode === 'none' ? '' : `, ${counted} AS total`,
      count: { sql: `SELECT ${counted} AS total`, params: countParams },
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
  private async countAlone(query: { count: { sql: string; params: unknown[] } }): Promise<number | string> {
    const [row] = await this.db.query<{ total: number | string }>(query.count.sql, query.count.params);
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
