import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { seedVolume } from '../demo/volume';
import { BACKENDS, openTestDb, signIn, testApp } from '../testing/test-app';
import type { PlanNode } from '../testing/date-index-walks';
import { genericPlans } from '../testing/generic-plan';
import { recording, type SentStatement } from '../testing/recording-db';

/**
 * Issue 34: a city's agenda (what is published from now on, by date) is one prepared statement
 * for every city, planned once a connection. What it lists must be what the records say.
 */
const NOVEMBER = Date.parse('2026-11-02T12:00:00Z');
/**
 * Enough for a city's agenda to hold hundreds of events, as its plan is made for. With fewer
 * (3,000 events, 275 in the largest city), the plan made for any city reads them by bitmap and
 * sorts them, which costs about as little there (1.6 ms against 1.3 on PGlite in memory).
 */
const EVENTS = 10_000;
const CAP = 100;
const PAGE = 20;

type Page = { meta: { total: number; totalIsEstimate?: boolean; nextCursor?: string | null }; items: Array<{ _id: string }> };

describe.each(BACKENDS)('a city’s agenda on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let db: Db;
  let cities: string[];
  const sent: SentStatement[] = [];

  beforeAll(async () => {
    db = await openTestDb(backend);
    await seedVolume(db, { events: EVENTS, now: NOVEMBER });
    t = await testApp({ db: recording(db, sent), now: () => NOVEMBER });
    cities = (await db.query<{ city: string }>(`SELECT city FROM events GROUP BY city ORDER BY count(*) DESC, city LIMIT 2`)).map((row) => row.city);
  }, 120_000);
  afterAll(() => t.close());

  const feed = async (query: string, cookie?: string): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events?${/\blimit=/.test(query) ? '' : `limit=${PAGE}&`}${query}`, headers: { 'cache-control': 'no-cache', ...(cookie ? { cookie } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const lists = () => sent.filter((statement) => /^SELECT id, /.test(statement.text));

  const month = { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' };

  /** The same agenda from the records alone: published, of the city, from now on or within dates, in date order. */
  const fromRecords = async (city: string | null, dates?: typeof month, offset = 0) => {
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM events WHERE status = 'published' AND starts_at >= $1 AND starts_at >= coalesce($3::timestamptz, $1) AND starts_at <= coalesce($4::timestamptz, 'infinity') AND ($2::text IS NULL OR lower(city) = lower($2)) ORDER BY starts_at, id LIMIT ${CAP + 1}`,
      [new Date(NOVEMBER).toISOString(), city, dates?.from ?? null, dates?.to ?? null],
    );
    return { ids: rows.slice(offset, offset + PAGE).map((row) => row.id), total: Math.min(rows.length, CAP) };
  };

  it('lists what the records say, in date order, with the capped count, for each city, month and page', async () => {
    let compared = 0;
    for (const city of [...cities, cities[0]!.toUpperCase(), 'Chauvigny-sur-Mer', null]) {
      for (const dates of [undefined, month]) {
        const query = new URLSearchParams({ ...(city === null ? {} : { city }), ...dates }).toString();
        const expected = await fromRecords(city, dates);
        const page = await feed(query);
        expect(page.items.map((item) => item._id), query).toEqual(expected.ids);
        expect(page.meta.total, query).toBe(expected.total);
        if (page.meta.nextCursor) {
          const next = await feed(`${query}&cursor=${encodeURIComponent(page.meta.nextCursor)}`);
          expect(next.items.map((item) => item._id), `${query}, page 2`).toEqual((await fromRecords(city, dates, PAGE)).ids);
        }
        compared += expected.ids.length;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(6 * PAGE);
  });

  it('prepares it: one statement for every city, published written in; not within dates, nor a staff member’s drafts', async () => {
    const [first, second] = cities as [string, string];
    sent.length = 0;
    await feed(`city=${encodeURIComponent(first)}`);
    await feed(`city=${encodeURIComponent(second)}`);
    await feed(`city=${encodeURIComponent(first)}&from=${month.from}&to=${month.to}`);
    await feed(`city=${encodeURIComponent(first)}&status=draft`, await signIn(t.app, 'staff@demo.sortie.fr'));
    const [one, other, inMonth, drafts] = lists();
    expect(one!.prepared).toMatch(/^list_[0-9a-f]{24}$/);
    expect(other).toMatchObject({ prepared: one!.prepared, text: one!.text });
    expect(one!.text).toContain(`status = 'published'`);
    expect(one!.text).toMatch(/ LIMIT 21$/);
    expect(one!.params).not.toContain('published');
    // Within a month, how many rows the city has decides the plan: planned each time.
    expect(inMonth!.prepared).toBeUndefined();
    expect(drafts!.prepared).toBeUndefined();
    expect(drafts!.params).toContain('draft');
  });

  it('is planned once for every city: its page and its count walk the index of published events by city and date, no further than their rows', async () => {
    sent.length = 0;
    await feed(`city=${encodeURIComponent(cities[0]!)}`);
    const [list] = lists();
    const runs = [...cities, 'Chauvigny-sur-Mer'].map((city) => list!.params.map((value) => (value === cities[0] ? city : value)));
    for (const [i, plan] of (await genericPlans(db, list!.text, runs)).entries()) {
      const city = String(runs[i]);
      expect(nodes(plan).filter((node) => /Sort|Bitmap|Seq Scan/.test(node['Node Type'])).map((node) => node['Node Type']), city).toEqual([]);
      const walks = nodes(plan).filter((node) => node['Relation Name'] === 'events');
      expect(walks.map((node) => node['Index Name']), city).toEqual(['events_published_city_starts_idx', 'events_published_city_starts_idx']);
      // The count reads to its cap, the page one row past itself.
      expect(Math.max(...walks.map((node) => node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0))), city).toBeLessThanOrEqual(CAP);
    }
  });

  it.runIf(backend === 'postgres')('is never planned for its city once prepared', async () => {
    sent.length = 0;
    await feed(`city=${encodeURIComponent(cities[0]!)}`);
    const [list] = lists();
    const counts = await db.transaction(async (tx) => {
      for (let run = 0; run < 8; run++) await tx.query(list!.text, list!.params, list!.prepared);
      return tx.query<{ generic_plans: string; custom_plans: string }>('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [list!.prepared]);
    });
    expect(counts.map((row) => [Number(row.custom_plans), Number(row.generic_plans) >= 8])).toEqual([[0, true]]);
  });
});

/** Every node of a plan. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}
