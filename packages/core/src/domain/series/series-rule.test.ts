import { describe, expect, it } from 'vitest';
import { expandSeries, firstDate, isPaused, lastDate, repeatOf, ruleDates, ruleOf, ruleProblem } from './series-rule';
import { ruleEndingBefore } from './series-split';
import { SeriesInputSchema } from '../schemas/series.schema';

const tuesdays = { rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2026-03-17', startTime: '20:30', durationMinutes: 150, exceptions: [] };

describe('series rules as RRULE', () => {
  it('writes the dashboard’s choices as RRULE text and reads them back', () => {
    expect(ruleOf({ kind: 'weekly', interval: 1, days: ['TH', 'TU'] })).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH');
    expect(ruleOf({ kind: 'weekly', interval: 2, days: ['TU'] }, { kind: 'count', count: 10 })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10');
    expect(ruleOf({ kind: 'monthly', nth: 1, day: 'FR' }, { kind: 'until', date: '2026-12-31' })).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=1FR;UNTIL=20261231T235959Z');
    expect(repeatOf('FREQ=MONTHLY;BYDAY=-1SA')).toEqual({ repeat: { kind: 'monthly', nth: -1, day: 'SA' }, end: { kind: 'never' } });
    expect(repeatOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20260630')).toEqual({ repeat: { kind: 'weekly', interval: 2, days: ['TU'] }, end: { kind: 'until', date: '2026-06-30' } });
  });

  it('refuses the rules the dashboard does not offer', () => {
    for (const rule of ['FREQ=DAILY', 'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU', 'FREQ=MONTHLY;BYMONTHDAY=3', 'FREQ=WEEKLY', 'nonsense', 'FREQ=WEEKLY;BYDAY=TU;COUNT=2;UNTIL=20260101']) {
      expect(ruleProblem(rule), rule).toMatch(/non prise en charge/);
    }
    expect(SeriesInputSchema.safeParse({ ...tuesdays, rule: 'FREQ=HOURLY', template: { title: 'Quiz', city: 'Poitiers' } }).success).toBe(false);
    expect(SeriesInputSchema.safeParse({ ...tuesdays, template: { title: 'Quiz', city: 'Poitiers' } }).success).toBe(true);
  });

  it('keeps 20:30 in Paris across the changes of time of March and October 2026', () => {
    const dates = expandSeries(tuesdays, '2026-03-20', '2026-04-01');
    expect(dates).toEqual([
      { date: '2026-03-24', startsAt: '2026-03-24T19:30:00.000Z', endsAt: '2026-03-24T22:00:00.000Z' },
      { date: '2026-03-31', startsAt: '2026-03-31T18:30:00.000Z', endsAt: '2026-03-31T21:00:00.000Z' },
    ]);
    expect(expandSeries(tuesdays, '2026-10-20', '2026-11-03').map((o) => o.startsAt)).toEqual(['2026-10-20T18:30:00.000Z', '2026-10-27T19:30:00.000Z', '2026-11-03T19:30:00.000Z']);
  });

  it('skips a summer pause and single dates, both ends included', () => {
    const paused = { ...tuesdays, exceptions: [{ from: '2026-07-07', to: '2026-08-25' }, { from: '2026-06-02', to: '2026-06-02' }] };
    const days = expandSeries(paused, '2026-05-26', '2026-09-08').map((o) => o.date);
    expect(days).toEqual(['2026-05-26', '2026-06-09', '2026-06-16', '2026-06-23', '2026-06-30', '2026-09-01', '2026-09-08']);
    expect(isPaused(paused.exceptions, '2026-08-25')).toBe(true);
    expect(isPaused(paused.exceptions, '2026-08-26')).toBe(false);
  });

  it('gives every other week, the first Friday and the last Saturday of the month', () => {
    expect(ruleDates({ ...tuesdays, rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' }, '2026-03-01', '2026-04-30')).toEqual(['2026-03-17', '2026-03-31', '2026-04-14', '2026-04-28']);
    expect(ruleDates({ ...tuesdays, rule: 'FREQ=MONTHLY;BYDAY=1FR', startDate: '2026-01-01' }, '2026-01-01', '2026-04-30')).toEqual(['2026-01-02', '2026-02-06', '2026-03-06', '2026-04-03']);
    expect(ruleDates({ ...tuesdays, rule: 'FREQ=MONTHLY;BYDAY=-1SA', startDate: '2026-01-01' }, '2026-01-01', '2026-03-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-28']);
  });

  it('ends on its UNTIL day (included) or after COUNT dates', () => {
    expect(lastDate({ ...tuesdays, rule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260407T235959Z' })).toBe('2026-04-07');
    expect(ruleDates({ ...tuesdays, rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' }, '2026-01-01', '2026-12-31')).toEqual(['2026-03-17', '2026-03-24', '2026-03-31']);
    expect(lastDate(tuesdays)).toBeNull();
    expect(firstDate({ ...tuesdays, startDate: '2026-03-15' })).toBe('2026-03-17');
  });

  it('ends a series the day before the date « Toutes les dates suivantes » starts from', () => {
    expect(ruleEndingBefore(tuesdays, '2026-04-14')).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;UNTIL=20260413T235959Z');
    const counted = { ...tuesdays, rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=2' };
    expect(ruleEndingBefore(counted, '2026-06-02')).toBe(counted.rule);
  });
});
