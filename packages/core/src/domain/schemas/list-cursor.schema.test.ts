import { describe, expect, it } from 'vitest';
import { EventQuerySchema } from './events.schema';
import { CursorListQuerySchema, decodeListCursor, encodeListCursor, INVALID_CURSOR_MESSAGE, ListCursorSchema } from './list-cursor.schema';

describe('a list cursor', () => {
  it('reads back the position it was written from, in base64url whatever the sort key holds', () => {
    const position = { o: 'k3x9', k: ['Café « Le Zinc » ?/+', null, '665f1c2e8b3a4d0012345678'] };
    const cursor = encodeListCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor)).toEqual(position);
    expect(CursorListQuerySchema.parse({ cursor }).cursor).toEqual(position);
    expect(EventQuerySchema.parse({ cursor, limit: '5' })).toMatchObject({ cursor: position, limit: 5, offset: 0 });
  });

  it('refuses, in French, what no server wrote', () => {
    const json = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const cursor of ['', 'a b', '%%%', 'YWJj', json({ o: 'k3x9' }), json({ o: 'K!', k: ['a'] }), json({ o: 'k3x9', k: [] }), json({ o: 'k3x9', k: [1] }), json({ o: 'k3x9', k: ['a'], extra: 1 })]) {
      const result = ListCursorSchema.safeParse(cursor);
      expect(result.success, cursor).toBe(false);
      expect(result.error?.issues[0]?.message, cursor).toBe(INVALID_CURSOR_MESSAGE);
    }
  });
});
