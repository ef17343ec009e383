import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { newId } from '../db/store';

const T0 = Date.parse('2026-03-02T09:00:00Z');

/** Every start a calendar app shows for one UID: the RRULE expanded, EXDATEs out, RECURRENCE-ID dates in their place. */
function expand(text: string, uid: string, until: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((c) => new ICAL.Timezone(c));
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    const components = calendar.getAllSubcomponents('vevent').filter((c) => c.getFirstPropertyValue('uid') === uid);
    const master = components.find((c) => c.hasProperty('rrule'));
    if (!master) throw new Error(`no RRULE for ${uid}`);
    const event = new ICAL.Event(master);
    for (const changed of components.filter((c) => c.hasProperty('recurrence-id'))) event.relateException(changed);
    const iterator = event.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next && next.toJSDate().toISOString() <= until; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      starts.push(details.startDate.toJSDate().toISOString());
    }
    return { starts, master, count: components.length, zone: event.startDate.zone?.tzid };
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(zone.tzid);
  }
}

describe('a series in the .ics feeds: one VEVENT with RRULE and EXDATE, and RECURRENCE-ID for a date changed alone (issue 35)', () => {
  const clock = T0;
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let seriesId: string;
  const placeId = newId();

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    await t.app.ctx.store.insert('places', { name: 'Le Quiz Bar', slug: 'le-quiz-bar-ics', address: { street: '3 rue Carnot', postalCode: '86000', city: 'Poitiers' } }, { id: placeId });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/series',
      headers: { cookie: staff },
      payload: {
        rule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630T235959Z',
        startDate: '2026-03-03',
        startTime: '20:30',
        durationMinutes: 150,
        exceptions: [{ from: '2026-04-06', to: '2026-04-19' }],
        template: { title: 'Quiz du mardi', city: 'Poitiers', placeId },
      },
    });
    seriesId = created.json().series._id;
  });
  afterAll(async () => {
    await t.close();
  });

  const feed = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/calendar/places/${placeId}.ics` });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('lists the series once, its dates at 20:30 Paris on both sides of 29 March (19:30Z then 18:30Z), none during the pause', async () => {
    const text = await feed();
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630T215959Z/);
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20260407T203000');
    const uids = [...text.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]!.trim());
    expect(uids.filter((u) => u.startsWith('series-'))).toHaveLength(1);
    expect(uids.filter((u) => u.startsWith('event-'))).toHaveLength(0);
    const { starts, zone } = expand(text, uids[0]!, '2026-05-01');
    expect(zone).toBe('Europe/Paris');
    expect(starts).toEqual(['2026-03-03T19:30:00.000Z', '2026-03-10T19:30:00.000Z', '2026-03-17T19:30:00.000Z', '2026-03-24T19:30:00.000Z', '2026-03-31T18:30:00.000Z', '2026-04-21T18:30:00.000Z', '2026-04-28T18:30:00.000Z']);
    expect(expand(text, uids[0]!, '2026-12-31').starts.at(-1)).toBe('2026-06-30T18:30:00.000Z');
  });

  it('moving one date and cancelling another leaves the others: a RECURRENCE-ID for the moved one, an EXDATE for the cancelled one', async () => {
    const rows = await t.db.query<{ id: string; occurrence_date: string }>('SELECT id, occurrence_date FROM events WHERE series_id = $1', [seriesId]);
    const on = (day: string) => rows.find((r) => r.occurrence_date === day)!.id;
    const move = await t.app.inject({ method: 'PATCH', url: `/api/series/${seriesId}/occurrences/${on('2026-03-17')}`, headers: { cookie: staff }, payload: { startsAt: '2026-03-18T19:00:00.000Z' } });
    expect(move.statusCode).toBe(200);
    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/series/${seriesId}/occurrences/${on('2026-03-31')}`, headers: { cookie: staff }, payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(200);
    const text = await feed();
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Paris:20260317T203000');
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20260331T203000');
    const seriesUidLine = [...text.matchAll(/^UID:(series-.*)$/gm)].map((m) => m[1]!.trim());
    expect(new Set(seriesUidLine).size).toBe(1);
    const { starts, count } = expand(text, seriesUidLine[0]!, '2026-05-01');
    expect(count).toBe(2);
    expect(starts).toEqual(['2026-03-03T19:30:00.000Z', '2026-03-10T19:30:00.000Z', '2026-03-18T19:00:00.000Z', '2026-03-24T19:30:00.000Z', '2026-04-21T18:30:00.000Z', '2026-04-28T18:30:00.000Z']);
  });
});
