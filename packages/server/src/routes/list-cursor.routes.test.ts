import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor } from '@sortie/core';
import { testApp } from '../testing/test-app';

type Page = { meta: { total: number; limit: number; offset: number; nextCursor: string | null }; items: Array<{ _id: string; name?: string }> };

describe('cursor pagination of the public lists, beside offsets', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  // The demo's dates are around the day it is loaded: its posts are published, its events upcoming.
  const clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const get = async (url: string): Promise<Page> => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Page;
  };
  /** A place written straight to the store, the public lists' one-second cache dropped as a write through the API does. */
  const place = async (name: string, slug: string) => {
    const created = await t.app.ctx.store.insert('places', { name, slug, address: { city: 'Poitiers' } });
    t.app.ctx.cache.clear();
    return created;
  };

  /** Every page of `url` by cursor, `between` run after the first one. */
  async function walk(url: string, between: () => Promise<unknown> = async () => undefined): Promise<string[]> {
    const seen: string[] = [];
    let page = await get(url);
    seen.push(...page.items.map((item) => item._id));
    await between();
    while (page.meta.nextCursor) {
      page = await get(`${url}&cursor=${page.meta.nextCursor}`);
      seen.push(...page.items.map((item) => item._id));
    }
    return seen;
  }

  it('walks a list by cursor, every row once, though rows are added before and after the page it is at', async () => {
    const before = (await get('/api/places?limit=100')).items.map((item) => item._id);
    expect(before.length).toBeGreaterThan(6);
    let early = '';
    let late = '';
    const seen = await walk('/api/places?limit=3', async () => {
      // One sorts before the page read (an offset walk would show the third row twice), one after.
      early = (await place('Aaa premier lieu', 'aaa-premier-lieu'))._id;
      late = (await place('Zzz dernier lieu', 'zzz-dernier-lieu'))._id;
    });
    const after = (await get('/api/places?limit=100')).items.map((item) => item._id);
    expect(after.indexOf(early)).toBeGreaterThanOrEqual(0);
    expect(after.indexOf(early)).toBeLessThan(3);
    expect(seen).toEqual([...before, late]);
  });

  /** Every page of `url` by offset. */
  async function byOffset(url: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await get(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
      seen.push(...page.items.map((item) => item._id));
      if (page.items.length < limit) return seen;
    }
  }

  it('reads each list in its own order by cursor as by offset: dates, names, a sort asked for, nulls last, a search by relevance', async () => {
    for (const query of ['/api/events?upcoming=true', '/api/events?upcoming=false&sort=-startsAt', '/api/events?sort=title', '/api/blog', '/api/organizations', '/api/places?q=poitiers', '/api/organizations?q=poitiers', '/api/jobOffers/open']) {
      const offsets = await byOffset(query, 2);
      expect(offsets.length, query).toBeGreaterThan(0);
      expect(await walk(`${query}${query.includes('?') ? '&' : '?'}limit=2`), query).toEqual(offsets);
    }
  });

  it('says where the last page is, and counts the whole list on every page', async () => {
    const first = await get('/api/places?limit=2');
    expect(first.meta).toMatchObject({ limit: 2, offset: 0, nextCursor: expect.any(String) });
    const second = await get(`/api/places?limit=2&cursor=${first.meta.nextCursor}`);
    expect(second.meta.total).toBe(first.meta.total);
    const all = await get(`/api/places?limit=100`);
    expect(all.meta.nextCursor).toBeNull();
    // An offset page's cursor goes on after it.
    const third = await get('/api/places?limit=2&offset=2');
    expect((await get(`/api/places?limit=2&cursor=${third.meta.nextCursor}`)).items.map((item) => item._id)).toEqual(all.items.slice(4, 6).map((item) => item._id));
  });

  it('refuses a cursor it did not write, in French with a 400, never a 500', async () => {
    const eventsCursor = (await get('/api/events?limit=1')).meta.nextCursor!;
    const position = decodeListCursor(eventsCursor)!;
    const forged = encodeListCursor({ ...position, k: ['pas une date', ...position.k.slice(1)] });
    const tooShort = encodeListCursor({ ...position, k: position.k.slice(1) });
    const notJson = Buffer.from('pas du JSON').toString('base64url');
    for (const url of ['/api/events?cursor=%21%21', `/api/events?cursor=${notJson}`, `/api/places?cursor=${eventsCursor}`, `/api/events?cursor=${forged}`, `/api/events?cursor=${tooShort}`, `/api/events?cursor=${eventsCursor}&offset=5`]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message, url).toMatch(/^Requête invalide\. cursor : (Curseur invalide|avec un curseur, laissez `offset` à 0)/);
    }
  });
});
