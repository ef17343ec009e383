import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, testApp } from '../testing/test-app';

describe.each(BACKENDS)('GET /api/{resource}?ids= on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ backend });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const idsOf = (body: { items: Array<{ _id: string }> }) => body.items.map((item) => item._id).sort();

  it('answers only the records asked for, in one request, missing ones left out', async () => {
    const all = (await get('/api/artists?limit=5')).json();
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    const wanted = [all.items[0]._id, all.items[2]._id];
    const res = await get(`/api/artists?ids=${[...wanted, '0123456789abcdef01234567'].join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual([...wanted].sort());
    const categories = (await get('/api/eventCategories?limit=2')).json();
    const one = await get(`/api/eventCategories?ids=${categories.items[1]._id}`);
    expect(idsOf(one.json())).toEqual([categories.items[1]._id]);
  });

  it('refuses ids that are not 24-hex, an empty list and more than 100, in French', async () => {
    for (const ids of ['abc', `${'a'.repeat(24)},`, Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',')]) {
      const res = await get(`/api/artists?ids=${ids}`);
      expect(res.statusCode, ids.slice(0, 30)).toBe(400);
      expect(res.json().message).toMatch(/Identifiant invalide|Au plus 100 identifiants/);
    }
  });
});
