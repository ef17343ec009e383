import { proxy, ref } from 'valtio/vanilla';
import type { ProductApiPort } from '../ports/product-api.port';
import { ApiError, AppError, NotFoundError } from '../domain/errors';

/** A part of a key: a value, or a flat record of filters (its keys' order does not matter). */
export type QueryKeyPart = string | number | boolean | null | Readonly<Record<string, string | number | boolean | null | undefined>>;
/** A query's name, as an array from the general to the particular: ['events', 'one', id], ['events', 'list', { city }, 0]. */
export type QueryKey = readonly QueryKeyPart[];

/** What a feature declares once, outside components: where the data lives and how to load it. */
export interface QueryDefinition<T> {
  key: QueryKey;
  load: (api: ProductApiPort) => Promise<T>;
}

/**
 * One key's state, a valtio proxy the web reads with useSnapshot. `data` is kept while a
 * reload runs (`fetching`), so a page never blinks back to its skeleton.
 */
export type QueryEntry<T> =
  | { status: 'loading'; data: undefined; error: undefined; fetching: boolean }
  | { status: 'error'; data: undefined; error: unknown; fetching: boolean }
  | { status: 'success'; data: T; error: undefined; fetching: boolean };

interface Slot {
  key: QueryKey;
  entry: QueryEntry<unknown>;
  definition: QueryDefinition<unknown> | null;
  inFlight: Promise<unknown> | null;
  /** Bumped by every write, so a load started before an optimistic write cannot undo it. */
  version: number;
  watchers: number;
  /** Until when a watch need not load again (data the server rendered the page with). */
  freshUntil: number;
}

/** Puts back what `patch` changed. */
export type Rollback = () => void;

/** A query as a page rendered on the server hands it to the browser: its data, or the error its page shows. */
export type DehydratedQuery =
  | { key: QueryKey; data: unknown }
  | { key: QueryKey; error: { message: string; statusCode: number; code?: string } };

/** How long what the server loaded stays fresh in the browser: a hydrated page does not ask for it again at once. */
export const HYDRATED_FRESH_MS = 30_000;

const sorted = (_: string, value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value;
const hashOf = (key: QueryKey | QueryKeyPart) => JSON.stringify(key, sorted);
// Data and errors are replaced whole, never edited: valtio need not track inside them.
const opaque = <T>(value: T): T => (value !== null && typeof value === 'object' ? (ref(value) as T) : value);
const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.length <= key.length && prefix.every((part, i) => hashOf(key[i]!) === hashOf(part));

/**
 * The keyed cache of the product API's reads, framework-free (TanStack's query-core, in the
 * few lines this app needs, over valtio/vanilla so the web reads it as it reads every store):
 * one entry per key, loads in flight shared, stale data kept while reloading, invalidation by
 * key prefix, and `patch` for the use cases' optimistic writes and their rollback.
 */
export class QueryClient {
  readonly #slots = new Map<string, Slot>();

  // Not decorated for inversify (container.ts builds it): every page that reads a query loads
  // this file, and nothing else of the container should come with it.
  constructor(private readonly api: ProductApiPort) {}

  /** The entry of `definition`'s key (created empty: nothing loads until `fetch` or `watch`). */
  entry<T>(definition: Pick<QueryDefinition<T>, 'key'>): QueryEntry<T> {
    return this.#slot(definition.key).entry as QueryEntry<T>;
  }

  /** The key's data, when it has loaded. */
  data<T>(key: QueryKey): T | undefined {
    const entry = this.#slots.get(hashOf(key))?.entry;
    return entry?.status === 'success' ? (entry.data as T) : undefined;
  }

  /**
   * A component shows this query: it loads now unless a load is already on its way, keeps
   * any data it has meanwhile, and reloads on invalidation while watched.
   */
  watch<T>(definition: QueryDefinition<T>): () => void {
    const slot = this.#slot(definition.key);
    slot.watchers += 1;
    if (Date.now() < slot.freshUntil) slot.definition = definition as QueryDefinition<unknown>;
    else void this.fetch(definition).catch(() => undefined);
    return () => {
      slot.watchers -= 1;
    };
  }

  /** Loads the query (or joins the load in flight) and resolves its data; rejects with the load's error. */
  fetch<T>(definition: QueryDefinition<T>): Promise<T> {
    const slot = this.#slot(definition.key);
    slot.definition = definition as QueryDefinition<unknown>;
    if (slot.inFlight) return slot.inFlight as Promise<T>;
    const version = slot.version;
    slot.entry.fetching = true;
    const load = definition.load(this.api).then(
      (data) => {
        if (slot.inFlight === load) slot.inFlight = null;
        if (slot.version === version) this.#write(slot, { status: 'success', data: opaque(data), error: undefined, fetching: false }, false);
        else slot.entry.fetching = false;
        return data;
      },
      (error: unknown) => {
        if (slot.inFlight === load) slot.inFlight = null;
        // A failed reload keeps the data it had; only a first load shows the error.
        if (slot.version === version && slot.entry.status !== 'success') this.#write(slot, { status: 'error', data: undefined, error: opaque(error), fetching: false }, false);
        else slot.entry.fetching = false;
        throw error;
      },
    );
    slot.inFlight = load;
    return load;
  }

  /**
   * Every query whose key starts with `prefix` is out of date: a load in flight is dropped,
   * those on screen reload now (keeping their data meanwhile), the others on their next watch.
   */
  invalidate(prefix: QueryKey): void {
    for (const slot of this.#matching(prefix)) {
      slot.inFlight = null;
      slot.version += 1;
      slot.freshUntil = 0;
      if (slot.watchers > 0 && slot.definition) void this.fetch(slot.definition).catch(() => undefined);
    }
  }

  /**
   * Forgets what the queries under `prefix` hold (another user signed in: their likes are
   * not the former user's): they show loading, and those on screen load again.
   */
  reset(prefix: QueryKey): void {
    for (const slot of this.#matching(prefix)) {
      slot.inFlight = null;
      this.#write(slot, { status: 'loading', data: undefined, error: undefined, fetching: false }, true);
      if (slot.watchers > 0 && slot.definition) void this.fetch(slot.definition).catch(() => undefined);
    }
  }

  /** Reloads one query now, whatever it holds. */
  refetch(definition: QueryDefinition<unknown>): Promise<unknown> {
    this.invalidate(definition.key);
    return this.#slot(definition.key).inFlight ?? this.fetch(definition);
  }

  /**
   * Replaces the data of every loaded query under `prefix` with `update(data)` (an
   * optimistic write) and returns how to put the former data back. A load in flight for
   * those keys is ignored when it lands, since it started before the write.
   */
  patch<T>(prefix: QueryKey, update: (data: T, key: QueryKey) => T): Rollback {
    const before: Array<{ slot: Slot; entry: QueryEntry<unknown> }> = [];
    for (const slot of this.#matching(prefix)) {
      if (slot.entry.status !== 'success') continue;
      before.push({ slot, entry: { ...slot.entry } });
      this.#write(slot, { ...slot.entry, status: 'success', data: opaque(update(slot.entry.data as T, slot.key)), error: undefined }, true);
    }
    return () => {
      for (const { slot, entry } of before) this.#write(slot, entry, true);
    };
  }

  /** Sets one key's data, loaded or not (an answer the server already gave, e.g. a created record). */
  set<T>(key: QueryKey, data: T): void {
    const slot = this.#slot(key);
    this.#write(slot, { status: 'success', data: opaque(data) as T, error: undefined, fetching: slot.entry.fetching }, true);
  }

  /**
   * What the settled queries hold, for a page rendered on the server: the data, and the
   * errors a page shows (a 404 from the API), without their stacks.
   */
  dehydrate(): DehydratedQuery[] {
    const out: DehydratedQuery[] = [];
    for (const slot of this.#slots.values()) {
      const { entry } = slot;
      if (entry.status === 'success') out.push({ key: slot.key, data: entry.data });
      else if (entry.status === 'error' && entry.error instanceof AppError) {
        out.push({ key: slot.key, error: { message: entry.error.message, statusCode: entry.error.statusCode, ...(entry.error.code ? { code: entry.error.code } : {}) } });
      }
    }
    return out;
  }

  /** Takes over what the server rendered the page with: those queries show at once, and are not loaded again for a while. */
  hydrate(queries: readonly DehydratedQuery[], now = Date.now()): void {
    for (const query of queries) {
      const slot = this.#slot(query.key);
      if ('data' in query) {
        slot.freshUntil = now + HYDRATED_FRESH_MS;
        this.#write(slot, { status: 'success', data: opaque(query.data), error: undefined, fetching: false }, true);
      } else {
        // Not fresh: the server read as nobody, and the visitor may be staff who sees the draft.
        const { message, statusCode, code } = query.error;
        const error = statusCode === 404 ? new NotFoundError(message, code ? { code } : {}) : new ApiError(message, { statusCode, ...(code ? { code } : {}) });
        this.#write(slot, { status: 'error', data: undefined, error: opaque(error), fetching: false }, true);
      }
    }
  }

  #write(slot: Slot, entry: QueryEntry<unknown>, bump: boolean): void {
    if (bump) slot.version += 1;
    Object.assign(slot.entry, entry);
  }

  #matching(prefix: QueryKey): Slot[] {
    return [...this.#slots.values()].filter((slot) => startsWith(slot.key, prefix));
  }

  #slot(key: QueryKey): Slot {
    const hash = hashOf(key);
    let slot = this.#slots.get(hash);
    if (!slot) {
      slot = { entry: proxy<QueryEntry<unknown>>({ status: 'loading', data: undefined, error: undefined, fetching: false }), key, definition: null, inFlight: null, version: 0, watchers: 0, freshUntil: 0 };
      this.#slots.set(hash, slot);
    }
    return slot;
  }
}
