import type { Db } from '../db/database';
import { SEARCHABLE } from '../db/entities';
import type { Json, Store } from '../db/store';
import { whereClauses } from '../db/where';
import { resolveTsQuery } from './full-text';

/** Results of a kind ranked by relevance, among the first ones the index finds. */
const RANKED_CANDIDATES = 200;
/**
 * The agenda's events looked for first among the next (or last) this many in date order; past
 * them, from the full-text index (store.ts's `window`). A word on one event in fifty fills a
 * page of ten there.
 */
export const AGENDA_WINDOW = 500;

export interface SearchInput {
  q: string;
  limit: number;
  city?: string;
  /** Only events still to come (by default, past ones follow the upcoming ones). */
  upcomingOnly?: boolean;
}

interface KindResult {
  kind: string;
  total: number;
  totalIsEstimate: boolean;
  items: Array<{ kind: string; _id: string; title: string; item: Json }>;
}

/**
 * GET /api/search: events, places, organisations and artists for one query. The query is
 * resolved once (typos corrected against the vocabulary), then each kind is read from its
 * full-text index: events upcoming first in date order, then the most recent past ones;
 * the others by relevance. Counts are capped like every list's.
 */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async search(input: SearchInput) {
    const tsquery = await resolveTsQuery(this.db, input.q);
    const results = await Promise.all(SEARCHABLE.map((searchable) => (tsquery ? this.searchKind(searchable, tsquery, input) : empty(searchable.kind))));
    return {
      meta: { total: results.reduce((n, r) => n + r.total, 0), limit: input.limit, offset: 0, ...(results.some((r) => r.totalIsEstimate) ? { totalIsEstimate: true } : {}) },
      q: input.q,
      counts: Object.fromEntries(results.map((r) => [r.kind, r.total])),
      /** Kinds whose count stopped at the cap: there are at least that many. */
      estimates: Object.fromEntries(results.map((r) => [r.kind, r.totalIsEstimate])),
      items: results.flatMap((r) => r.items),
    };
  }

  private async searchKind({ resource, kind, title, byCity, agenda }: (typeof SEARCHABLE)[number], tsquery: string, input: SearchInput): Promise<KindResult> {
    const found = (items: Json[]) => items.map((item) => ({ kind, _id: item._id, title: String(item[title] ?? ''), item }));
    const { where, params, add, and } = whereClauses();
    if (input.city && byCity) add('lower(city) = lower({})', input.city);
    if (!agenda) {
      const page = await this.store.list(resource, { where, params, tsquery, limit: input.limit, offset: 0, rankAmong: RANKED_CANDIDATES });
      return { kind, total: page.total, totalIsEstimate: page.totalIsEstimate, items: found(page.items) };
    }
    where.push(`status = 'published'`);
    const now = new Date(this.now()).toISOString();
    const when = (clause: string) => and(clause, now);
    // The count first, from the full-text index: a word with fewer matches than the count's cap
    // (a name, a typo's correction) is read from that index at once, with no walk of the dates.
    const counted = await this.store.count(resource, { ...(input.upcomingOnly ? when('starts_at >= {}') : { where, params }), tsquery });
    const window = counted.totalIsEstimate ? AGENDA_WINDOW : 0;
    const upcoming = await this.store.list(resource, { ...when('starts_at >= {}'), tsquery, order: 'starts_at ASC, id', limit: input.limit, offset: 0, count: 'none', window });
    const missing = input.limit - upcoming.items.length;
    const past = missing > 0 && !input.upcomingOnly ? await this.store.list(resource, { ...when('starts_at < {}'), tsquery, order: 'starts_at DESC, id', limit: missing, offset: 0, count: 'none', window }) : null;
    return { kind, total: counted.total, totalIsEstimate: counted.totalIsEstimate, items: found([...upcoming.items, ...(past?.items ?? [])]) };
  }
}

const empty = (kind: string): KindResult => ({ kind, total: 0, totalIsEstimate: false, items: [] });
