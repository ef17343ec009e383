import { describe, expect, it } from 'vitest';
import { addDays, dayFilterOf, isDateFilter, isoToParisLocal, parisDay, parisLocalToIso, parisMidnight, parisOffsetMinutes, rangeOf, weekdayOf, weekendOf, weekendToPlan } from './paris-time';

describe('Paris days', () => {
  it.each([
    ['winter evening, next day in Paris', '2026-03-11T23:30:00.000Z', '2026-03-12'],
    ['winter, just before midnight in Paris', '2026-03-11T22:59:59.999Z', '2026-03-11'],
    ['summer, midnight in Paris is 22:00 UTC', '2026-07-01T22:00:00.000Z', '2026-07-02'],
    ['the night of the March change', '2026-03-29T00:30:00.000Z', '2026-03-29'],
    ['new year’s eve', '2025-12-31T23:00:00.000Z', '2026-01-01'],
  ])('%s', (_case, iso, day) => {
    expect(parisDay(new Date(iso))).toBe(day);
  });

  it.each([
    ['winter', '2026-03-12', '2026-03-11T23:00:00.000Z'],
    ['summer', '2026-07-01', '2026-06-30T22:00:00.000Z'],
    ['the day clocks go forward (29 March 2026)', '2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['the day after', '2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['the day clocks go back (25 October 2026)', '2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['the day after', '2026-10-26', '2026-10-25T23:00:00.000Z'],
  ])('midnight in %s', (_case, day, iso) => {
    expect(parisMidnight(day).toISOString()).toBe(iso);
  });

  it('has 23 hours on the March change and 25 on the October one', () => {
    const hours = (day: string) => (parisMidnight(addDays(day, 1)).getTime() - parisMidnight(day).getTime()) / 3600_000;
    expect([hours('2026-03-28'), hours('2026-03-29'), hours('2026-10-25'), hours('2026-10-26')]).toEqual([24, 23, 25, 24]);
  });

  it('knows offsets, weekdays and weekends', () => {
    expect(parisOffsetMinutes(Date.parse('2026-01-14T12:00:00Z'))).toBe(60);
    expect(parisOffsetMinutes(Date.parse('2026-07-14T12:00:00Z'))).toBe(120);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(['2026-03-09', '2026-03-14', '2026-03-15'].map(weekdayOf)).toEqual([0, 5, 6]);
    expect(weekendOf('2026-03-11')).toEqual(['2026-03-14', '2026-03-15']);
    expect(weekendOf('2026-03-14')).toEqual(['2026-03-14', '2026-03-15']);
    expect(weekendOf('2026-03-15')).toEqual(['2026-03-14', '2026-03-15']);
  });
});

describe('Paris wall-clock time in forms', () => {
  it.each([
    ['winter', '2026-01-14T20:30', '2026-01-14T20:30:00+01:00'],
    ['summer', '2026-07-14T20:30', '2026-07-14T20:30:00+02:00'],
    ['just before the March change', '2026-03-29T01:59', '2026-03-29T01:59:00+01:00'],
    ['just after the March change', '2026-03-29T03:00', '2026-03-29T03:00:00+02:00'],
    ['the hour October repeats reads as winter time', '2026-10-25T02:30', '2026-10-25T02:30:00+01:00'],
    ['after the October change', '2026-10-25T03:00', '2026-10-25T03:00:00+01:00'],
    ['empty', '', ''],
    ['not a date', 'demain', ''],
  ])('%s', (_case, local, iso) => {
    expect(parisLocalToIso(local)).toBe(iso);
  });

  it('reads an instant back as Paris time, whatever its own offset', () => {
    expect(isoToParisLocal('2026-01-14T19:30:00.000Z')).toBe('2026-01-14T20:30');
    expect(isoToParisLocal('2026-07-14T18:30:00Z')).toBe('2026-07-14T20:30');
    expect(isoToParisLocal(parisLocalToIso('2026-03-29T12:00'))).toBe('2026-03-29T12:00');
    expect(isoToParisLocal(null)).toBe('');
    expect(isoToParisLocal('pas une date')).toBe('');
  });
});

describe('date filters', () => {
  // Wednesday 11 March 2026, 18:00 in Paris (UTC+1).
  const WEDNESDAY = new Date('2026-03-11T17:00:00.000Z');
  it.each([
    ['today', WEDNESDAY, { from: WEDNESDAY.toISOString(), to: '2026-03-11T22:59:59.999Z' }],
    ['tomorrow', WEDNESDAY, { from: '2026-03-11T23:00:00.000Z', to: '2026-03-12T22:59:59.999Z' }],
    ['weekend', WEDNESDAY, { from: '2026-03-13T23:00:00.000Z', to: '2026-03-15T22:59:59.999Z' }],
    ['week', WEDNESDAY, { from: WEDNESDAY.toISOString(), to: '2026-03-15T22:59:59.999Z' }],
    // Sunday evening: the weekend is the one under way, and the week ends tonight.
    ['weekend', new Date('2026-03-15T20:00:00.000Z'), { from: '2026-03-15T20:00:00.000Z', to: '2026-03-15T22:59:59.999Z' }],
    ['week', new Date('2026-03-15T20:00:00.000Z'), { from: '2026-03-15T20:00:00.000Z', to: '2026-03-15T22:59:59.999Z' }],
    ['tomorrow', new Date('2026-03-15T20:00:00.000Z'), { from: '2026-03-15T23:00:00.000Z', to: '2026-03-16T22:59:59.999Z' }],
    // The weekend of the March change ends at midnight summer time.
    ['weekend', new Date('2026-03-27T10:00:00.000Z'), { from: '2026-03-27T23:00:00.000Z', to: '2026-03-29T21:59:59.999Z' }],
    // Late on Saturday night in Paris, already Sunday in Paris but Saturday in UTC.
    ['today', new Date('2026-03-14T23:30:00.000Z'), { from: '2026-03-14T23:30:00.000Z', to: '2026-03-15T22:59:59.999Z' }],
  ] as const)('%s from %s', (filter, now, range) => {
    expect(rangeOf(filter, now)).toEqual(range);
  });

  it.each([
    ['a Wednesday: this weekend', '2026-03-11T17:00:00.000Z', { next: false, from: '2026-03-13T23:00:00.000Z', to: '2026-03-15T22:59:59.999Z' }],
    ['a Saturday evening: this weekend, from now', '2026-03-14T20:00:00.000Z', { next: false, from: '2026-03-14T20:00:00.000Z', to: '2026-03-15T22:59:59.999Z' }],
    ['a Sunday: the next one', '2026-03-15T10:00:00.000Z', { next: true, from: '2026-03-20T23:00:00.000Z', to: '2026-03-22T22:59:59.999Z' }],
    // 00:30 on the Sunday clocks go back: adding 24 hours would still be Sunday.
    ['the Sunday of the October change, just after midnight', '2026-10-24T22:30:00.000Z', { next: true, from: '2026-10-30T23:00:00.000Z', to: '2026-11-01T22:59:59.999Z' }],
  ])('the weekend to plan on %s', (_case, now, expected) => {
    expect(weekendToPlan(new Date(now))).toEqual(expected);
  });

  it('names the agenda’s groups and recognises its filters', () => {
    expect(['2026-03-11', '2026-03-12', '2026-03-14', '2026-03-15', '2026-03-16'].map((d) => dayFilterOf(d, '2026-03-11'))).toEqual(['today', 'tomorrow', 'weekend', 'weekend', null]);
    expect(dayFilterOf('2026-03-15', '2026-03-14')).toBe('tomorrow');
    expect(isDateFilter('weekend')).toBe(true);
    expect(isDateFilter('toString')).toBe(false);
    expect(isDateFilter(null)).toBe(false);
  });
});
