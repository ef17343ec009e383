import { expect } from 'vitest';

export type ListedPage = { meta: { total: number; totalIsEstimate?: boolean; nextCursor?: string | null }; items: Array<{ _id: string }> };
export type RecordsPage = { ids: string[]; total: number };

/**
 * Asserts that a list's first page, and the next by its cursor, are what the records say (ids in
 * order, the capped total): `fromRecords(offset)` reads them from the records alone. Answers the
 * number of items compared, so that a caller can check that its lists were not all empty.
 */
export async function expectListedAsRecords(read: (query: string) => Promise<ListedPage>, query: string, fromRecords: (offset: number) => Promise<RecordsPage>, pageSize: number): Promise<number> {
  const expected = await fromRecords(0);
  const page = await read(query);
  expect(page.items.map((item) => item._id), query).toEqual(expected.ids);
  expect(page.meta.total, query).toBe(expected.total);
  if (page.meta.nextCursor) {
    const next = await read(`${query}&cursor=${encodeURIComponent(page.meta.nextCursor)}`);
    expect(next.items.map((item) => item._id), `${query}, page 2`).toEqual((await fromRecords(pageSize)).ids);
  }
  return expected.ids.length;
}

/** Reads /api/events afresh (as a forced reload: no cached answer), `pageSize` a page unless the query says. */
export function eventsReader(app: { inject: (request: { method: 'GET'; url: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: string; json: () => unknown }> }, pageSize: number) {
  return async (query: string, cookie?: string): Promise<ListedPage> => {
    const res = await app.inject({ method: 'GET', url: `/api/events?${/\blimit=/.test(query) ? '' : `limit=${pageSize}&`}${query}`, headers: { 'cache-control': 'no-cache', ...(cookie ? { cookie } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListedPage;
  };
}
