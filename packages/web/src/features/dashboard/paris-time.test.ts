import { describe, expect, it } from 'vitest';
import { isoToParisLocal, parisLocalToIso } from './paris-time';

describe('Paris wall-clock time in forms', () => {
  it('writes winter and summer times with their offsets', () => {
    expect(parisLocalToIso('2026-01-14T20:30')).toBe('2026-01-14T20:30:00+01:00');
    expect(parisLocalToIso('2026-07-14T20:30')).toBe('2026-07-14T20:30:00+02:00');
    expect(parisLocalToIso('')).toBe('');
    expect(parisLocalToIso('demain')).toBe('');
  });

  it('reads an instant back as Paris time, whatever its own offset', () => {
    expect(isoToParisLocal('2026-01-14T19:30:00.000Z')).toBe('2026-01-14T20:30');
    expect(isoToParisLocal('2026-07-14T18:30:00Z')).toBe('2026-07-14T20:30');
    expect(isoToParisLocal(parisLocalToIso('2026-03-29T12:00'))).toBe('2026-03-29T12:00');
    expect(isoToParisLocal(null)).toBe('');
  });
});
