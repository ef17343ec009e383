import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTable, truncate } from './format';

describe('formatting', () => {
  it('shows dates in Paris time, in French', () => {
    expect(formatDateTime('2026-01-15T20:00:00.000Z')).toBe('15/01/2026 21:00:00');
    expect(formatDateTime('2026-07-14T20:00:00.000Z')).toBe('14/07/2026 22:00:00');
    expect(formatDateTime('pas une date')).toBe('pas une date');
  });

  it('pads columns to the widest cell, right-aligns numbers and cuts long cells', () => {
    const rows = [
      { code: 'a', n: 1, url: 'https://a.fr' },
      { code: 'longer', n: 123, url: `https://b.fr/${'x'.repeat(20)}` },
    ];
    expect(
      formatTable(
        [
          { title: 'CODE', value: (r) => r.code },
          { title: 'N', value: (r) => String(r.n), align: 'right' },
          { title: 'URL', value: (r) => r.url, max: 20 },
        ],
        rows,
      ),
    ).toEqual(['CODE      N  URL', '──────  ───  ────────────────────', 'a         1  https://a.fr', 'longer  123  https://b.fr/xxxxxx…']);
    expect(truncate('abcdef', 4)).toBe('abc…');
  });
});
