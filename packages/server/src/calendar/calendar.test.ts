import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSchema, OrganizationSchema, PlaceSchema, type Event } from '@sortie/core/domain';
import { testApp } from '../testing/test-app';
import { DEMO_IDS } from '../demo/ids';

const ORIGIN = 'https://sortie.example';
const DAY = 86_400_000;

/** The calendar as a calendar app reads it: ical.js, its VTIMEZONE registered for this parse. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone').map((c) => new ICAL.Timezone(c));
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const geo = component.getFirstPropertyValue('geo') as number[] | null;
    const organizer = component.getFirstProperty('organizer');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid,
      startLocal: event.startDate.toString(),
      end: event.endDate.toJSDate().toISOString(),
      status: component.getFirstPropertyValue('status'),
      url: component.getFirstPropertyValue('url'),
      geo,
      organizer: organizer ? { cn: organizer.getParameter('cn'), uri: organizer.getFirstValue() } : null,
    };
  });
  for (const zone of zones) ICAL.TimezoneService.remove(zone.tzid);
  return { name: calendar.getFirstPropertyValue('x-wr-calname'), method: calendar.getFirstPropertyValue('method'), events };
}

describe('calendars (.ics)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const ids: Record<string, string> = {};
  let winter: Event;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await testApp({ config: { publicUrl: ORIGIN } });
    const now = t.app.ctx.now();
    const insert = async (key: string, fields: Partial<Event>) => {
      const record = await t.app.ctx.store.insert('events', {
        title: key, city: 'Poitiers', description: '', startsAt: new Date(now + 5 * DAY).toISOString(), status: 'published', artistIds: [], categoryIds: [], price: { free: true }, tags: [], likeCount: 0, ...fields,
      });
      ids[key] = String(record._id);
      return EventSchema.parse(record);
    };
    winter = await insert('Concert de janvier', {
      startsAt: '2099-01-15T19:30:00.000Z',
      endsAt: '2099-01-15T22:00:00.000Z',
      description: '**Soirée** jazz au [Confort Moderne](https://confort-moderne.fr) :\n\n- première partie\n- concert',
      placeId: DEMO_IDS.places.confort,
      organizationId: DEMO_IDS.organizations.jazzAPoitiers,
      artistIds: [DEMO_IDS.artists.lesFrancoFolies],
    });
    await insert('Fête de la musique', { startsAt: '2099-06-21T18:00:00.000Z', placeId: DEMO_IDS.places.confort });
    await insert('Annulé', { status: 'cancelled', placeId: DEMO_IDS.places.confort, organizationId: DEMO_IDS.organizations.jazzAPoitiers });
    await insert('Brouillon', { status: 'draft', placeId: DEMO_IDS.places.confort });
    await insert('Il y a deux mois', { startsAt: new Date(now - 60 * DAY).toISOString(), placeId: DEMO_IDS.places.confort });
    await insert('La semaine dernière', { startsAt: new Date(now - 7 * DAY).toISOString() });
    await insert('À Tours', { city: 'Tours' });
  }, 60_000);
  afterAll(() => t.close());

  it('gives an event its .ics: Paris time, place and geo, organiser, status, a domain-qualified UID, its page, plain text', async () => {
    const res = await get(`/calendar/events/${ids['Concert de janvier']}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="concert-de-janvier.ics"');
    expect(res.body).toMatch(/\r\n/);
    const calendar = readCalendar(res.body);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events).toHaveLength(1);
    const [event] = calendar.events;
    const place = PlaceSchema.parse(await t.app.ctx.store.get('places', DEMO_IDS.places.confort));
    const organization = OrganizationSchema.parse(await t.app.ctx.store.get('organizations', DEMO_IDS.organizations.jazzAPoitiers));
    expect(event).toMatchObject({
      uid: `event-${winter._id}@sortie.example`,
      summary: 'Concert de janvier',
      start: winter.startsAt,
      startZone: 'Europe/Paris',
      startLocal: '2099-01-15T20:30:00',
      end: winter.endsAt,
      status: 'CONFIRMED',
      url: `${ORIGIN}/events/${winter._id}`,
      location: `${place.name}, ${place.address.street}, ${place.address.postalCode} ${place.address.city}`,
      organizer: { cn: organization.name, uri: `${ORIGIN}/organizations/${organization._id}` },
    });
    expect(event!.geo).toEqual([place.location!.lat, place.location!.lng]);
    expect(event!.description).toBe(`Soirée jazz au Confort Moderne (https://confort-moderne.fr) :\n\n• première partie\n• concert\n\n${ORIGIN}/events/${winter._id}`);
  });

  it('writes summer times at +02:00 and gives an event without an end two hours', async () => {
    const [event] = readCalendar((await get(`/calendar/events/${ids['Fête de la musique']}.ics`)).body).events;
    expect(event).toMatchObject({ startLocal: '2099-06-21T20:00:00', start: '2099-06-21T18:00:00.000Z', end: '2099-06-21T20:00:00.000Z', organizer: null });
  });

  it('says when an event is cancelled', async () => {
    expect(readCalendar((await get(`/calendar/events/${ids['Annulé']}.ics`)).body).events[0]!.status).toBe('CANCELLED');
  });

  it('answers 404 for a draft, an unknown or a malformed id', async () => {
    for (const url of [`/calendar/events/${ids['Brouillon']}.ics`, `/calendar/events/${'0'.repeat(24)}.ics`, '/calendar/events/pas-un-id.ics', `/calendar/places/${'0'.repeat(24)}.ics`, '/calendar/organizations/x.ics', '/calendar/artists/inconnu.ics', '/calendar/cities/Atlantide.ics']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/introuvable|inconnue/);
    }
  });

  it('gives a city a feed to subscribe to: its events to come and of the last month, cancelled ones included, no draft', async () => {
    const res = await get('/calendar/cities/poitiers.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    const calendar = readCalendar(res.body);
    expect(calendar.name).toBe('Sortie — Poitiers');
    const titles = calendar.events.map((e) => e.summary);
    expect(titles).toEqual(expect.arrayContaining(['Concert de janvier', 'Fête de la musique', 'Annulé', 'La semaine dernière']));
    expect(titles).not.toContain('Brouillon');
    expect(titles).not.toContain('Il y a deux mois');
    expect(titles).not.toContain('À Tours');
    // Every event round-trips: one UID each, its start as stored.
    expect(new Set(calendar.events.map((e) => e.uid)).size).toBe(calendar.events.length);
    const stored = await t.app.ctx.store.get('events', ids['Concert de janvier']!);
    expect(calendar.events.find((e) => e.uid === `event-${ids['Concert de janvier']}@sortie.example`)).toMatchObject({ start: stored!.startsAt, status: 'CONFIRMED' });
    expect(calendar.events.find((e) => e.summary === 'Annulé')!.status).toBe('CANCELLED');
    expect(calendar.events.map((e) => e.start)).toEqual([...calendar.events.map((e) => e.start)].sort());
  });

  it('gives a place, an organisation and an artist (by id or slug) their feeds', async () => {
    const summaries = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      return readCalendar(res.body);
    };
    const place = await summaries(`/calendar/places/${DEMO_IDS.places.confort}.ics`);
    expect(place.name).toMatch(/^Sortie — /);
    expect(place.events.map((e) => e.summary)).toEqual(expect.arrayContaining(['Concert de janvier', 'Fête de la musique', 'Annulé']));
    expect(place.events.map((e) => e.summary)).not.toContain('La semaine dernière');
    const organization = await summaries(`/calendar/organizations/${DEMO_IDS.organizations.jazzAPoitiers}.ics`);
    expect(organization.events.map((e) => e.summary)).toEqual(expect.arrayContaining(['Concert de janvier', 'Annulé']));
    expect(organization.events.map((e) => e.summary)).not.toContain('Fête de la musique');
    for (const ref of [DEMO_IDS.artists.lesFrancoFolies, 'la-rue-ketanou']) {
      expect((await summaries(`/calendar/artists/${ref}.ics`)).events.map((e) => e.summary)).toContain('Concert de janvier');
    }
  });
});
