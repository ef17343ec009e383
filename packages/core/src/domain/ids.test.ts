import { describe, expect, it } from 'vitest';
import { isArtistRef, isArtistSlug, isObjectId } from './ids';

describe('isObjectId', () => {
  it('accepts 24 lowercase hexadecimal characters', () => {
    expect(isObjectId('65f1c0ffee0000000000abcd')).toBe(true);
    expect(isObjectId('0123456789abcdef01234567')).toBe(true);
  });

  it.each(['65f1c0ffee0000000000abc', '65f1c0ffee0000000000abcde', '65F1C0FFEE0000000000ABCD', '65f1c0ffee0000000000abcg', ' 65f1c0ffee0000000000abc', '', 42, null, undefined])(
    'refuses %j',
    (value) => expect(isObjectId(value)).toBe(false),
  );
});

describe('isArtistSlug and isArtistRef', () => {
  it.each(['a', '9', 'daft-punk', 'a-1', 'x'.repeat(20), 'l-imperatrice'])('accept the slug %s', (slug) => {
    expect(isArtistSlug(slug)).toBe(true);
    expect(isArtistRef(slug)).toBe(true);
  });

  it.each(['', 'x'.repeat(21), '-a', 'a-', '-', 'Daft', 'daft_punk', 'daft punk', 'é', 'a\n'])('refuse %j', (slug) => {
    expect(isArtistSlug(slug)).toBe(false);
    expect(isArtistRef(slug)).toBe(false);
  });

  it('isArtistRef also accepts a 24-hex id, which is 24 characters long, beyond the slug limit', () => {
    expect(isArtistSlug('65f1c0ffee0000000000abcd')).toBe(false);
    expect(isArtistRef('65f1c0ffee0000000000abcd')).toBe(true);
    expect(isArtistRef(undefined)).toBe(false);
  });
});
