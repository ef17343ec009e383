import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Row } from '../db/database';
import { SEARCHABLE } from '../db/entities';
import { Store, type Json } from '../db/store';
import { whereClauses } from '../db/where';
import { seedVolume } from '../demo/volume';
import { BACKENDS, openTestDb } from '../testing/test-app';
import { analysedPlan, dateIndexWalks, type PlanNode } from '../testing/date-index-walks';
import { queryWords, resolveTsQuery } from './full-text';
import { AGENDA_WINDOW, RANKED_CANDIDATES, searchStatement } from './search-statement';
import { SearchService, type SearchAnswer, type SearchInput } from './search.service';

const NOVEMBER = Date.parse('2026-11-02T12:00:00Z');
const QUERIES = ['jazz', 'concert', 'théâtre', 'theatre', 'concrt', 'jazz baroque', 'Poitiers', 'exposition photo', 'festival', 'marché', 'danse', 'humour', 'zéphyr', 'aquilon', 'borée', 'zzzz', 'le la'];
const VARIANTS: Array<Omit<SearchInput, 'q'>> = [{ limit: 10 }, { limit: 1 }, { limit: 50 }, { limit: 10, upcomingOnly: true }, { limit: 10, city: 'Poitiers' }, { limit: 25, city: 'niort', upcomingOnly: true }];

/**
 * The search as the store's separate statements answered it before it became one statement
 * (a count, then each page looked for in its window, then from the index; a list per other
 * kind): the reference the one statement must match, result for result.
 */
async function separately(store: Store, now: number, input: SearchInput) {
  const tsquery = await resolveTsQuery(store.db, input.q);
  const results = await Promise.all(
    SEARCHABLE.map(async ({ resource, kind, byCity, agenda }) => {
      if (!tsquery) return { kind, total: 0, totalIsEstimate: false, items: [] as Json[] };
      const { where, params, add, and } = whereClauses();
      if (input.city && byCity) add('lower(city) = lower({})', input.city);
      if (!agenda) {
        const page = await store.list(resource, { where, params, tsquery, limit: input.limit, offset: 0, rankAmong: RANKED_CANDIDATES });
        return { kind, ...page };
      }
      where.push(`status = 'published'`);
      const when = (clause: string) => and(clause, new Date(now).toISOString());
      const counted = await store.count(resource, { ...(input.upcomingOnly ? when('starts_at >= {}') : { where, params }), tsquery });
      const window = counted.totalIsEstimate ? AGENDA_WINDOW : 0;
      const upcoming = await store.list(resource, { ...when('starts_at >= {}'), tsquery, order: 'starts_at ASC, id', limit: input.limit, offset: 0, count: 'none', window });
      const missing = input.limit - upcoming.items.length;
      const past = missing > 0 && !input.upcomingOnly ? await store.list(resource, { ...when('starts_at < {}'), tsquery, order: 'starts_at DESC, id', limit: missing, offset: 0, count: 'none', window }) : null;
      return { kind, ...counted, items: [...upcoming.items, ...(past?.items ?? [])] };
    }),
  );
  return {
    counts: Object.fromEntries(results.map((r) => [r.kind, r.total])),
    estimates: Object.fromEntries(results.map((r) => [r.kind, r.totalIsEstimate])),
    items: results.flatMap((r) => r.items.map((item) => `${r.kind} ${item._id}`)),
  };
}

/** A parameter as an SQL literal, for EXECUTE. */
const literal = (value: unknown): string => {
  const text = (v: unknown) => `'${String(v).replaceAll("'", "''")}'`;
  return typeof value === 'number' ? String(value) : Array.isArray(value) ? `ARRAY[${value.map(text).join(', ')}]::text[]` : text(value);
};

/** The database, counting the statements sent. */
function counting(db: Db, sent: string[]): Db {
  return { kind: db.kind, query: <T extends Row = Row>(text: string, params: unknown[] = []) => (sent.push(text), db.query<T>(text, params)), transaction: (fn) => db.transaction(fn), close: () => db.close() };
}

describe.each(BACKENDS)('the search in one statement on %s', (backend) => {
  let db: Db;

  beforeAll(async () => {
    db = await openTestDb(backend);
    await seedVolume(db, { events: 3000, now: NOVEMBER });
    // A word on the last two events in five: common, yet in no window of the next events.
    await db.query(`UPDATE events SET search = search || ' zéphyr' WHERE starts_at >= (SELECT percentile_disc(0.6) WITHIN GROUP (ORDER BY starts_at) FROM events)`);
    // A word on every event of the count's sample (migration 0029), which reaches the cap there;
    // another on as many events, none of them in the sample, which only the whole index counts.
    await db.query(`UPDATE events SET search = search || ' aquilon' WHERE right(id, 1) = '0'`);
    await db.query(`UPDATE events SET search = search || ' boree' WHERE right(id, 1) IN ('1', '2')`);
    await db.query(`INSERT INTO search_words (word) VALUES ('zephyr'), ('aquilon'), ('boree') ON CONFLICT DO NOTHING`);
    await db.query('ANALYZE events');
  });
  afterAll(() => db.close());

  /**
   * The plan a search runs once its statement is prepared (its generic plan, the word unknown),
   * as on a large table, executed with each of `runs`' parameters.
   */
  const genericPlans = (text: string, runs: unknown[][]): Promise<PlanNode[]> =>
    db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      // The disabled sequential read (the probe's first rows) makes the plan's cost huge: PostgreSQL would compile it at every run.
      if (backend === 'postgres') await tx.query('SET LOCAL jit = off');
      await tx.query(`PREPARE generic_search AS ${text}`);
      try {
        const plans: PlanNode[] = [];
        for (const params of runs) {
          plans.push(await analysedPlan(tx, `EXECUTE generic_search(${params.map(literal).join(', ')})`));
        }
        return plans;
      } finally {
        await tx.query('DEALLOCATE generic_search');
      }
    });

  it.each(QUERIES)('« %s » finds what the separate statements found: same results in the same order, same counts and estimates', async (q) => {
    const search = new SearchService(db, () => NOVEMBER);
    for (const variant of VARIANTS) {
      const input = { q, ...variant };
      const found = JSON.parse(await search.search(input)) as SearchAnswer;
      const expected = await separately(new Store(db), NOVEMBER, input);
      expect({ counts: found.counts, estimates: found.estimates, items: found.items.map((i) => `${i.kind} ${i._id}`) }, JSON.stringify(variant)).toEqual(expected);
      expect(found.meta.total).toBe(Object.values(expected.counts).reduce((n, c) => n + c, 0));
    }
  });

  it('plans the statement once for every word: its generic plan, the word unknown, never walks the date index past the window', async () => {
    const queries = QUERIES.map(queryWords).filter((words) => words.length > 0);
    for (const variant of VARIANTS) {
      const statement = (words: string[]) => searchStatement({ words, limit: variant.limit, city: variant.city, upcomingOnly: variant.upcomingOnly, now: new Date(NOVEMBER).toISOString() });
      const plans = await genericPlans(statement(['x']).text, queries.map((words) => statement(words).params));
      const walks = plans.flatMap((plan, i) => dateIndexWalks(plan, Math.round(AGENDA_WINDOW * 1.2)).map((walk) => `${queries[i]!.join(' ')}: ${walk}`));
      expect(walks, JSON.stringify(variant)).toEqual([]);
    }
  }, 120_000);

  it('counts a word on every event of the sample to the cap from the sample’s index, never listing the whole index’s matches', async () => {
    const statement = searchStatement({ words: ['aquilon'], limit: 10, now: new Date(NOVEMBER).toISOString() });
    const [plan] = await genericPlans(statement.text, [statement.params]);
    const loops = new Map<string, number>();
    const visit = (node: PlanNode) => {
      if (node['Index Name']) loops.set(node['Index Name'], (loops.get(node['Index Name']) ?? 0) + node['Actual Loops']);
      node.Plans?.forEach(visit);
    };
    visit(plan!);
    const reads = { sample: loops.get('events_tsv_sample_idx') ?? 0, whole: loops.get('events_tsv_idx') ?? 0 };
    expect(reads).toEqual({ sample: 1, whole: 0 });
  });

  it.runIf(backend === 'postgres')('keeps the statement’s generic plan once prepared, rather than planning it at every search', async () => {
    const statement = searchStatement({ words: queryWords('jazz baroque'), limit: 10, now: new Date(NOVEMBER).toISOString() });
    const plans = await db.transaction(async (tx) => {
      // One connection: a prepared statement is its own. PostgreSQL plans the first five runs for their parameters.
      for (let run = 0; run < 8; run++) await tx.query(statement.text, statement.params, statement.name);
      return tx.query<{ generic_plans: string; custom_plans: string }>('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [statement.name]);
    });
    // The connection may have run it before (the searches above): at most the first five planned, every later run generic.
    expect(plans).toHaveLength(1);
    expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
  });

  it('sends one statement, typo or not: the query is resolved in it', async () => {
    for (const q of ['jazz', 'concrt', 'exposiiton photo', 'le la']) {
      const sent: string[] = [];
      await new SearchService(counting(db, sent), () => NOVEMBER).search({ q, limit: 10 });
      expect(sent, q).toHaveLength(1);
    }
    const sent: string[] = [];
    await new SearchService(counting(db, sent), () => NOVEMBER).search({ q: '!!', limit: 10 });
    expect(sent, 'no word').toHaveLength(0);
  });
});
