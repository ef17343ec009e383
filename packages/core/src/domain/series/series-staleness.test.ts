import { describe, expect, it } from 'vitest';
import { seriesActiveSince, seriesStaleness } from './series-staleness';

describe('a series unchanged for six months', () => {
  it('is warned of two weeks before six months, and stops at six months', () => {
    const changed = '2026-03-09T09:00:00.000Z';
    expect(seriesStaleness(changed, Date.parse('2026-08-25T09:00:00Z'))).toBe('fresh');
    expect(seriesStaleness(changed, Date.parse('2026-08-26T09:00:00Z'))).toBe('warn');
    expect(seriesStaleness(changed, Date.parse('2026-09-09T08:59:59Z'))).toBe('warn');
    expect(seriesStaleness(changed, Date.parse('2026-09-09T09:00:00Z'))).toBe('stop');
  });

  it('counts from when a series that starts later begins making dates, not from its creation', () => {
    const since = seriesActiveSince('2026-01-05T10:00:00.000Z', '2026-12-01');
    // 8 weeks before 1 December, at midnight in Paris.
    expect(since).toBe('2026-10-05T22:00:00.000Z');
    expect(seriesStaleness(since, Date.parse('2026-08-01T09:00:00Z'))).toBe('fresh');
    expect(seriesActiveSince('2026-01-05T10:00:00.000Z', '2026-01-06')).toBe('2026-01-05T10:00:00.000Z');
  });
});
