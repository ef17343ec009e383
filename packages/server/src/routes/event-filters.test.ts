import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app';
import { demoId } from '../demo/ids';

// The fuzz test found these filters answering 500: the jsonb `?` operator was taken for a parameter.
describe('GET /api/events filtered by category and artist', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events?limit=100&${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { meta: { total: number }; items: { categoryIds: string[]; artistIds: string[] }[] };
  };

  it('lists only the events of a category', async () => {
    const all = await list('');
    const category = all.items.find((event) => event.categoryIds.length > 0)!.categoryIds[0]!;
    const page = await list(`categoryId=${category}`);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThan(all.items.length);
    expect(page.items.every((event) => event.categoryIds.includes(category))).toBe(true);
  });

  it('lists only the events of an artist, and none for an unknown one', async () => {
    const all = await list('');
    const artist = all.items.find((event) => event.artistIds.length > 0)!.artistIds[0]!;
    const page = await list(`artistId=${artist}`);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((event) => event.artistIds.includes(artist))).toBe(true);
    expect((await list(`categoryId=${demoId('category:nope')}`)).meta.total).toBe(0);
  });
});
