import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';

const T0 = Date.parse('2026-03-02T09:00:00Z');

describe('editing a series: « Cette date seulement » and « Toutes les dates suivantes » (issue 35)', () => {
  const clock = T0;
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let seriesId: string;

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/series',
      headers: { cookie: staff },
      payload: { rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2026-03-03', startTime: '20:30', durationMinutes: 120, template: { title: 'Quiz', city: 'Poitiers', description: 'Six manches.' } },
    });
    seriesId = created.json().series._id;
  });
  afterAll(async () => {
    await t.close();
  });

  const eventsOf = (id: string) =>
    t.db.query<{ id: string; occurrence_date: string; starts_at: string; title: string; detached: boolean | null }>(
      `SELECT id, occurrence_date, starts_at::text AS starts_at, title, (data->>'detached')::boolean AS detached FROM events WHERE series_id = $1 ORDER BY occurrence_date`,
      [id],
    );
  const iso = (text: string) => new Date(text).toISOString();

  it('« Cette date seulement » changes that date alone, its poster included', async () => {
    const [, second] = await eventsOf(seriesId);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/series/${seriesId}/occurrences/${second!.id}`, headers: { cookie: staff }, payload: { title: 'Quiz spécial Pâques', coverImage: 'https://images.example.fr/paques.jpg' } });
    expect(patch.statusCode).toBe(200);
    const rows = await eventsOf(seriesId);
    expect(rows.map((r) => r.title)).toEqual(['Quiz', 'Quiz spécial Pâques', 'Quiz', 'Quiz', 'Quiz', 'Quiz', 'Quiz', 'Quiz']);
    const other = await t.app.inject({ method: 'PATCH', url: `/api/series/000000000000000000000000/occurrences/${second!.id}`, headers: { cookie: staff }, payload: { title: 'X' } });
    expect(other.statusCode).toBe(404);
  });

  it('« Toutes les dates suivantes » from 24 March: earlier dates stay, later ones take the new time and title, a date changed alone keeps its own', async () => {
    const before = await eventsOf(seriesId);
    const detachedLater = before.find((r) => r.occurrence_date === '2026-04-07')!;
    await t.app.inject({ method: 'PATCH', url: `/api/series/${seriesId}/occurrences/${detachedLater.id}`, headers: { cookie: staff }, payload: { title: 'Quiz de la Saint-Glinglin' } });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/series/${seriesId}`,
      headers: { cookie: staff },
      payload: { from: '2026-03-24', startTime: '21:00', template: { title: 'Grand quiz' } },
    });
    expect(edit.statusCode).toBe(200);
    const next = edit.json().series;
    expect(next._id).not.toBe(seriesId);
    expect(next).toMatchObject({ startDate: '2026-03-24', startTime: '21:00', rule: 'FREQ=WEEKLY;BYDAY=TU' });
    // The first series now ends on 23 March, its dates as they were.
    const old = (await t.app.inject({ method: 'GET', url: `/api/series/${seriesId}` })).json();
    expect(old.series.rule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20260323T235959Z');
    expect((await eventsOf(seriesId)).map((r) => [r.occurrence_date, r.title, iso(r.starts_at)])).toEqual([
      ['2026-03-03', 'Quiz', '2026-03-03T19:30:00.000Z'],
      ['2026-03-10', 'Quiz spécial Pâques', '2026-03-10T19:30:00.000Z'],
      ['2026-03-17', 'Quiz', '2026-03-17T19:30:00.000Z'],
    ]);
    const later = await eventsOf(next._id);
    expect(later.map((r) => r.occurrence_date)).toEqual(['2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14', '2026-04-21']);
    expect(later.find((r) => r.occurrence_date === '2026-03-31')).toMatchObject({ title: 'Grand quiz' });
    expect(iso(later.find((r) => r.occurrence_date === '2026-03-31')!.starts_at)).toBe('2026-03-31T19:00:00.000Z');
    expect(later.find((r) => r.occurrence_date === '2026-04-07')).toMatchObject({ title: 'Quiz de la Saint-Glinglin', detached: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/series/${next._id}` })).json().description).toBe('Tous les mardis à 21 h');
  });

  it('a new rule from a date on deletes the generated dates it no longer gives and makes its own', async () => {
    const current = (await t.db.query<{ series_id: string }>(`SELECT series_id FROM events WHERE occurrence_date = '2026-04-21' AND series_id IS NOT NULL`))[0]!.series_id;
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/series/${current}`, headers: { cookie: staff }, payload: { from: '2026-04-13', rule: 'FREQ=WEEKLY;BYDAY=TH' } });
    expect(edit.statusCode).toBe(200);
    const thursdays = await eventsOf(edit.json().series._id);
    expect(thursdays.map((r) => r.occurrence_date)).toEqual(['2026-04-16', '2026-04-23']);
    expect(await t.db.query(`SELECT id FROM events WHERE occurrence_date IN ('2026-04-14', '2026-04-21')`)).toEqual([]);
  });

  it('a lone event that now repeats becomes its series’ date of its day, and is not made twice', async () => {
    const lone = await t.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: staff }, payload: { title: 'Scène ouverte', city: 'Poitiers', startsAt: '2026-03-06T20:00:00.000Z' } });
    expect(lone.statusCode).toBe(201);
    const eventId = lone.json()._id;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/series',
      headers: { cookie: staff },
      payload: { rule: 'FREQ=MONTHLY;BYDAY=1FR', startDate: '2026-03-06', startTime: '21:00', template: { title: 'Scène ouverte', city: 'Poitiers' }, eventId },
    });
    expect(made.statusCode).toBe(201);
    const rows = await eventsOf(made.json().series._id);
    expect(rows.map((r) => [r.occurrence_date, r.id === eventId])).toEqual([['2026-03-06', true], ['2026-04-03', false]]);
    const again = await t.app.inject({ method: 'POST', url: '/api/series', headers: { cookie: staff }, payload: { rule: 'FREQ=WEEKLY;BYDAY=FR', startDate: '2026-03-06', startTime: '21:00', template: { title: 'X', city: 'Poitiers' }, eventId } });
    expect(again.statusCode).toBe(409);
  });
});
