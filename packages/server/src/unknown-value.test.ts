import { describe, expect, it } from 'vitest';
import { codeOf, fieldOf, isObject, messageOf } from './unknown-value';

describe('reading a thrown value of unknown shape', () => {
  it('reads an error’s code and message when they are there', () => {
    const error = Object.assign(new Error('disque plein'), { code: 'ENOSPC' });
    expect(codeOf(error)).toBe('ENOSPC');
    expect(messageOf(error)).toBe('disque plein');
    expect(fieldOf({ cause: error }, 'cause')).toBe(error);
  });

  it('answers undefined (or the value as text) for anything else, without throwing', () => {
    for (const thrown of [null, undefined, 'boom', 42, { code: 53100 }]) expect(codeOf(thrown)).toBeUndefined();
    expect(messageOf('boom')).toBe('boom');
    expect(messageOf(null)).toBe('null');
    expect(fieldOf(null, 'message')).toBeUndefined();
    expect(isObject([])).toBe(true);
    expect(isObject(null)).toBe(false);
  });
});
