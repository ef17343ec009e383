import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeListCursor } from '@sortie/core';
import { openTestDb } from '../testing/test-app';
import type { Db } from './database';
import { keysetPlan, orderTerms } from './keyset';

describe('keyset pagination', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  const ROWS = `(VALUES ('a', 3), ('b', NULL), ('c', 1), ('d', 3), ('e', NULL), ('f', 2), ('g', 1)) AS t(id, rank)`;

  /** The ids of ROWS in `order`, read two by two by cursor. */
  async function walk(order: string, notNull?: Set<string>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const params: unknown[] = [];
      const plan = keysetPlan('t', order, cursor ? decodeListCursor(cursor) : null, params, notNull);
      const rows = await db.query<{ id: string }>(`SELECT id${plan.columns} FROM ${ROWS}${plan.clause ? ` WHERE ${plan.clause}` : ''} ORDER BY ${order} LIMIT 3`, params);
      seen.push(...rows.slice(0, 2).map((row) => row.id));
      cursor = rows.length > 2 ? plan.cursorOf(rows[1]!) : null;
    } while (cursor);
    return seen;
  }

  it('walks every order, nulls first or last, as the database sorts it', async () => {
    for (const order of ['rank, id', 'rank DESC, id', 'rank DESC NULLS LAST, id', 'rank ASC NULLS FIRST, id DESC']) {
      const all = (await db.query<{ id: string }>(`SELECT id FROM ${ROWS} ORDER BY ${order}`)).map((row) => row.id);
      expect(await walk(order), order).toEqual(all);
      expect(await walk(order, new Set(['id'])), order).toEqual(all);
    }
    const byId = (await db.query<{ id: string }>(`SELECT id FROM ${ROWS} ORDER BY id DESC`)).map((row) => row.id);
    expect(await walk('id DESC', new Set(['id']))).toEqual(byId);
  });

  it('bounds the first key when no row after can have it null, so that the index starts at the position', () => {
    const cursor = keysetPlan('t', 'starts_at, id', null, []).cursorOf({ sort_key_0: '2026-06-01 10:00:00+00', sort_key_1: 'a' });
    expect(keysetPlan('t', 'starts_at, id', decodeListCursor(cursor), [], new Set(['starts_at', 'id'])).clause).toMatch(/^\(\(starts_at\) >= \$1 AND /);
    expect(keysetPlan('t', 'starts_at, id', decodeListCursor(cursor), []).clause).not.toMatch(/>=/);
  });

  it('reads an ORDER BY’s terms, commas inside a call kept', () => {
    expect(orderTerms('ts_rank(search_tsv, $3::tsquery) DESC, name, id')).toEqual([
      { expression: '(ts_rank(search_tsv, $3::tsquery))', descending: true, nullsFirst: true },
      { expression: '(name)', descending: false, nullsFirst: false },
      { expression: '(id)', descending: false, nullsFirst: false },
    ]);
  });

  it('refuses a cursor of another list or sort', () => {
    const params: unknown[] = [];
    const cursor = keysetPlan('t', 'rank, id', null, params).cursorOf({ sort_key_0: '3', sort_key_1: 'a' });
    expect(() => keysetPlan('t', 'rank DESC, id', decodeListCursor(cursor), params)).toThrow(/^Requête invalide\. cursor : Curseur invalide/);
    expect(() => keysetPlan('u', 'rank, id', decodeListCursor(cursor), params)).toThrow(/Curseur invalide/);
  });
});
