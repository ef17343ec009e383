import type { FastifyReply, FastifyRequest } from 'fastify';
import { SharedAnswer } from './encoding';
import type { AnswerText, TextParts } from '../text-parts';
import { FreshReads } from './fresh-reads';

export const MICRO_CACHE_TTL_MS = 1000;
/**
 * How long before its second ends a kept answer is read afresh, in the background, by the first
 * request that asks for it then. Its readers are served the kept answer meanwhile, never older
 * than the second: without it, every list's answer expired at once, each second, and the crowd
 * of each waited for its read behind the others' (the embedded database runs one at a time).
 */
export const MICRO_CACHE_REFRESH_AHEAD_MS = 250;
const MAX_ENTRIES = 1000;

/** How a read is answered from the cache; `shared` false for an answer that depends on who asks (staff's drafts, one's own fields). */
export interface CacheServing {
  /** The answer's type, for another text than JSON (a feed's XML). */
  type?: string;
  shared?: boolean;
}

interface Entry {
  /** When its read began. */
  at: number;
  answer: Promise<SharedAnswer>;
  /** Its read afresh, begun ahead of its end. */
  refresh?: Entry;
}

/** A request that asks for a fresh answer (a browser's forced reload sends it): the store is not read, and is written. */
const wantsFresh = (request: FastifyRequest) => /\bno-cache\b/i.test(`${request.headers['cache-control'] ?? ''} ${request.headers.pragma ?? ''}`);

/**
 * A one-second cache of public reads (event lists, search, feeds), keyed by url. What is the
 * same for everyone is served from it to every visitor, with a session or without (issue 34:
 * a signed-in crowd costs no more than an anonymous one); an answer that depends on who asks
 * is never kept. Any successful write through the API drops it, on every node, so a visitor
 * never waits more than a second for a time-based change (an event starting) and never for an edit.
 */
export class MicroCache {
  private readonly entries = new Map<string, Entry>();
  /** The last answer read for each url, kept past its second: see `sameAsLast`. */
  private readonly lastAnswers = new Map<string, SharedAnswer>();
  private readonly clearListeners: Array<() => void> = [];
  private readonly fresh: FreshReads<SharedAnswer>;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = MICRO_CACHE_TTL_MS,
    /** How many reads afresh (forced reloads) run at once: freshReadPlaces. */
    freshReadPlaces = 2,
  ) {
    this.fresh = new FreshReads(freshReadPlaces);
  }

  clear(): void {
    this.entries.clear();
    for (const listener of this.clearListeners) listener();
  }

  /** Calls `listener` on every clear: other copies of public data (the cities list, pages, sessions read lately) are dropped with the cache, on every node. */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /**
   * Answers from the cache, or computes the text (and keeps it when it is `shared`, as by
   * default). A crowd asking at once for what is not kept yet waits for one computation: when a
   * second's answer expires, 32 visitors of the same agenda cost one read, not 32. In the last
   * MICRO_CACHE_REFRESH_AHEAD_MS of its second, the first request also starts its read afresh,
   * and is answered from the kept answer. A forced reload is never answered from the cache, and
   * its answer is kept for the others. Each answer is encoded and compressed once, for all its readers.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<AnswerText>, { type = 'application/json; charset=utf-8', shared = true }: CacheServing = {}): Promise<FastifyReply> {
    const kept = shared && this.ttlMs > 0;
    const key = request.url;
    const answer = () => compute().then((text) => (shared ? this.sameAsLast(key, new SharedAnswer(text)) : new SharedAnswer(text)));
    const reload = wantsFresh(request);
    if (kept && !reload) {
      const hit = this.entries.get(key);
      if (hit) {
        const age = this.now() - hit.at;
        if (age < this.ttlMs) {
          if (age >= this.ttlMs - MICRO_CACHE_REFRESH_AHEAD_MS && !hit.refresh) hit.refresh = this.read(key, answer, hit);
          return (await hit.answer).send(request, reply, type);
        }
        // Expired while its read afresh was under way: that read answers.
        if (hit.refresh && this.now() - hit.refresh.at < this.ttlMs) return (await hit.refresh.answer).send(request, reply, type);
      }
    }
    // A forced reload is read afresh, never from a read begun before it; a shared answer's read is
    // taken with the other reloads of its url that arrive while it waits for its place (FreshReads).
    const read = shared && reload ? () => this.fresh.read(key, answer) : answer;
    return (await (kept ? this.read(key, read, null).answer : read())).send(request, reply, type);
  }

  /**
   * Starts `compute` and keeps its answer under `key`: at once, or (`replacing`: a read afresh)
   * once it succeeds, if that entry is still the one kept: a clear meanwhile dropped it, and
   * what was read before an edit is not kept after it. A refusal (404, 400) or a failure is not
   * kept: the next request computes again.
   */
  private read(key: string, compute: () => Promise<SharedAnswer>, replacing: Entry | null): Entry {
    const entry: Entry = { at: this.now(), answer: compute() };
    const current = () => this.entries.get(key) === (replacing ?? entry);
    if (!replacing) this.keep(key, entry);
    entry.answer.then(
      () => {
        if (replacing && current()) this.keep(key, entry);
      },
      () => {
        if (current()) this.entries.delete(key);
      },
    );
    return entry;
  }

  /**
   * The answer just read, or the last one read for the same url when its bytes are the same: a
   * read afresh still reads, but what it found unchanged is neither compressed again nor kept
   * twice. Measured on a crowd reloading 12 city agendas (issue 34): brotli took a quarter of the
   * server's time for browsers, which all accept it; and for any client, keeping each read's new
   * 16 KB for its second made the server fault five to seven thousand pages a second, where
   * comparing the bytes takes a quarter of a microsecond. Only bytes equal to the last read's are answered
   * with it, so no edit is hidden, although writes do not clear this map.
   */
  private sameAsLast(key: string, answer: SharedAnswer): SharedAnswer {
    const last = this.lastAnswers.get(key);
    if (last?.sameBytes(answer)) return last;
    remember(this.lastAnswers, key, answer);
    return answer;
  }

  private keep(key: string, entry: Entry): void {
    remember(this.entries, key, entry);
  }
}

/** Sets `key` in `map`, emptied first when a new key would take it past MAX_ENTRIES. */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_ENTRIES && !map.has(key)) map.clear();
  map.set(key, value);
}

/** The `meta` of a list page; `totalIsEstimate` only when counting stopped at the cap (see Store.list). */
export const pageMeta = (result: { total: number; totalIsEstimate: boolean; next?: string | null }, query: { limit: number; offset: number }) => ({
  total: result.total,
  limit: query.limit,
  offset: query.offset,
  ...(result.totalIsEstimate ? { totalIsEstimate: true } : {}),
  // The lists that page by cursor too (ListOptions.cursor): the next page's, null on the last.
  ...(result.next === undefined ? {} : { nextCursor: result.next }),
});

/** A page `{meta, items}` around items already serialised as a JSON array, given in parts (Store.listJsonParts): in parts too. */
export const pageJsonParts = (items: TextParts, meta: ReturnType<typeof pageMeta>): TextParts => [`{"meta":${JSON.stringify(meta)},"items":`, ...items, '}'];

/** The same page around items given whole. */
export const pageJson = (items: string, meta: ReturnType<typeof pageMeta>): string => pageJsonParts([items], meta).join('');
