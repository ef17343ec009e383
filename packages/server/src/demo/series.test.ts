import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '@sortie/core/domain';
import type { Db } from '../db/database';
import { openTestDb } from '../testing/test-app';
import { loadDemo } from './load';
import { demoId } from './ids';
import { DEMO_QUIZ_SERIES } from './series';

// A Friday: the next Tuesday is 1 December.
const NOW = Date.parse('2026-11-27T10:00:00Z');

describe('the demo’s weekly quiz night (issue 35)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await loadDemo(db, { password: 'sortie-demo', production: false, now: NOW });
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('is « Quiz du mardi » at Le Pince Oreille, every Tuesday at 20:30 for 8 weeks, with a two-week break that shows', async () => {
    const rows = await db.query<{ occurrence_date: string; starts_at: unknown; title: string; place_id: string }>(
      'SELECT occurrence_date, starts_at, title, place_id FROM events WHERE series_id = $1 ORDER BY occurrence_date',
      [DEMO_QUIZ_SERIES],
    );
    expect(rows.map((r) => r.occurrence_date)).toEqual(['2026-12-01', '2026-12-08', '2026-12-29', '2027-01-05', '2027-01-12', '2027-01-19']);
    expect(rows.every((r) => r.title === 'Quiz du mardi' && r.place_id === demoId('place:le-pince-oreille'))).toBe(true);
    expect(new Set(rows.map((r) => formatTime(new Date(String(r.starts_at instanceof Date ? r.starts_at.toISOString() : r.starts_at)))))).toEqual(new Set(['20:30']));
    const [series] = await db.query<{ status: string; place_id: string }>('SELECT status, place_id FROM series WHERE id = $1', [DEMO_QUIZ_SERIES]);
    expect(series).toEqual({ status: 'active', place_id: demoId('place:le-pince-oreille') });
  });
});
