import type { Db } from '../db/database';
import { SEARCHABLE } from '../db/entities';
import { jsonText } from '../db/store';
import { queryWords } from './full-text';
import { EVENTS_COUNT_CAP, rankedCountCap, searchStatement, type SearchRow } from './search-statement';

export interface SearchInput {
  q: string;
  limit: number;
  city?: string;
  /** Only events still to come (by default, past ones follow the upcoming ones). */
  upcomingOnly?: boolean;
}

/** What `search` answers, as JSON text. */
export interface SearchAnswer {
  meta: { total: number; limit: number; offset: number; totalIsEstimate?: true };
  q: string;
  counts: Record<string, number>;
  estimates: Record<string, boolean>;
  items: Array<{ kind: string; _id: string; title: string; item: Record<string, unknown> & { _id: string; createdAt: string; updatedAt: string } }>;
}

interface KindResult {
  kind: string;
  total: number;
  totalIsEstimate: boolean;
  /** Each result as JSON text: `{ kind, _id, title, item }`, the record framed as the database wrote it. */
  items: string[];
}

/**
 * GET /api/search: events, places, organisations and artists for one query, in one statement
 * (search-statement.ts): the query resolved (typos corrected against the vocabulary), then every
 * kind read from its full-text index: events upcoming first in date order,
 * then the most recent past ones; the others by relevance. Counts are capped like every list's.
 */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * The answer as JSON text: `{ meta, q, counts, estimates, items }`, each item `{ kind, _id,
   * title, item }`. The records are framed as the database wrote them, never parsed nor
   * re-serialised (as the public lists: Store.listJson).
   */
  async search(input: SearchInput): Promise<string> {
    const words = queryWords(input.q);
    const rows = words.length ? await this.read({ words, input }) : [];
    const results = SEARCHABLE.map((searchable) => kindResult(searchable, input, rows.filter((row) => row.kind === searchable.kind)));
    const head = JSON.stringify({
      meta: { total: results.reduce((n, r) => n + r.total, 0), limit: input.limit, offset: 0, ...(results.some((r) => r.totalIsEstimate) ? { totalIsEstimate: true } : {}) },
      q: input.q,
      counts: Object.fromEntries(results.map((r) => [r.kind, r.total])),
      /** Kinds whose count stopped at the cap: there are at least that many. */
      estimates: Object.fromEntries(results.map((r) => [r.kind, r.totalIsEstimate])),
    });
    return `${head.slice(0, -1)},"items":[${results.flatMap((r) => r.items).join(',')}]}`;
  }

  private read({ words, input }: { words: string[]; input: SearchInput }): Promise<SearchRow[]> {
    const { text, params, name } = searchStatement({ words, limit: input.limit, city: input.city, upcomingOnly: input.upcomingOnly, now: new Date(this.now()).toISOString() });
    return this.db.query<SearchRow>(text, params, name);
  }
}

/**
 * A kind's results and count from its rows. Events carry their capped count in a row of their
 * own; the ranked kinds, like a list's page, tell their total by a page that is not full, and
 * otherwise by the capped count each row carries.
 */
function kindResult({ kind, agenda }: (typeof SEARCHABLE)[number], input: SearchInput, rows: SearchRow[]): KindResult {
  const label = JSON.stringify(kind);
  const items = rows
    .filter((row) => row.id !== null)
    .map((row) => `{"kind":${label},"_id":${JSON.stringify(row.id)},"title":${JSON.stringify(row.title ?? '')},"item":${jsonText(row)}}`);
  if (agenda) {
    const total = Number(rows.find((row) => row.id === null)?.total ?? 0);
    return { kind, total, totalIsEstimate: total >= EVENTS_COUNT_CAP, items };
  }
  if (items.length > 0 && items.length < input.limit) return { kind, total: items.length, totalIsEstimate: false, items };
  const total = Number(rows[0]?.total ?? 0);
  return { kind, total, totalIsEstimate: total >= rankedCountCap(input.limit), items };
}
