import { describe, expect, it } from 'vitest';
import { Event, Place } from '@fedify/fedify';
import { EVENT_CANCELLED, eventObject, type EventObjectInput } from './event-object';

const input = (overrides: Partial<EventObjectInput['event']> = {}): EventObjectInput => ({
  origin: 'https://sortie.example',
  actorUrl: 'https://sortie.example/ap/actors/p1',
  eventId: 'e1',
  event: { title: 'Quiz <du> mardi', description: 'Équipes de 4.\n\nInscription sur place.', startsAt: '2027-02-02T19:30:00.000Z', endsAt: '2027-02-02T22:00:00.000Z', status: 'published', coverImage: 'https://images.example/quiz.jpg', ...overrides },
  place: { name: 'Confort Moderne', address: { street: '185 rue du Faubourg du Pont-Neuf', postalCode: '86000', city: 'Poitiers' }, location: { lat: 46.57, lng: 0.35 } },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});

describe('the Event object', () => {
  it('is shaped as Mobilizon and Gancio read events, and parses with fedify as an Event', async () => {
    const object = eventObject(input());
    expect(object).toMatchObject({
      id: 'https://sortie.example/ap/actors/p1/events/e1',
      type: 'Event',
      name: 'Quiz <du> mardi',
      startTime: '2027-02-02T19:30:00.000Z',
      endTime: '2027-02-02T22:00:00.000Z',
      url: 'https://sortie.example/events/e1',
      attributedTo: 'https://sortie.example/ap/actors/p1',
      published: '2026-11-01T10:00:00.000Z',
      updated: '2026-11-02T10:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { type: 'Place', name: 'Confort Moderne', latitude: 46.57, address: { type: 'PostalAddress', streetAddress: '185 rue du Faubourg du Pont-Neuf', postalCode: '86000', addressLocality: 'Poitiers', addressCountry: 'FR' } },
      image: { type: 'Image', url: 'https://images.example/quiz.jpg' },
    });
    // French HTML: when and where first, the description's paragraphs after, escaped.
    expect(object.content).toBe('<p>Mardi 2 février 2027 à 20:30, Confort Moderne</p><p>Équipes de 4.</p><p>Inscription sur place.</p>');
    expect(object.contentMap).toEqual({ fr: object.content });
    const parsed = await Event.fromJsonLd(object);
    expect(parsed.name?.toString()).toBe('Quiz <du> mardi');
    expect(parsed.startTime?.toString()).toBe('2027-02-02T19:30:00Z');
    expect(parsed.url?.toString()).toBe('https://sortie.example/events/e1');
    const location = await parsed.getLocation();
    if (!(location instanceof Place)) throw new Error('Place attendue');
    expect(location.latitude).toBe(46.57);
  });

  it('says it is cancelled the schema.org way and the iCalendar way', () => {
    const object = eventObject(input({ status: 'cancelled' }));
    expect(object.eventStatus).toBe(EVENT_CANCELLED);
    expect(object['ical:status']).toBe('CANCELLED');
  });

  it('leaves out what the event lacks (no end, no place, no picture)', () => {
    const object = eventObject({ ...input({ endsAt: undefined, coverImage: undefined }), place: null });
    expect(object).not.toHaveProperty('endTime');
    expect(object).not.toHaveProperty('location');
    expect(object).not.toHaveProperty('image');
  });
});
