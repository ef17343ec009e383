import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { Store } from '../db/store';
import { seedVolume } from '../demo/volume';
import { BACKENDS, openTestDb, signIn, testApp } from '../testing/test-app';
import { recording, type SentStatement } from '../testing/recording-db';
import { eventsReader, expectListedAsRecords } from '../testing/listed-as-records';
import { genericPlan, indexReads, largestEventsRead, LOOKUP, nodeTypes, plansChosen } from '../testing/plan-reads';

/**
 * Issue 34: a city's agenda reads its events from events_by_city (migration 0031), which triggers
 * keep, in one prepared statement for every city and month. What it lists must be what the
 * events' own records say, after any write; and the plan kept for every city must walk the
 * city's dates in order, whatever its size.
 */
const NOVEMBER = Date.parse('2026-11-02T12:00:00Z');
const CAP = 100;
const PAGE = 20;
const MONTH = { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' };

type Filters = { from?: string; to?: string; upcoming?: boolean };

describe.each(BACKENDS)('a city’s agenda on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let db: Db;
  let cities: string[];
  const sent: SentStatement[] = [];

  beforeAll(async () => {
    db = await openTestDb(backend);
    await seedVolume(db, { events: 3000, now: NOVEMBER });
    t = await testApp({ db: recording(db, sent), now: () => NOVEMBER });
    cities = (await db.query<{ city: string }>(`SELECT city FROM events WHERE status = 'published' GROUP BY city ORDER BY count(*) DESC, city LIMIT 3`)).map((row) => row.city);
  }, 120_000);
  afterAll(() => t.close());

  const feed = (query: string, cookie?: string) => eventsReader(t.app, PAGE)(query, cookie);
  const queryOf = (city: string, filters: Filters) => new URLSearchParams({ city, ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])) }).toString();

  /** The same list from the records alone: published, of the city (any case), in date order. */
  const fromRecords = async (city: string, filters: Filters, offset = 0) => {
    const clauses = [`status = 'published'`, 'lower(city) = lower($1)'];
    const params: unknown[] = [city];
    const add = (clause: string, value: unknown) => clauses.push(clause.replace('{}', `$${params.push(value)}`));
    if (filters.upcoming !== false) add('starts_at >= {}', new Date(NOVEMBER).toISOString());
    if (filters.from) add('starts_at >= {}', filters.from);
    if (filters.to) add('starts_at <= {}', filters.to);
    const rows = await db.query<{ id: string }>(`SELECT id FROM events WHERE ${clauses.join(' AND ')} ORDER BY starts_at, id LIMIT ${CAP + 1}`, params);
    return { ids: rows.slice(offset, offset + PAGE).map((row) => row.id), total: Math.min(rows.length, CAP) };
  };

  /** The rows the table holds that the events' records do not say, and those it lacks: none. */
  const strayRows = () => {
    const derived = `SELECT lower(city), starts_at, id FROM events WHERE status = 'published'`;
    const kept = 'SELECT city_key, starts_at, id FROM events_by_city';
    return db.query(`(${derived} EXCEPT ${kept}) UNION ALL (${kept} EXCEPT ${derived})`);
  };

  it('lists what the events’ records say, in date order, with the capped count, for each city, month and page', async () => {
    expect(await strayRows()).toEqual([]);
    let compared = 0;
    for (const city of [...cities, cities[0]!.toUpperCase(), 'Nulle-Part']) {
      for (const filters of [{}, MONTH, { upcoming: false }]) {
        compared += await expectListedAsRecords(feed, queryOf(city, filters), (offset) => fromRecords(city, filters, offset), PAGE);
      }
    }
    // The lists compared are not all empty: most hold a full page.
    expect(compared).toBeGreaterThan(cities.length * 2 * PAGE);
  });

  it('follows every write of an event: published, city, date, deleted; a like leaves its row alone', async () => {
    const store = new Store(db);
    const [city] = cities as [string];
    const startsAt = new Date(NOVEMBER + 3 * 86_400_000).toISOString();
    const id = '0000000000000000000c17e1';
    await store.insert('events', { title: 'Bal de l’essai', description: '', startsAt, city, categoryIds: [], artistIds: [], tags: [], price: { free: true }, status: 'published', likeCount: 0 }, { id });
    const listed = async (where = city) => (await feed(`city=${encodeURIComponent(where)}&from=${startsAt}&to=${startsAt}&limit=100`)).items.some((item) => item._id === id);
    const update = (set: string, value: unknown) => db.query(`UPDATE events SET ${set} WHERE id = $1`, [id, value]);

    expect(await listed()).toBe(true);
    await update(`status = $2`, 'draft');
    expect(await listed()).toBe(false);
    expect(await strayRows()).toEqual([]);
    await update(`status = $2`, 'published');
    expect(await listed()).toBe(true);
    await update(`city = $2`, 'Chauvigny');
    expect([await listed(), await listed('CHAUVIGNY')]).toEqual([false, true]);
    await update(`city = $2`, city);
    await update(`starts_at = $2`, new Date(NOVEMBER + 4 * 86_400_000).toISOString());
    expect(await listed()).toBe(false);
    await update(`starts_at = $2`, startsAt);
    expect(await listed()).toBe(true);

    const version = `SELECT xmin::text AS v FROM events_by_city WHERE id = $1`;
    const [before] = await db.query<{ v: string }>(version, [id]);
    await store.bump('events', id, 'likeCount', 1);
    expect(await db.query(version, [id])).toEqual([before]);

    await db.query('DELETE FROM events WHERE id = $1', [id]);
    expect(await listed()).toBe(false);
    expect(await strayRows()).toEqual([]);
  });

  it('shows staff a city’s drafts, which the table does not hold', async () => {
    const [draft] = await db.query<{ id: string; city: string }>(`SELECT id, city FROM events WHERE status = 'draft' ORDER BY starts_at DESC LIMIT 1`);
    expect(draft).toBeDefined();
    const cookie = await signIn(t.app, 'staff@demo.sortie.fr');
    const page = await feed(`city=${encodeURIComponent(draft!.city)}&status=draft&upcoming=false&limit=100`, cookie);
    expect(page.items.map((item) => item._id)).toContain(draft!.id);
  });

  it('prepares a city’s first page, one statement for every city, whose one plan walks the city’s dates in order', async () => {
    const [first, second] = cities as [string, string];
    for (const filters of [{}, MONTH]) {
      sent.length = 0;
      await feed(queryOf(first, filters));
      await feed(queryOf(second, filters));
      const [a, b] = sent.filter((statement) => /^SELECT id, /.test(statement.text));
      // The database plans it once a connection: the same name and text whatever the city.
      expect(a!.prepared, JSON.stringify(filters)).toMatch(/^list_[0-9a-f]{24}$/);
      expect(b).toMatchObject({ prepared: a!.prepared, text: a!.text });
      // The plan kept for every city, run on the largest: the page and the count walk the table's
      // index in date order, and each row then reads its event alone. Planned for no city in
      // particular, a read of events by its partial index of cities guessed a few rows of a
      // month, and gathered and sorted the month instead.
      const plan = await genericPlan(db, a!.text, a!.params);
      expect(indexReads(plan, 'events_by_city'), JSON.stringify(filters)).toBeGreaterThan(0);
      expect(nodeTypes(plan).filter((type) => /Sort|Bitmap|Seq Scan/.test(type)), JSON.stringify(filters)).toEqual([]);
      expect(largestEventsRead(plan)).toBeLessThanOrEqual(LOOKUP);
      // And the database keeps that plan after its first five reads, whatever the city: it does
      // not plan each read again for its values.
      expect(await plansChosen(db, [a!, b!]), JSON.stringify(filters)).toEqual({ custom: 5, generic: 5 });
    }
  });
});
