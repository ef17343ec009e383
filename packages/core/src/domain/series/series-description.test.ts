import { describe, expect, it } from 'vitest';
import { describeException, describeRepeat, describeSeries } from './series-description';
import { scheduleOf } from './series-schedule';

const at = (rule: string, startTime = '20:30') => ({ rule, startTime });

describe('a series in French', () => {
  it('says how it repeats, at what time', () => {
    expect(describeRepeat(at('FREQ=WEEKLY;BYDAY=TU'))).toBe('Tous les mardis à 20 h 30');
    expect(describeRepeat(at('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'))).toBe('Un mardi sur deux à 20 h 30');
    expect(describeRepeat(at('FREQ=WEEKLY;BYDAY=MO,WE,FR', '18:00'))).toBe('Tous les lundis, mercredis et vendredis à 18 h');
    expect(describeRepeat(at('FREQ=MONTHLY;BYDAY=1FR', '21:00'))).toBe('Le premier vendredi du mois à 21 h');
    expect(describeRepeat(at('FREQ=MONTHLY;BYDAY=-1SA', '21:00'))).toBe('Le dernier samedi du mois à 21 h');
  });

  it('says when it ends', () => {
    expect(describeSeries(at('FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630T235959Z'))).toBe('Tous les mardis à 20 h 30, jusqu’au mardi 30 juin 2026');
    expect(describeSeries(at('FREQ=WEEKLY;BYDAY=TU;COUNT=10'))).toBe('Tous les mardis à 20 h 30, 10 dates');
    expect(describeException({ from: '2026-07-07', to: '2026-08-25' })).toBe('Pause du mardi 7 juillet 2026 au mardi 25 août 2026');
  });
});

describe('a series as schema.org Schedule', () => {
  it('has its frequency, days, times, bounds, time zone and the dates it skips', () => {
    const series = { rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=30', startDate: '2026-03-17', startTime: '20:30', durationMinutes: 150, exceptions: [{ from: '2026-04-06', to: '2026-04-19' }] };
    expect(scheduleOf(series, ['2026-05-05'])).toEqual({
      '@type': 'Schedule',
      repeatFrequency: 'P1W',
      byDay: ['https://schema.org/Tuesday'],
      startTime: '20:30',
      endTime: '23:00',
      duration: 'PT150M',
      startDate: '2026-03-17',
      repeatCount: 30,
      scheduleTimezone: 'Europe/Paris',
      exceptDate: ['2026-04-07', '2026-04-14', '2026-05-05'],
    });
    const monthly = scheduleOf({ ...series, rule: 'FREQ=MONTHLY;BYDAY=1FR;UNTIL=20260731T235959Z', exceptions: [], startDate: '2026-03-06' });
    expect(monthly).toMatchObject({ repeatFrequency: 'P1M', byDay: ['https://schema.org/Friday'], byMonthWeek: 1, endDate: '2026-07-03' });
    expect(scheduleOf({ ...series, rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' })?.repeatFrequency).toBe('P2W');
  });
});
