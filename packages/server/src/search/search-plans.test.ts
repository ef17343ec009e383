import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { seedVolume } from '../demo/volume';
import { BACKENDS, openTestDb } from '../testing/test-app';
import { analysedPlan, dateIndexWalks, type PlanNode } from '../testing/date-index-walks';
import { recording, type SentStatement } from '../testing/recording-db';
import { SearchService, type SearchAnswer } from './search.service';
import { AGENDA_WINDOW } from './search-statement';

/**
 * The guard of issue 34: every statement a search runs, for each of the queries, planned
 * as on a large table and executed with EXPLAIN ANALYZE, never walks a date index past a bound
 * looking for its matches. `festival` in November is the case that walked 42,925 rows at
 * 100,000 events: the generated festivals are in May–September.
 */
const QUERIES = ['jazz', 'concert', 'théâtre', 'theatre', 'concrt', 'jazz baroque', 'Poitiers', 'exposition photo', 'festival', 'marché', 'danse', 'humour', 'zéphyr'];
/** A window's walk, with the rows its status filter leaves out. */
const BOUND = Math.round(AGENDA_WINDOW * 1.2);
const NOVEMBER = Date.parse('2026-11-02T12:00:00Z');

describe.each(BACKENDS)('search plans at volume on %s', (backend) => {
  let db: Db;
  const explain = async (text: string, params: unknown[]): Promise<PlanNode> =>
    db.transaction(async (tx) => {
      // As the planner sees a table of 100,000 events: a sequential read of this small one would hide the index it picks there.
      await tx.query('SET LOCAL enable_seqscan = off');
      return analysedPlan(tx, text, params);
    });

  beforeAll(async () => {
    db = await openTestDb(backend);
    // A year of generated events from November: the festivals are half a year ahead.
    await seedVolume(db, { events: 3000, now: NOVEMBER });
    // The word spread most unevenly: on two events in five, all of them the last of the year. The
    // planner, which sees how often a word is used but not when, expects to meet one in the first
    // few rows of the date index; at 3,000 events it then walks about 900 before its first.
    await db.query(
      `UPDATE events SET search = search || ' zéphyr' WHERE starts_at >= (SELECT percentile_disc(0.6) WITHIN GROUP (ORDER BY starts_at) FROM events)`,
    );
    await db.query(`INSERT INTO search_words (word) VALUES ('zephyr') ON CONFLICT DO NOTHING`);
    await db.query('ANALYZE events');
  });
  afterAll(() => db.close());

  it.each(QUERIES)('« %s » never walks the date index past the window', async (q) => {
    const statements: SentStatement[] = [];
    const search = new SearchService(recording(db, statements), () => NOVEMBER);
    await search.search({ q, limit: 10 });
    const reads = statements.filter((s) => /\bFROM (events|\(SELECT \* FROM events)|\bmatches\b/.test(s.text) && /^\s*(WITH|SELECT)/.test(s.text));
    expect(reads.length).toBeGreaterThan(0);
    for (const { text, params } of reads) expect(dateIndexWalks(await explain(text, params), BOUND), text).toEqual([]);
  });

  it('finds the festivals half a year ahead, in date order, as the plain statement does', async () => {
    const search = new SearchService(db, () => NOVEMBER);
    const found = (JSON.parse(await search.search({ q: 'festival', limit: 10, upcomingOnly: true })) as SearchAnswer).items.filter((i) => i.kind === 'event');
    const [plain] = await db.query<{ ids: string[] }>(
      `SELECT array_agg(id ORDER BY starts_at, id) AS ids FROM (SELECT id, starts_at FROM events WHERE status = 'published' AND starts_at >= $1 AND search_tsv @@ plainto_tsquery('french_unaccent', 'festival') ORDER BY starts_at, id LIMIT 10) s`,
      [new Date(NOVEMBER).toISOString()],
    );
    expect(found).toHaveLength(10);
    expect(found.map((i) => i._id)).toEqual(plain!.ids);
  });

  it('the guard sees the walk the plain statement makes when the planner takes the date index for festival', async () => {
    const walk = await db.transaction(async (tx) => {
      // The plan PostgreSQL chose at 100,000 events, forced here: the date index in order, the text as a filter.
      await tx.query('SET LOCAL enable_bitmapscan = off');
      await tx.query('SET LOCAL enable_seqscan = off');
      return analysedPlan(
        tx,
        `SELECT id FROM events WHERE status = 'published' AND starts_at >= $1 AND search_tsv @@ plainto_tsquery('french_unaccent', 'festival') ORDER BY starts_at LIMIT 10`,
        [new Date(NOVEMBER).toISOString()],
      );
    });
    expect(dateIndexWalks(walk, BOUND)).toEqual([expect.stringMatching(/events_(published_)?starts\w*_idx: \d+ rows/)]);
  });
});
