import { describe, expect, it } from 'vitest';
import { parisDay, parisMidnight, rangeOf } from '@sortie/core';
import { groupByDay } from './event-days';

// Wednesday 11 March 2026, 18:00 in Paris (UTC+1).
const NOW = new Date('2026-03-11T17:00:00.000Z');
const at = (iso: string) => ({ startsAt: iso });

describe('the agenda’s days', () => {
  it('reads Paris days, not UTC ones', () => {
    expect(parisDay(new Date('2026-03-11T23:30:00.000Z'))).toBe('2026-03-12');
    expect(parisMidnight('2026-03-12').toISOString()).toBe('2026-03-11T23:00:00.000Z');
    expect(parisMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('groups as « Aujourd’hui », « Demain », « Ce week-end », then by date', () => {
    const groups = groupByDay(
      [at('2026-03-11T19:00:00.000Z'), at('2026-03-11T23:30:00.000Z'), at('2026-03-12T20:00:00.000Z'), at('2026-03-14T20:00:00.000Z'), at('2026-03-15T15:00:00.000Z'), at('2026-03-17T19:00:00.000Z')],
      NOW,
    );
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Aujourd’hui', 1],
      ['Demain', 2],
      ['Ce week-end', 2],
      ['Mardi 17 mars 2026', 1],
    ]);
  });

  it('on a Saturday, Sunday is « Demain » and the next weekend is dated', () => {
    const saturday = new Date('2026-03-14T10:00:00.000Z');
    const groups = groupByDay([at('2026-03-15T10:00:00.000Z'), at('2026-03-21T10:00:00.000Z')], saturday);
    expect(groups.map((g) => g.label)).toEqual(['Demain', 'Samedi 21 mars 2026']);
  });

  it('turns a date filter into Paris-day bounds that never start in the past', () => {
    expect(rangeOf('today', NOW)).toEqual({ from: NOW.toISOString(), to: '2026-03-11T22:59:59.999Z' });
    expect(rangeOf('tomorrow', NOW)).toEqual({ from: '2026-03-11T23:00:00.000Z', to: '2026-03-12T22:59:59.999Z' });
    expect(rangeOf('weekend', NOW)).toEqual({ from: '2026-03-13T23:00:00.000Z', to: '2026-03-15T22:59:59.999Z' });
    expect(rangeOf('week', NOW)).toEqual({ from: NOW.toISOString(), to: '2026-03-15T22:59:59.999Z' });
  });
});
