import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl, webcalUrl } from './calendar-urls';

const event = { _id: 'a'.repeat(24), title: 'Quiz & blind test', description: 'Six manches, **des lots**.', startsAt: '2026-07-14T18:00:00.000Z' };

describe('calendar links', () => {
  it('fills in Google Agenda with the UTC times, two hours when the end is unknown, and the page in the details', () => {
    const url = new URL(googleCalendarUrl({ event, location: 'Le Tap Garden, Poitiers', origin: 'https://sortie.example' }));
    expect(url.protocol).toBe('https:');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Quiz & blind test',
      dates: '20260714T180000Z/20260714T200000Z',
      details: `Six manches, des lots.\n\nhttps://sortie.example/events/${event._id}`,
      location: 'Le Tap Garden, Poitiers',
      ctz: 'Europe/Paris',
    });
  });

  it('fills in Outlook, and leaves the page out while the origin is unknown', () => {
    const url = new URL(outlookCalendarUrl({ event: { ...event, endsAt: '2026-07-14T21:00:00.000Z' }, location: 'Poitiers', origin: null }));
    expect(url.hostname).toBe('outlook.live.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ subject: 'Quiz & blind test', startdt: '2026-07-14T18:00:00.000Z', enddt: '2026-07-14T21:00:00.000Z', body: 'Six manches, des lots.', location: 'Poitiers' });
  });

  it('keeps long descriptions short in the address', () => {
    const url = new URL(googleCalendarUrl({ event: { ...event, description: 'mot '.repeat(400) }, location: '', origin: null }));
    expect(url.searchParams.get('details')!.length).toBeLessThanOrEqual(500);
    expect(url.searchParams.get('details')!.endsWith('…')).toBe(true);
  });

  it('subscribes with webcal:// on the site’s host, or gives the feed’s path without an origin', () => {
    expect(webcalUrl('/calendar/cities/La%20Rochelle.ics', 'https://sortie.example')).toBe('webcal://sortie.example/calendar/cities/La%20Rochelle.ics');
    expect(webcalUrl('/calendar/places/x.ics', 'http://localhost:3000')).toBe('webcal://localhost:3000/calendar/places/x.ics');
    expect(webcalUrl('/calendar/places/x.ics', null)).toBe('/calendar/places/x.ics');
  });
});
