import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Event } from '@sortie/core/domain';
import { testApp } from '../testing/test-app';
import { DEMO_IDS } from '../demo/ids';

const ORIGIN = 'https://sortie.example';
const DAY = 86_400_000;
/** Every element that may repeat as a list, so that one item is still a list. */
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name, path) => ['rss.channel.item', 'feed.entry', 'feed.link'].includes(String(path)) });

/** RSS 2.0 as a reader checks it: <rss version="2.0"><channel> with title, link and description, and items with title, link, guid and pubDate. */
function readRss(text: string) {
  const document = xml.parse(text);
  expect(document.rss['@version']).toBe('2.0');
  const channel = document.rss.channel;
  for (const field of ['title', 'link', 'description']) expect(typeof channel[field]).toBe('string');
  const items: Array<Record<string, unknown>> = channel.item ?? [];
  for (const item of items) {
    for (const field of ['title', 'link', 'guid', 'pubDate', 'description']) expect(item[field], field).toBeTruthy();
    expect(Number.isNaN(Date.parse(String(item.pubDate)))).toBe(false);
  }
  return { channel, items };
}

describe('RSS and Atom feeds', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const ids: Record<string, string> = {};
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await testApp({ config: { publicUrl: ORIGIN } });
    const now = t.app.ctx.now();
    const insert = async (key: string, fields: Partial<Event>) => {
      const record = await t.app.ctx.store.insert('events', {
        title: key, city: 'Poitiers', description: '', startsAt: new Date(now + 5 * DAY).toISOString(), status: 'published', artistIds: [], categoryIds: [], price: { free: true }, tags: [], likeCount: 0, ...fields,
      });
      ids[key] = String(record._id);
    };
    await insert('Jazz & blues au Confort', {
      startsAt: '2099-01-15T19:30:00.000Z',
      description: '**Soirée** jazz <au> [Confort Moderne](https://confort-moderne.fr).',
      placeId: DEMO_IDS.places.confort,
      organizationId: DEMO_IDS.organizations.jazzAPoitiers,
      artistIds: [DEMO_IDS.artists.lesFrancoFolies],
      coverImage: 'https://images.example/jazz.jpg',
    });
    await insert('Annulé au Confort', { status: 'cancelled', placeId: DEMO_IDS.places.confort });
    await insert('Brouillon au Confort', { status: 'draft', placeId: DEMO_IDS.places.confort });
    await insert('Passé au Confort', { startsAt: new Date(now - 2 * DAY).toISOString(), placeId: DEMO_IDS.places.confort });
  }, 60_000);
  afterAll(() => t.close());

  it('gives a city an RSS 2.0 feed of its published events to come, in French, each linking to its page', async () => {
    const res = await get('/feeds/cities/poitiers.rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=900');
    const { channel, items } = readRss(res.body);
    expect(channel.title).toBe('Sortir à Poitiers — Sortie');
    expect(channel.link).toBe(`${ORIGIN}/home/Poitiers`);
    expect(channel.language).toBe('fr');
    const titles = items.map((item) => item.title);
    expect(titles).toContain('Jazz & blues au Confort');
    expect(titles).not.toContain('Annulé au Confort');
    expect(titles).not.toContain('Brouillon au Confort');
    expect(titles).not.toContain('Passé au Confort');
    const jazz = items.find((item) => item.title === 'Jazz & blues au Confort')!;
    expect(jazz.link).toBe(`${ORIGIN}/events/${ids['Jazz & blues au Confort']}`);
    expect(String(jazz.description)).toMatch(/^Jeudi 15 janvier à 20:30 — Confort Moderne, .*86000 Poitiers\.\n\nSoirée jazz Confort Moderne \(https:\/\/confort-moderne\.fr\)\.$/);
    expect(jazz.enclosure).toMatchObject({ '@url': 'https://images.example/jazz.jpg', '@type': 'image/jpeg' });
  });

  it('gives a place, an organisation and an artist (by slug too) their own feed, and 404 to an unknown one', async () => {
    for (const url of [`/feeds/places/${DEMO_IDS.places.confort}.rss`, `/feeds/organizations/${DEMO_IDS.organizations.jazzAPoitiers}.rss`, `/feeds/artists/${DEMO_IDS.artists.lesFrancoFolies}.rss`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const { channel, items } = readRss(res.body);
      expect(channel.title).toMatch(/ — Sortie$/);
      expect(items.map((item) => item.title)).toContain('Jazz & blues au Confort');
    }
    expect(readRss((await get(`/feeds/places/${DEMO_IDS.places.confort}.rss`)).body).channel.title).toBe('Confort Moderne — Sortie');
    expect((await get('/feeds/places/000000000000000000000000.rss')).statusCode).toBe(404);
    expect((await get('/feeds/cities/Atlantide.atom')).statusCode).toBe(404);
    expect((await get('/feeds/artists/nobody-here.rss')).json().message).toBe('Artiste introuvable.');
  });

  it('gives the same events as Atom: a feed with its id, title, self link and updated, entries with id, link and dates', async () => {
    const res = await get(`/feeds/places/${DEMO_IDS.places.confort}.atom`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed } = xml.parse(res.body);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('Confort Moderne — Sortie');
    expect(feed.id).toBe(`${ORIGIN}/places/${DEMO_IDS.places.confort}`);
    expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
    expect(feed.link.map((link: Record<string, string>) => link['@rel'])).toEqual(expect.arrayContaining(['alternate', 'self']));
    const entries: Array<Record<string, unknown>> = feed.entry;
    const jazz = entries.find((entry) => (entry.title as Record<string, string>)['#text'] === 'Jazz & blues au Confort')!;
    expect(jazz.id).toBe(`${ORIGIN}/events/${ids['Jazz & blues au Confort']}`);
    expect(Number.isNaN(Date.parse(String(jazz.updated)))).toBe(false);
    expect(entries.every((entry) => (entry.title as Record<string, string>)['#text'] !== 'Annulé au Confort')).toBe(true);
  });
});
