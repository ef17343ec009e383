import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json';

describe('sameJson', () => {
  it('compares objects whatever the order of their keys, arrays in their order', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('reads an undefined key as absent, and null as a value', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: null }, {})).toBe(false);
    expect(sameJson({ a: null }, { b: null })).toBe(false);
    expect(sameJson(null, null)).toBe(true);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson(undefined, null)).toBe(false);
  });
});
