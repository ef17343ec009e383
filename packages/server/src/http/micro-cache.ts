import type { FastifyReply, FastifyRequest } from 'fastify';

export const MICRO_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

/** How a read is answered from the cache; `shared` false for an answer that depends on who asks (staff's drafts, one's own fields). */
export interface CacheServing {
  /** The answer's type, for another text than JSON (a feed's XML). */
  type?: string;
  shared?: boolean;
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
  private readonly entries = new Map<string, { at: number; body: Promise<string> }>();
  private readonly clearListeners: Array<() => void> = [];

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = MICRO_CACHE_TTL_MS,
  ) {}

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
   * second's answer expires, 32 visitors of the same agenda cost one read, not 32.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<string>, { type = 'application/json; charset=utf-8', shared = true }: CacheServing = {}): Promise<FastifyReply> {
    const kept = shared && this.ttlMs > 0;
    const key = request.url;
    if (kept && !wantsFresh(request)) {
      const hit = this.entries.get(key);
      if (hit && this.now() - hit.at < this.ttlMs) return reply.type(type).send(await hit.body);
    }
    const body = compute();
    if (kept) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      const entry = { at: this.now(), body };
      this.entries.set(key, entry);
      // A refusal (404, 400) or a failure is not kept: the next request computes again.
      body.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return reply.type(type).send(await body);
  }
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

/** A page `{meta, items}` around items already serialised as a JSON array. */
export const pageJson = (items: string, meta: ReturnType<typeof pageMeta>) => `{"meta":${JSON.stringify(meta)},"items":${items}}`;
