import { describe, expect, it } from 'vitest';
import { ASSUMED_EVENT_LENGTH_MS, isNotOver, tonightRange } from './tonight';

describe('tonight at a venue', () => {
  // 26 November 2026, 21:30 in Paris (UTC+1 in winter).
  const now = new Date('2026-11-26T20:30:00.000Z');

  it('runs from Paris midnight to the last millisecond of the Paris day', () => {
    expect(tonightRange(now)).toEqual({ from: '2026-11-25T23:00:00.000Z', to: '2026-11-26T22:59:59.999Z' });
  });

  it('knows Paris summer time (UTC+2)', () => {
    expect(tonightRange(new Date('2026-07-14T21:00:00.000Z'))).toEqual({ from: '2026-07-13T22:00:00.000Z', to: '2026-07-14T21:59:59.999Z' });
  });

  it('keeps an event until its end, or for four hours when it has none', () => {
    expect(isNotOver({ startsAt: '2026-11-26T19:00:00.000Z', endsAt: '2026-11-26T20:30:00.001Z' }, now)).toBe(true);
    expect(isNotOver({ startsAt: '2026-11-26T19:00:00.000Z', endsAt: '2026-11-26T20:30:00.000Z' }, now)).toBe(false);
    expect(ASSUMED_EVENT_LENGTH_MS).toBe(4 * 3600_000);
    expect(isNotOver({ startsAt: '2026-11-26T16:31:00.000Z' }, now)).toBe(true);
    expect(isNotOver({ startsAt: '2026-11-26T16:30:00.000Z', endsAt: null }, now)).toBe(false);
  });
});
