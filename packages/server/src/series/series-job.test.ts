import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb, signIn, testApp } from '../testing/test-app';
import { openDatabase, PostgresDb } from '../db/open-database';
import { insertSeries } from './series-records';
import { keepOccurrences } from './series-occurrences';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { SERIES_JOB } from './series-job';

const DAY = 24 * 3600_000;
// A Monday in Paris, before the change of time of 29 March 2026.
const T0 = Date.parse('2026-03-02T09:00:00Z');

describe('the series job: the next 8 weeks of a series are real events, made once (issue 35)', () => {
  let clock = T0;
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let seriesId: string;

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(async () => {
    await t.close();
  });

  const occurrences = async (id = seriesId) =>
    t.db.query<{ id: string; occurrence_date: string; starts_at: string; status: string; title: string }>(
      `SELECT id, occurrence_date, starts_at::text AS starts_at, status, title FROM events WHERE series_id = $1 ORDER BY occurrence_date`,
      [id],
    );
  const run = async () => {
    const ran = await t.app.ctx.jobs.runNow(SERIES_JOB);
    expect(ran.error).toBeNull();
    return ran;
  };

  it('makes the Tuesdays of the next 8 weeks at 20:30 Paris time, skipping the pause, on both sides of the change of time', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/series',
      headers: { cookie: staff },
      payload: {
        rule: 'FREQ=WEEKLY;BYDAY=TU',
        startDate: '2026-03-02',
        startTime: '20:30',
        durationMinutes: 150,
        exceptions: [{ from: '2026-04-06', to: '2026-04-19' }],
        template: { title: 'Quiz test', city: 'Poitiers', placeId: DEMO_IDS.places.confort },
      },
    });
    expect(created.statusCode).toBe(201);
    seriesId = created.json().series._id;
    expect(created.json().series.startDate).toBe('2026-03-03');
    const rows = await occurrences();
    expect(rows.map((r) => r.occurrence_date)).toEqual(['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31', '2026-04-21']);
    expect(rows.map((r) => new Date(r.starts_at).toISOString()).slice(3, 5)).toEqual(['2026-03-24T19:30:00.000Z', '2026-03-31T18:30:00.000Z']);
    expect(rows.every((r) => r.status === 'published' && r.title === 'Quiz test')).toBe(true);
  });

  it('is idempotent: a second run, or two at once, makes nothing more', async () => {
    const ran = await run();
    expect(await occurrences()).toHaveLength(6);
    expect(ran.counts.created).toBe(0);
    clock = T0 + 7 * DAY;
    const [a, b] = await Promise.all([keepOccurrences(t.app.ctx, seriesId), keepOccurrences(t.app.ctx, seriesId)]);
    expect(a.length + b.length).toBe(1);
    expect((await occurrences()).map((r) => r.occurrence_date).at(-1)).toBe('2026-04-28');
  });

  it('never rewrites nor makes again a date changed alone, moved, cancelled or deleted', async () => {
    const on = (rows: Awaited<ReturnType<typeof occurrences>>, day: string) => rows.find((r) => r.occurrence_date === day)!;
    const all = await occurrences();
    const [moved, cancelled, deleted] = [on(all, '2026-03-17'), on(all, '2026-03-24'), on(all, '2026-03-31')];
    const move = await t.app.inject({ method: 'PATCH', url: `/api/series/${seriesId}/occurrences/${moved!.id}`, headers: { cookie: staff }, payload: { startsAt: '2026-03-18T19:00:00.000Z', title: 'Quiz spécial' } });
    // Moved a day later, its length kept.
    expect(move.statusCode).toBe(200);
    expect(move.json()).toMatchObject({ detached: true, seriesId, occurrenceDate: '2026-03-17', title: 'Quiz spécial', endsAt: '2026-03-18T21:30:00.000Z' });
    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/series/${seriesId}/occurrences/${cancelled!.id}`, headers: { cookie: staff }, payload: { status: 'cancelled' } });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${deleted!.id}`, headers: { cookie: staff } })).statusCode).toBeLessThan(300);
    await run();
    const rows = await occurrences();
    expect(rows.map((r) => r.occurrence_date)).not.toContain('2026-03-31');
    expect(rows.find((r) => r.occurrence_date === '2026-03-17')).toMatchObject({ title: 'Quiz spécial', starts_at: expect.stringMatching(/^2026-03-18/) });
    expect(rows.find((r) => r.occurrence_date === '2026-03-24')?.status).toBe('cancelled');
    const view = (await t.app.inject({ method: 'GET', url: `/api/series/${seriesId}` })).json();
    expect(view.description).toBe('Tous les mardis à 20 h 30');
    expect(view.schedule.exceptDate).toEqual(['2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14']);
  });

  it('refuses a visitor, and a rule the dashboard does not offer', async () => {
    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const body = { rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2026-03-02', startTime: '20:30', template: { title: 'X', city: 'Poitiers' } };
    expect((await t.app.inject({ method: 'POST', url: '/api/series', headers: { cookie: visitor }, payload: body })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/series', headers: { cookie: staff }, payload: { ...body, rule: 'FREQ=DAILY' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message ?? JSON.stringify(bad.json())).toMatch(/non prise en charge/);
  });

  it('warns staff two weeks before six months without change, then stops the series and tells them, once', async () => {
    const notes = () =>
      t.db.query<{ title: string }>(`SELECT data->>'title' AS title FROM notifications WHERE user_id = $1 AND data->>'title' LIKE '%Quiz test%' ORDER BY created_at, id`, [DEMO_IDS.users.staff]);
    // Last changed at T0 + 7 days (the cancel above); 5 months and 3 weeks later: a warning, dates still made.
    clock = Date.parse('2026-08-26T09:00:00Z');
    await run();
    expect((await notes()).map((n) => n.title)).toEqual(['La série « Quiz test » s’arrêtera bientôt']);
    const before = (await occurrences()).length;
    expect(before).toBeGreaterThan(6);
    clock = Date.parse('2026-09-10T09:00:00Z');
    await run();
    await run();
    expect((await notes()).map((n) => n.title)).toEqual(['La série « Quiz test » s’arrêtera bientôt', 'La série « Quiz test » s’est arrêtée']);
    expect(await t.db.query('SELECT status FROM series WHERE id = $1', [seriesId])).toEqual([{ status: 'stopped' }]);
    clock = Date.parse('2026-10-10T09:00:00Z');
    await run();
    expect(await occurrences()).toHaveLength(before);
  });
});

// Needs SORTIE_TEST_DATABASE_URL (CI): two servers on one PostgreSQL make each date of a series once.
describe.skipIf(!BACKENDS.includes('postgres'))('series on two servers sharing one PostgreSQL', () => {
  it('makes each date once when both keep the same series at the same moment', async () => {
    const clock = T0;
    const shared = await openTestDb('postgres');
    const url = (shared as PostgresDb).pool.options.connectionString!;
    const a = await testApp({ db: shared, now: () => clock });
    const b = await testApp({ db: await openDatabase({ databaseUrl: url }), now: () => clock });
    try {
      const series = await insertSeries(shared, { rule: 'FREQ=WEEKLY;BYDAY=TU,TH', startDate: '2026-03-03', startTime: '20:30', exceptions: [], template: { title: 'Quiz partagé', city: 'Poitiers', description: '', artistIds: [], categoryIds: [], price: { free: true }, tags: [] }, status: 'active', changedAt: new Date(T0).toISOString() }, T0);
      const made = await Promise.all([keepOccurrences(a.app.ctx, series._id), keepOccurrences(b.app.ctx, series._id), keepOccurrences(a.app.ctx, series._id), keepOccurrences(b.app.ctx, series._id)]);
      expect(made.flat()).toHaveLength(16);
      const rows = await shared.query<{ occurrence_date: string; n: number }>('SELECT occurrence_date, count(*)::int AS n FROM events WHERE series_id = $1 GROUP BY occurrence_date', [series._id]);
      expect(rows).toHaveLength(16);
      expect(rows.every((row) => row.n === 1)).toBe(true);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
