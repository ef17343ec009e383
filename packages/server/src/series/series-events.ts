import type { Db } from '../db/database';
import { isoOf, recordOf, textOf } from '../db/rows';

/* The events that are occurrences of a series, as the series' features read and relink them. */

export interface OccurrenceRow {
  _id: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  occurrenceDate: string;
  status: string;
  /** Changed alone (« Cette date seulement »). */
  detached: boolean;
  data: Record<string, unknown>;
}

/** Every occurrence of a series, by its day. */
export async function occurrencesOf(db: Db, seriesId: string): Promise<OccurrenceRow[]> {
  const rows = await db.query('SELECT id, data, title, starts_at, status, occurrence_date FROM events WHERE series_id = $1 ORDER BY occurrence_date, id', [seriesId]);
  return rows.map((row) => {
    const data = recordOf(row.data);
    return {
      _id: textOf(row.id),
      title: textOf(row.title),
      startsAt: isoOf(row.starts_at),
      endsAt: typeof data.endsAt === 'string' ? data.endsAt : null,
      occurrenceDate: textOf(row.occurrence_date),
      status: textOf(row.status),
      detached: data.detached === true,
      data,
    };
  });
}

/** Links an event to another series (or to none: it becomes a lone event), keeping the rest of it. */
export async function relinkOccurrence(db: Db, eventId: string, link: { seriesId: string; occurrenceDate: string } | null): Promise<void> {
  if (link) {
    await db.query(
      `UPDATE events SET series_id = $2, occurrence_date = $3, data = data || jsonb_build_object('seriesId', $2::text, 'occurrenceDate', $3::text) WHERE id = $1`,
      [eventId, link.seriesId, link.occurrenceDate],
    );
  } else {
    await db.query(`UPDATE events SET series_id = NULL, occurrence_date = NULL, data = data - 'seriesId' - 'occurrenceDate' - 'detached' WHERE id = $1`, [eventId]);
  }
}

/** A date of a series deleted by hand becomes one of its pauses, so that the series does not make it again. */
export async function pauseDeletedOccurrence(tx: Db, eventId: string): Promise<void> {
  const [row] = await tx.query<{ series_id: string | null; occurrence_date: string | null }>('SELECT series_id, occurrence_date FROM events WHERE id = $1', [eventId]);
  if (!row?.series_id || !row.occurrence_date) return;
  await tx.query(
    `UPDATE series SET data = jsonb_set(data, '{exceptions}', COALESCE(data->'exceptions', '[]'::jsonb) || jsonb_build_array(jsonb_build_object('from', $2::text, 'to', $2::text))) WHERE id = $1`,
    [row.series_id, row.occurrence_date],
  );
}
