import { describe, expect, it } from 'vitest';
import { preparedRows, statementName } from './prepared-page';

describe('a prepared first page', () => {
  it('reads the page and the row after it, rounded up to a few sizes, and no prepared statement past them', () => {
    expect(preparedRows(20, true)).toBe(21);
    expect(preparedRows(20, false)).toBe(21);
    expect(preparedRows(10, true)).toBe(11);
    expect(preparedRows(12, true)).toBe(21);
    expect(preparedRows(50, true)).toBe(51);
    expect(preparedRows(100, true)).toBe(101);
    expect(preparedRows(101, false)).toBe(101);
    expect(preparedRows(101, true)).toBeNull();
    expect(preparedRows(0, true)).toBeNull();
    // A caller asking every size from 1 to 100 prepares four statements, not a hundred.
    expect(new Set(Array.from({ length: 100 }, (_, i) => preparedRows(i + 1, true))).size).toBe(4);
  });

  it('is named by its text, within PostgreSQL’s 63 characters', () => {
    const name = statementName('SELECT 1');
    expect(name).toBe(statementName('SELECT 1'));
    expect(name).not.toBe(statementName('SELECT 2'));
    expect(name.length).toBeLessThanOrEqual(63);
  });
});
