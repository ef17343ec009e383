import { describe, expect, it } from 'vitest';
import { scheduleOf } from '@sortie/core';
import { anEvent, anId } from '@sortie/core/testing';
import { eventJsonLd } from './structured-data';

// The properties schema.org defines for Schedule (https://schema.org/Schedule), beside @type.
const SCHEDULE_PROPERTIES = ['byDay', 'byMonth', 'byMonthDay', 'byMonthWeek', 'duration', 'endDate', 'endTime', 'exceptDate', 'repeatCount', 'repeatFrequency', 'scheduleTimezone', 'startDate', 'startTime'];

describe('the JSON-LD of a date of a series (issue 35)', () => {
  it('is an Event with its required fields and an eventSchedule that is a schema.org Schedule', () => {
    const series = { rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2026-03-03', startTime: '20:30', durationMinutes: 150, exceptions: [{ from: '2026-07-06', to: '2026-08-30' }] };
    const event = anEvent({ _id: anId(1), title: 'Quiz du mardi', city: 'Poitiers', startsAt: '2026-03-31T18:30:00.000Z', endsAt: '2026-03-31T21:00:00.000Z', seriesId: anId(2), occurrenceDate: '2026-03-31' });
    const data = eventJsonLd(event, 'https://sortie.fr', { schedule: scheduleOf(series, ['2026-04-14']) });
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Event', name: 'Quiz du mardi', startDate: '2026-03-31T18:30:00.000Z', location: { '@type': 'Place' } });
    expect(data['eventSchedule']).toMatchObject({
      '@type': 'Schedule',
      repeatFrequency: 'P1W',
      byDay: ['https://schema.org/Tuesday'],
      startTime: '20:30',
      endTime: '23:00',
      startDate: '2026-03-03',
      scheduleTimezone: 'Europe/Paris',
      exceptDate: expect.arrayContaining(['2026-04-14', '2026-07-07', '2026-08-25']),
    });
    expect(Object.keys(Object(data['eventSchedule'])).filter((key) => key !== '@type' && !SCHEDULE_PROPERTIES.includes(key))).toEqual([]);
  });

  it('has no eventSchedule for a lone event', () => {
    expect(eventJsonLd(anEvent({ _id: anId(1) }), 'https://sortie.fr')).not.toHaveProperty('eventSchedule');
  });
});
