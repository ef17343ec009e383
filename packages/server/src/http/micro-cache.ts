import type { FastifyReply, FastifyRequest } from 'fastify';

export const MICRO_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

/**
 * A one-second cache of anonymous public reads (event lists, search), keyed by url. Any
 * successful write through the API drops it, so a visitor never waits more than a second
 * for a time-based change (an event starting) and never for an edit.
 */
export class MicroCache {
  private readonly entries = new Map<string, { at: number; body: string }>();
  private readonly clearListeners: Array<() => void> = [];

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = MICRO_CACHE_TTL_MS,
  ) {}

  clear(): void {
    this.entries.clear();
    for (const listener of this.clearListeners) listener();
  }

  /** Calls `listener` on every clear: another copy of public data (the cities list) is dropped with the cache, on every node. */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /** Answers from the cache, or computes the JSON text (anonymous requests only); `type` for another text (a feed's XML). */
  async serve(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<string>, type = 'application/json; charset=utf-8'): Promise<FastifyReply> {
    const anonymous = !request.headers.cookie && !request.headers.authorization;
    const key = request.url;
    if (anonymous && this.ttlMs > 0) {
      const hit = this.entries.get(key);
      if (hit && this.now() - hit.at < this.ttlMs) return reply.type(type).send(hit.body);
    }
    const body = await compute();
    if (anonymous && this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { at: this.now(), body });
    }
    return reply.type(type).send(body);
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
