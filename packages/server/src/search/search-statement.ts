import { ENTITIES, SEARCHABLE } from '../db/entities';
import { COUNT_CAP, ISO_TIMES, shownData } from '../db/store';
import { resolvedTsQuery } from './full-text';

/**
 * Results of a kind ranked by relevance, among the first ones the index finds: as many as the
 * capped count (COUNT_CAP), which they also give. 200 cost the embedded database's searches
 * about 15 % more (4 clients, the bench's 12 words); a word on more than 100 places or artists
 * is now ranked among fewer of them, which are, as before, the first the index finds.
 */
export const RANKED_CANDIDATES = 100;
/**
 * The agenda's events looked for first among the next (or last) this many in date order; past
 * them, from the full-text index. A word on one event in fifty fills a page of ten there.
 */
export const AGENDA_WINDOW = 500;

export interface SearchStatementInput {
  /** The query's words (full-text.ts's queryWords), resolved in the statement (resolvedTsQuery). */
  words: string[];
  limit: number;
  city?: string;
  upcomingOnly?: boolean;
  /** The instant that splits upcoming events from past ones, ISO 8601. */
  now: string;
}

/**
 * A row of the search statement: a kind's count (`id` null), or one of its results in order,
 * its record as the database writes it (jsonb text, dates in ISO 8601) and its title.
 */
export interface SearchRow extends Record<string, unknown> {
  kind: string;
  id: string | null;
  data: string | null;
  title: string | null;
  total: number | string | null;
}

/**
 * The published events of one sixteenth of the table (ids are random hex), which migration 0029
 * indexes apart, on strip(search_tsv) so that only that index can read them: a word reaching the
 * count's cap there has at least as many events in all.
 */
const SAMPLE = `right(id, 1) = '0'`;
/** The first rows of the table in the order they are stored, read to tell how often a word is on an event. */
const COUNT_PROBE = 200;

/** The count of events at which a word is taken as common: its events are first looked for among the window's. */
export const EVENTS_COUNT_CAP = COUNT_CAP;
/** The capped count of the kinds ranked by relevance (a list's: past the page asked for). */
export const rankedCountCap = (limit: number) => Math.max(COUNT_CAP, limit + 1);

/**
 * GET /api/search in one statement: the query's resolution (full-text.ts), then every kind's
 * results and counts, so that a search costs the database one round trip rather than nine or
 * more, which the embedded database, running one statement at a time, served one after the other.
 *
 * Events: the capped count (`counted`, from a sixteenth of them when the word reaches the cap
 * there), then the first `limit` upcoming ones in date order and,
 * when they are fewer, the most recent past ones. Each of these pages is first looked for among
 * the window's rows in date order (`*_near`), only when the word is common (its count reached the
 * cap) and the probe below found it often enough for the window to hold a page (`festival`, in
 * one event in ninety, all in summer, read a window in vain: 1.2 to 1.7 ms on the embedded
 * database); when the window holds fewer matches than the page, among every match read from the
 * full-text index and sorted (`matches`, materialised: planned alone, with no order to walk the
 * date index by). A CTE that no branch reads is never run, and the one-time filters on the
 * InitPlans decide which branch reads, so that no word walks the date index through tens of
 * thousands of rows (issue 34) and a common word reads no more than its window. Only ids and
 * dates go through the windows and the sorts; the records are read by id for the page alone.
 *
 * The other kinds: ranked by relevance among the first RANKED_CANDIDATES matches, as the store's
 * lists with `rankAmong` (store.ts); their capped count is those candidates' (as many as the cap
 * or more), not a second read of the index. Only ids, names and ranks are sorted; the records
 * are read by id for the page alone.
 *
 * Rows come kind by kind in SEARCHABLE's order, each kind's count first (`id` null), then its
 * results in order.
 *
 * Prepared (`name`): parsing and planning this statement cost more than running it on the
 * embedded database (5.5 of 9.5 ms for `jazz`). Its plan holds for any word, the word unknown
 * (search-statement.test.ts runs the generic plan): the counts and the matches from the
 * full-text indexes, the windows from the date index, which the word does not change.
 */
export function searchStatement(input: SearchStatementInput): { text: string; params: unknown[]; name: string } {
  const params: unknown[] = [input.words, input.now, input.limit];
  // The resolved query, NULL when nothing in it can be searched: then nothing matches.
  const q = '(SELECT q FROM resolved)';
  const now = '$2::timestamptz';
  const limit = '$3::bigint';
  let city = '';
  if (input.city) {
    params.push(input.city);
    city = `lower(city) = lower($${params.length}) AND `;
  }
  const ctes: string[] = [`resolved AS MATERIALIZED (SELECT (${resolvedTsQuery('$1::text[]')})::tsquery AS q)`];
  const selects: string[] = [];
  for (const [position, searchable] of SEARCHABLE.entries()) {
    const kind = ENTITIES[searchable.resource];
    const table = kind.table;
    const byCity = searchable.byCity ? city : '';
    const label = `'${searchable.kind}'::text`;
    if (searchable.agenda) {
      const filter = `${byCity}status = 'published'`;
      const upcoming = input.upcomingOnly ? ` AND starts_at >= ${now}` : '';
      // Every match, read from the full-text index only when a window holds fewer than its page:
      // without the date's clause (but for upcoming events only), which made the planner AND a
      // bitmap of every event to come (66,719 rows, 4.5 ms) to the word's.
      ctes.push(`matches AS MATERIALIZED (SELECT id, starts_at FROM ${table} WHERE ${filter}${upcoming} AND search_tsv @@ ${q})`);
      const page = (name: string, side: '>=' | '<', direction: 'ASC' | 'DESC', size: string, gate: string) => {
        const order = `starts_at ${direction}, id`;
        ctes.push(
          // The word is matched before the window's sort: only ids, dates and a boolean are sorted.
          `${name}_near AS MATERIALIZED (SELECT id, starts_at FROM (SELECT id, starts_at, search_tsv @@ ${q} AS hit FROM ${table} WHERE ${filter} AND starts_at ${side} ${now} ORDER BY ${order} LIMIT ${AGENDA_WINDOW}) AS w WHERE hit AND (SELECT n FROM counted) >= ${EVENTS_COUNT_CAP} AND (SELECT n FROM probed) * ${AGENDA_WINDOW} >= ${size} * ${COUNT_PROBE}${gate} ORDER BY ${order} LIMIT ${size})`,
          `${name} AS MATERIALIZED (SELECT id, starts_at FROM ${name}_near WHERE (SELECT count(*) FROM ${name}_near) = ${size} UNION ALL (SELECT id, starts_at FROM matches WHERE starts_at ${side} ${now} AND (SELECT count(*) FROM ${name}_near) < ${size} ORDER BY ${order} LIMIT ${size}))`,
        );
      };
      const counting = `${filter}${upcoming} AND search_tsv @@ ${q}`;
      ctes.push(
        // The count to the cap, first among the sample's events: from the whole full-text index,
        // PostgreSQL first lists every event the word is on (`jazz`, on 7,556 events: 6 ms on the
        // embedded database to count to 100); from the sample's index, about one in sixteen of
        // them (0.5 ms). The whole index then counts only the words on fewer than one event in
        // sixty, which reach the cap nowhere else.
        `sampled AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${SAMPLE} AND ${filter}${upcoming} AND strip(search_tsv) @@ ${q} LIMIT ${EVENTS_COUNT_CAP}) AS capped)`,
        `counted AS MATERIALIZED (SELECT CASE WHEN (SELECT n FROM sampled) >= ${EVENTS_COUNT_CAP} THEN (SELECT n FROM sampled) ELSE (SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${counting} LIMIT ${EVENTS_COUNT_CAP}) AS capped) END AS n)`,
        // How many of a window's rows the word may be on: the share of the first rows it is on.
        `probed AS MATERIALIZED (SELECT count(*) FILTER (WHERE ${counting}) AS n FROM (SELECT * FROM ${table} LIMIT ${COUNT_PROBE}) AS ${table})`,
      );
      page('upcoming', '>=', 'ASC', limit, '');
      const found = [`SELECT id, row_number() OVER (ORDER BY starts_at ASC, id) AS ord FROM upcoming`];
      if (!input.upcomingOnly) {
        ctes.push(`missing AS MATERIALIZED (SELECT greatest(${limit} - count(*), 0) AS n FROM upcoming)`);
        page('past', '<', 'DESC', '(SELECT n FROM missing)', ' AND (SELECT n FROM missing) > 0');
        found.push(`SELECT id, ${limit} + row_number() OVER (ORDER BY starts_at DESC, id) AS ord FROM past`);
      }
      selects.push(
        `SELECT ${position} AS k, ${label} AS kind, NULL::text AS id, NULL::text AS data, NULL::text AS title, NULL::text AS created_at, NULL::text AS updated_at, (SELECT n FROM counted) AS total, 0::bigint AS ord`,
        `SELECT ${position}, ${label}, e.id, ${shownData(kind, 'e.data')}::text, e.data->>'${searchable.title}', ${ISO_TIMES}, NULL::bigint, f.ord FROM (${found.join(' UNION ALL ')}) AS f JOIN ${table} AS e ON e.id = f.id`,
      );
      continue;
    }
    const where = `${byCity}search_tsv @@ ${q}`;
    const rank = `ts_rank(search_tsv, ${q}) DESC, ${kind.order}`;
    const cap = rankedCountCap(input.limit);
    selects.push(
      `SELECT ${position}, ${label}, e.id, ${shownData(kind, 'e.data')}::text, e.data->>'${searchable.title}', ${ISO_TIMES}, least(r.found, ${cap}), r.ord FROM (SELECT id, count(*) OVER () AS found, row_number() OVER (ORDER BY ${rank}) AS ord FROM (SELECT * FROM ${table} WHERE ${where} LIMIT ${Math.max(RANKED_CANDIDATES, cap)}) AS ${table} ORDER BY ${rank} LIMIT ${limit}) AS r JOIN ${table} AS e ON e.id = r.id`,
    );
  }
  return {
    text: `WITH ${ctes.join(',\n')}\nSELECT kind, id, data, title, created_at, updated_at, total FROM (${selects.join('\nUNION ALL ')}) AS found ORDER BY k, ord`,
    params,
    // One name per text: the parameters aside, the statement varies only by these.
    name: `search${input.city ? '_city' : ''}${input.upcomingOnly ? '_upcoming' : ''}_${rankedCountCap(input.limit)}`,
  };
}
