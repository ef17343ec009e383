import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasUnstorableText, isStorableText, ListQuerySchema, NonEmpty, HttpUrlSchema, refuseUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './common.schema';
import { OPERATIONS } from '../operations';

const BAD = ['a\u0000b', '\u0000', '\ud800', 'x\udfff', 'é\ud83d', '\udc00🎸'];
const GOOD = ['', 'Poitiers', 'é 🎸 ok', '\ud83c\udfb8', 'tab\tand\nnewline'];

describe('text the database cannot store is refused by the schemas themselves', () => {
  it('knows a NUL and half a surrogate pair from any other text', () => {
    for (const text of BAD) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    for (const text of GOOD) expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    expect(hasUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe(true);
    expect(hasUnstorableText({ ['k\udc00']: 1 })).toBe(true);
    expect(hasUnstorableText({ a: 'é 🎸 ok', n: 3, z: null, bytes: new Uint8Array([0]) })).toBe(false);
  });

  it('the common string schemas refuse it, in French', () => {
    for (const text of BAD) {
      const name = NonEmpty('Le nom').safeParse(`Nom ${text}`);
      expect(name.success).toBe(false);
      expect(name.error?.issues[0]?.message).toBe('Le nom : le texte contient un caractère invalide (caractère nul ou paire UTF-16 incomplète).');
      expect(ListQuerySchema.safeParse({ q: text }).error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
      expect(HttpUrlSchema.safeParse(`https://exemple.fr/${text}`).success).toBe(false);
    }
    expect(NonEmpty('Le nom').parse(' Café 🎸 ')).toBe('Café 🎸');
    expect(ListQuerySchema.parse({ q: 'concert' }).q).toBe('concert');
  });

  it('every operation refuses it in its path, query and body, keys and nested values included', () => {
    const wrapped = refuseUnstorableText(z.looseObject({}));
    expect(wrapped.safeParse({ deep: [{ x: 'a\u0000' }] }).error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(wrapped.safeParse({ ['clé\ud800']: 1 }).success).toBe(false);
    expect(OPERATIONS.like.params.path.safeParse({ eventId: 'abc\u0000' }).success).toBe(false);
    expect(OPERATIONS.like.params.path.safeParse({ eventId: 'abc' }).success).toBe(true);
    expect(OPERATIONS.search.params.query.safeParse({ q: 'rock\u0000' }).success).toBe(false);
    expect(OPERATIONS.search.params.query.safeParse({ q: 'rock' }).success).toBe(true);
  });
});
