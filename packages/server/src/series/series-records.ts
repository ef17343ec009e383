import { SeriesSchema, type Series } from '@sortie/core/domain';
import type { Db, Row } from '../db/database';
import { isoOf, recordOf, textOf } from '../db/rows';
import { newId } from '../db/store';

/*
 * The `series` table (migration 0025): a series' record in `data`, read through core's schema
 * (a row that does not parse fails loudly), with its place, organisation and status as columns.
 * `changedAt` (the app's clock, not the database's) says when staff last changed it: a series
 * unchanged for six months stops (series-keeper.ts).
 */

export type StoredSeries = Series & { changedAt: string };

export function seriesOf(row: Row): StoredSeries {
  const data = recordOf(row.data);
  const series = SeriesSchema.parse({ ...data, _id: textOf(row.id), createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) });
  return { ...series, changedAt: typeof data.changedAt === 'string' ? data.changedAt : isoOf(row.updated_at) };
}

type Meta = '_id' | 'createdAt' | 'updatedAt';
/** The record without the columns that say its id and dates. */
const dataOf = ({ _id: _ignored, createdAt: _created, updatedAt: _updated, ...data }: Omit<StoredSeries, Meta> & Partial<Pick<StoredSeries, Meta>>) => data;

export async function readSeries(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<StoredSeries | null> {
  const [row] = await db.query(`SELECT * FROM series WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row ? seriesOf(row) : null;
}

export async function activeSeriesIds(db: Db): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM series WHERE status = 'active' ORDER BY id`);
  return rows.map((row) => row.id);
}

export async function insertSeries(db: Db, series: Omit<StoredSeries, '_id' | 'createdAt' | 'updatedAt'>, now: number, id = newId()): Promise<StoredSeries> {
  const at = new Date(now).toISOString();
  const [row] = await db.query(
    'INSERT INTO series (id, data, place_id, organization_id, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *',
    [id, JSON.stringify(dataOf(series)), series.placeId ?? null, series.organizationId ?? null, series.status, at],
  );
  return seriesOf(row!);
}

export async function writeSeries(db: Db, series: StoredSeries, now: number): Promise<StoredSeries> {
  const [row] = await db.query(
    'UPDATE series SET data = $2, place_id = $3, organization_id = $4, status = $5, updated_at = $6 WHERE id = $1 RETURNING *',
    [series._id, JSON.stringify(dataOf(series)), series.placeId ?? null, series.organizationId ?? null, series.status, new Date(now).toISOString()],
  );
  return seriesOf(row!);
}

/** Serialises the writes of one series' occurrences among server processes, until the transaction ends. */
export async function lockSeries(tx: Db, id: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`series:${id}`]);
}
