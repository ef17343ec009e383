import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { Store } from '../db/store';
import { seedVolume } from '../demo/volume';
import { BACKENDS, openTestDb, signIn, testApp } from '../testing/test-app';
import { analysedPlan } from '../testing/date-index-walks';
import { recording, type SentStatement } from '../testing/recording-db';
import { eventsReader, expectListedAsRecords } from '../testing/listed-as-records';
import { indexReads, largestEventsRead, LOOKUP, plansChosen } from '../testing/plan-reads';

/**
 * Issue 34: a category's feed reads its events from events_by_category (migration 0030), which
 * triggers keep. What it lists must be what the events' own records say, after any write.
 */
const NOVEMBER = Date.parse('2026-11-02T12:00:00Z');
const CAP = 100;
const PAGE = 20;

describe.each(BACKENDS)('a category’s events on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let db: Db;
  let categories: string[];
  let city: string;
  const sent: SentStatement[] = [];

  beforeAll(async () => {
    db = await openTestDb(backend);
    await seedVolume(db, { events: 3000, now: NOVEMBER });
    t = await testApp({ db: recording(db, sent), now: () => NOVEMBER });
    categories = (await db.query<{ c: string }>(`SELECT c FROM events, jsonb_array_elements_text(data->'categoryIds') c GROUP BY c ORDER BY count(*) DESC, c LIMIT 3`)).map((row) => row.c);
    [{ city }] = (await db.query<{ city: string }>(`SELECT city FROM events GROUP BY city ORDER BY count(*) DESC LIMIT 1`)) as [{ city: string }];
  }, 120_000);
  afterAll(() => t.close());

  const feed = (query: string, cookie?: string) => eventsReader(t.app, PAGE)(query, cookie);

  /** The same list from the records alone: published, of the category (its record's list), in date order. */
  const fromRecords = async (categoryId: string, filters: { city?: string; from?: string; to?: string; upcoming?: boolean }, offset = 0) => {
    const clauses = [`status = 'published'`, `data->'categoryIds' @> jsonb_build_array($1::text)`];
    const params: unknown[] = [categoryId];
    const add = (clause: string, value: unknown) => clauses.push(clause.replace('{}', `$${params.push(value)}`));
    if (filters.upcoming !== false) add('starts_at >= {}', new Date(NOVEMBER).toISOString());
    if (filters.city) add('lower(city) = lower({})', filters.city);
    if (filters.from) add('starts_at >= {}', filters.from);
    if (filters.to) add('starts_at <= {}', filters.to);
    const rows = await db.query<{ id: string }>(`SELECT id FROM events WHERE ${clauses.join(' AND ')} ORDER BY starts_at, id LIMIT ${CAP + 1}`, params);
    return { ids: rows.slice(offset, offset + PAGE).map((row) => row.id), total: Math.min(rows.length, CAP) };
  };

  /** The rows the table holds that the events' records do not say, and those it lacks: none. */
  const strayRows = () => {
    const derived = `SELECT c, lower(city), starts_at, id FROM events, jsonb_array_elements_text(data->'categoryIds') c WHERE status = 'published'`;
    const kept = 'SELECT category_id, city_key, starts_at, id FROM events_by_category';
    return db.query(`(${derived} EXCEPT ${kept}) UNION ALL (${kept} EXCEPT ${derived})`);
  };

  const month = { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' };

  it('lists what the events’ records say, in date order, with the capped count, for each city, month and page', async () => {
    let compared = 0;
    for (const categoryId of categories) {
      for (const filters of [{}, { city }, { city: city.toUpperCase() }, month, { city, ...month }, { upcoming: false }]) {
        const query = new URLSearchParams({ categoryId, ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])) }).toString();
        compared += await expectListedAsRecords(feed, query, (offset) => fromRecords(categoryId, filters, offset), PAGE);
      }
    }
    // The lists compared are not all empty: most hold a full page.
    expect(compared).toBeGreaterThan(categories.length * 4 * PAGE);
  });

  it('follows every write of an event: published, city, date, categories, deleted; a like leaves its rows alone', async () => {
    const store = new Store(db);
    const [first, second] = categories as [string, string];
    const startsAt = new Date(NOVEMBER + 3 * 86_400_000).toISOString();
    const id = '0000000000000000000ca7e1';
    await store.insert('events', { title: 'Concert de l’essai', description: '', startsAt, city, categoryIds: [first], artistIds: [], tags: [], price: { free: true }, status: 'published', likeCount: 0 }, { id });
    const listed = async (categoryId: string, where = city) => (await feed(`categoryId=${categoryId}&city=${encodeURIComponent(where)}&from=${startsAt}&to=${startsAt}&limit=100`)).items.some((item) => item._id === id);
    const update = (set: string, value: unknown) => db.query(`UPDATE events SET ${set} WHERE id = $1`, [id, value]);

    expect(await listed(first)).toBe(true);
    await update(`status = $2`, 'draft');
    expect(await listed(first)).toBe(false);
    expect(await strayRows()).toEqual([]);
    await update(`status = $2`, 'published');
    expect(await listed(first)).toBe(true);
    await update(`city = $2`, 'Chauvigny');
    expect([await listed(first), await listed(first, 'chauvigny')]).toEqual([false, true]);
    await update(`city = $2`, city);
    await update(`starts_at = $2`, new Date(NOVEMBER + 4 * 86_400_000).toISOString());
    expect(await listed(first)).toBe(false);
    await update(`starts_at = $2`, startsAt);
    await update(`data = jsonb_set(data, '{categoryIds}', $2::jsonb)`, JSON.stringify([second]));
    expect([await listed(first), await listed(second)]).toEqual([false, true]);

    const version = `SELECT array_agg(xmin::text ORDER BY category_id) AS v FROM events_by_category WHERE id = $1`;
    const [before] = await db.query<{ v: string[] }>(version, [id]);
    await store.bump('events', id, 'likeCount', 1);
    expect(await db.query(version, [id])).toEqual([before]);

    await db.query('DELETE FROM events WHERE id = $1', [id]);
    expect(await listed(second)).toBe(false);
    expect(await strayRows()).toEqual([]);
  });

  it('shows staff the drafts of a category, which the table does not hold', async () => {
    const draft = await db.query<{ id: string; c: string }>(`SELECT id, data->'categoryIds'->>0 AS c FROM events WHERE status = 'draft' AND jsonb_array_length(data->'categoryIds') > 0 LIMIT 1`);
    expect(draft).toHaveLength(1);
    const cookie = await signIn(t.app, 'staff@demo.sortie.fr');
    const page = await feed(`categoryId=${draft[0]!.c}&status=draft&upcoming=false&limit=100`, cookie);
    expect(page.items.map((item) => item._id)).toContain(draft[0]!.id);
  });

  it('prepares a category’s first page: one statement for every category and city, its rows written in, and a page of any size', async () => {
    const [first, second] = categories as [string, string];
    sent.length = 0;
    await feed(`categoryId=${first}&city=${encodeURIComponent(city)}`);
    await feed(`categoryId=${second}&city=Chauvigny`);
    const small = await feed(`categoryId=${first}&city=${encodeURIComponent(city)}&limit=12`);
    const next = await feed(`categoryId=${first}&city=${encodeURIComponent(city)}&limit=12&cursor=${encodeURIComponent(small.meta.nextCursor!)}`);
    const lists = sent.filter((statement) => /^SELECT id, /.test(statement.text));
    expect(lists).toHaveLength(4);
    // The database plans it once a connection: the same name and text whatever the category and the city.
    expect(lists[0]!.prepared).toMatch(/^list_[0-9a-f]{24}$/);
    expect(lists[1]).toMatchObject({ prepared: lists[0]!.prepared, text: lists[0]!.text });
    expect(lists[0]!.text).toMatch(/ LIMIT 21$/);
    // 12 asked: the same statement reads 21 rows; the page shows 12, and the next starts after them.
    expect(lists[2]).toMatchObject({ prepared: lists[0]!.prepared });
    const expected = await fromRecords(first, { city });
    expect(small.items.map((item) => item._id)).toEqual(expected.ids.slice(0, 12));
    expect(small.meta.total).toBe(expected.total);
    expect(next.items.map((item) => item._id)).toEqual((await fromRecords(first, { city }, 12)).ids.slice(0, 12));
    // A page after a cursor depends on its values: planned each time.
    expect(lists[3]!.prepared).toBeUndefined();
    // The database keeps the plan made for any category and city after its first five reads: it
    // does not plan each read again for its values. In every city too, where the plan made for a
    // large category's values looked cheaper and every read was planned again.
    expect(await plansChosen(db, [lists[0]!, lists[1]!])).toEqual({ custom: 5, generic: 5 });
    sent.length = 0;
    await feed(`categoryId=${first}`);
    await feed(`categoryId=${categories[2]}`);
    expect(await plansChosen(db, sent.filter((statement) => /^SELECT id, /.test(statement.text)))).toEqual({ custom: 5, generic: 5 });
  });

  it('reads a city’s category from its index, then each event alone: never the city’s every event', async () => {
    const [categoryId] = categories as [string];
    sent.length = 0;
    await feed(`categoryId=${categoryId}&city=${encodeURIComponent(city)}`);
    const [list] = sent.filter((statement) => /^SELECT id, /.test(statement.text));
    const plan = await db.transaction(async (tx) => {
      // As the planner sees a table of 100,000 events: a sequential read of this small one would hide the index it picks there.
      await tx.query('SET LOCAL enable_seqscan = off');
      return analysedPlan(tx, list!.text, list!.params);
    });
    // The page and the count walk the table's index in date order; each of their rows then reads
    // its event alone (with the few of the same date and city). The record's categories would
    // read every event of the city and the category at once (a bitmap of each), then sort them.
    expect(indexReads(plan, 'events_by_category')).toBeGreaterThan(0);
    expect(largestEventsRead(plan)).toBeLessThanOrEqual(LOOKUP);
  });
});
