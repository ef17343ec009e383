import { describe, expect, it } from 'vitest';
import { subscribe } from 'valtio/vanilla';
import { NotFoundError } from '../domain/errors';
import { FakeProductApi, anEvent, anId } from '../testing';
import type { Event } from '../domain/schemas/events.schema';
import { HYDRATED_FRESH_MS, QueryClient, type QueryDefinition } from './query-client';
import { eventQueries } from './events.queries';
import { MAX_IDS_PER_REQUEST, recordQueries } from './records.queries';
import { IdListSchema, MAX_PAGE_SIZE } from '../domain/schemas/common.schema';

/** A load that settles when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const EVENT = anId(1);

function setup() {
  const api = new FakeProductApi().seed('events', anEvent({ _id: EVENT, title: 'Concert' }));
  return { api, client: new QueryClient(api) };
}

describe('QueryClient', () => {
  it('loads a query into its entry, which valtio subscribers see change', async () => {
    const { client } = setup();
    const entry = client.entry(eventQueries.one(EVENT));
    const seen: string[] = [];
    subscribe(entry, () => seen.push(entry.status));
    expect(entry.status).toBe('loading');
    await client.fetch(eventQueries.one(EVENT));
    expect(entry.status).toBe('success');
    expect((entry.data as Event).title).toBe('Concert');
    expect(seen.at(-1)).toBe('success');
  });

  it('names a query by its filters whatever their order, and matches a prefix ending in filters', async () => {
    const { client } = setup();
    let loads = 0;
    const page = (filter: Record<string, string | undefined>): QueryDefinition<number> => ({ key: ['events', 'list', filter, 0], load: async () => (loads += 1) });
    await client.fetch(page({ city: 'Poitiers', categoryId: 'x' }));
    expect(client.data(['events', 'list', { categoryId: 'x', city: 'Poitiers' }, 0])).toBe(1);
    client.watch(page({ categoryId: 'x', city: 'Poitiers' }));
    client.invalidate(['events', 'list', { city: 'Poitiers', categoryId: 'x' }]);
    await Promise.resolve();
    expect(loads).toBe(3);
  });

  it('shares one load between every caller of the same key, whatever array they built', async () => {
    const { client, api } = setup();
    const gate = deferred<Event>();
    api.answerOnce('get', () => gate.promise);
    const first = client.fetch(eventQueries.one(EVENT));
    const second = client.fetch(eventQueries.one(EVENT));
    client.watch(eventQueries.one(EVENT));
    gate.resolve(anEvent({ _id: EVENT }));
    await Promise.all([first, second]);
    expect(api.callsTo('get')).toHaveLength(1);
  });

  it('keeps the data on screen while a reload runs, and after a failed reload', async () => {
    const { client, api } = setup();
    await client.fetch(eventQueries.one(EVENT));
    const gate = deferred<Event>();
    api.answerOnce('get', () => gate.promise);
    const reload = client.refetch(eventQueries.one(EVENT));
    const entry = client.entry(eventQueries.one(EVENT));
    expect(entry).toMatchObject({ status: 'success', fetching: true });
    gate.reject(new Error('réseau'));
    await expect(reload).rejects.toThrow('réseau');
    expect(entry).toMatchObject({ status: 'success', fetching: false, data: { title: 'Concert' } });
  });

  it('shows the error of a first load', async () => {
    const { client, api } = setup();
    api.failOnce('get', new NotFoundError('Événement introuvable.'));
    await expect(client.fetch(eventQueries.one(anId(9)))).rejects.toBeInstanceOf(NotFoundError);
    expect(client.entry(eventQueries.one(anId(9)))).toMatchObject({ status: 'error', data: undefined });
  });

  it('reloads the watched queries under an invalidated prefix, and only those', async () => {
    const { client, api } = setup();
    const calls: string[] = [];
    const counted = (name: string): QueryDefinition<string> => ({ key: ['me', name], load: async () => (calls.push(name), name) });
    const stop = client.watch(counted('likes'));
    client.watch(counted('follows'));
    client.watch({ key: ['events', 'x'], load: async () => (calls.push('events'), 'events') });
    await Promise.resolve();
    stop();
    calls.length = 0;
    client.invalidate(['me']);
    await Promise.resolve();
    expect(calls).toEqual(['follows']);
    expect(api.calls).toEqual([]);
  });

  it('resets the queries under a prefix to loading, and loads again those on screen', async () => {
    const { client } = setup();
    let answer = 'Camille';
    const mine: QueryDefinition<string> = { key: ['me', 'name'], load: async () => answer };
    client.watch(mine);
    await client.fetch(mine);
    answer = 'Dominique';
    client.reset(['me']);
    expect(client.entry(mine).status).toBe('loading');
    await client.fetch(mine);
    expect(client.data(['me', 'name'])).toBe('Dominique');
  });

  it('drops a load that started before an optimistic write, and rolls the write back', async () => {
    const { client, api } = setup();
    await client.fetch(eventQueries.one(EVENT));
    const gate = deferred<Event>();
    api.answerOnce('get', () => gate.promise);
    const reload = client.refetch(eventQueries.one(EVENT));
    const rollback = client.patch<Event>(['events'], (event) => ({ ...event, likeCount: 10 }));
    gate.resolve(anEvent({ _id: EVENT, likeCount: 0 }));
    await reload;
    const entry = client.entry(eventQueries.one(EVENT));
    expect((entry.data as Event).likeCount).toBe(10);
    rollback();
    expect((entry.data as Event).title).toBe('Concert');
    expect((entry.data as Event).likeCount).not.toBe(10);
  });

  it('reads records by ids in one list request, in the order asked, without the missing ones', async () => {
    const api = new FakeProductApi().seed('artists', { _id: anId(4), name: 'B' }, { _id: anId(3), name: 'A' });
    const client = new QueryClient(api);
    const artists = await client.fetch(recordQueries.byIds<{ _id: string; name: string }>('artists', [anId(3), anId(4), anId(5), anId(3)]));
    expect(artists.map((a) => a.name)).toEqual(['A', 'B']);
    expect(api.callsTo('list')).toEqual([['artists', { ids: [anId(3), anId(4), anId(5)].join(','), limit: 3 }]]);
  });

  it('asks for as many ids at once as the server accepts', () => {
    expect(MAX_IDS_PER_REQUEST).toBe(MAX_PAGE_SIZE);
    const ids = Array.from({ length: MAX_IDS_PER_REQUEST + 1 }, (_, i) => anId(i + 1));
    expect(IdListSchema.safeParse(ids.slice(1).join(',')).success).toBe(true);
    expect(IdListSchema.safeParse(ids.join(',')).success).toBe(false);
  });

  it('splits more than 100 ids into requests of 100', async () => {
    const { api, client } = setup();
    const ids = Array.from({ length: 250 }, (_, i) => anId(i + 10));
    await client.fetch(recordQueries.byIds('artists', ids));
    expect(api.callsTo('list').map(([, query]) => (query as { limit: number }).limit)).toEqual([100, 100, 50]);
  });

  describe('a page rendered on the server, handed to the browser', () => {
    it('hands over what loaded and the errors a page shows, and the browser shows them without asking again', async () => {
      const { client: server } = setup();
      await server.fetch(eventQueries.one(EVENT));
      await server.fetch(eventQueries.one(anId(99))).catch(() => undefined);
      const handed = JSON.parse(JSON.stringify(server.dehydrate()));

      const { api, client: browser } = setup();
      browser.hydrate(handed);
      expect((browser.entry(eventQueries.one(EVENT)).data as Event).title).toBe('Concert');
      const missing = browser.entry(eventQueries.one(anId(99)));
      expect(missing.status).toBe('error');
      expect(missing.error).toBeInstanceOf(NotFoundError);

      // What loaded is fresh: on screen, it is not read again at once.
      browser.watch(eventQueries.one(EVENT));
      expect(api.callsTo('get')).toHaveLength(0);
      // An error is not: the server read as nobody, and this visitor may see more (staff and a draft).
      browser.watch(eventQueries.one(anId(99)));
      expect(api.callsTo('get')).toHaveLength(1);
    });

    it('reads again what it was handed once that has aged, or once a write invalidates it', async () => {
      const { client: server } = setup();
      await server.fetch(eventQueries.one(EVENT));
      const { api, client: browser } = setup();
      browser.hydrate(server.dehydrate(), Date.now() - HYDRATED_FRESH_MS - 1);
      browser.watch(eventQueries.one(EVENT));
      expect(api.callsTo('get')).toHaveLength(1);

      const { api: again, client: other } = setup();
      other.hydrate(server.dehydrate());
      other.watch(eventQueries.one(EVENT));
      other.invalidate(['events']);
      expect(again.callsTo('get')).toHaveLength(1);
    });
  });
});
