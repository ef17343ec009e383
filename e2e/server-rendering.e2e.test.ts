import { describe, expect, it } from 'vitest';
import jsonld from 'jsonld';
import { Api, DEMO_IDS } from './api';
import { useBrowser } from './fixtures';
import { scriptWeight } from '../tools/bench/script-weight.mjs';

// What a link-preview fetcher sends: any type, a crawler's name.
const PREVIEW = { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };
const SCHEMA = 'https://schema.org/';

/**
 * schema.org's context as its vocabulary: every term is a schema.org IRI. The real context
 * (https://schema.org/docs/jsonldcontext.jsonld) says the same for the terms used here; tests
 * never reach the internet, so jsonld's loader gets it from here.
 */
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`Contexte inattendu : ${url}`);
  return { document: { '@context': { '@vocab': SCHEMA, url: { '@type': '@id' }, image: { '@type': '@id' }, item: { '@type': '@id' }, eventStatus: { '@type': '@id' }, eventAttendanceMode: { '@type': '@id' }, availability: { '@type': '@id' } } }, documentUrl: url };
};

type Expanded = Record<string, Array<Record<string, unknown>>>;

/** The page's JSON-LD, expanded by a JSON-LD processor: what a search engine reads. */
async function structuredData(html: string): Promise<Expanded[]> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as object);
  const expanded = await Promise.all(blocks.map((block) => jsonld.expand(block, { documentLoader: documentLoader as never })));
  return expanded.flat() as unknown as Expanded[];
}

const ofType = (things: Expanded[], type: string) => things.find((thing) => (thing['@type'] as unknown as string[] | undefined)?.includes(`${SCHEMA}${type}`));
const value = (thing: Expanded | Record<string, unknown> | undefined, property: string): unknown => {
  const values = (thing as Expanded | undefined)?.[`${SCHEMA}${property}`];
  const first = values?.[0];
  return first && typeof first === 'object' && '@value' in first ? first['@value'] : first && typeof first === 'object' && '@id' in first ? first['@id'] : first;
};
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

async function preview(baseUrl: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: PREVIEW });
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

describe('pages rendered by the server, as link previews and search engines read them', () => {
  const { baseUrl, browser } = useBrowser();

  it('gives an event’s title, description, image and a JSON-LD Event (date, place with address and coordinates, price, organiser) in the first response', async () => {
    const api = Api.anonymous(baseUrl);
    const [event] = (await api.get<{ items: Array<{ _id: string; title: string; startsAt: string }> }>(`/api/events?placeId=${DEMO_IDS.places.tapGarden}&limit=1`)).items;
    const page = await preview(baseUrl, `/events/${event!._id}`);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.html).toContain(`<title>${event!.title} · Sortie</title>`);
    expect(meta(page.html, 'description')).toMatch(/à \d{2}:\d{2} · Le Tap Garden, Poitiers/);
    expect(meta(page.html, 'og:image')).toMatch(new RegExp(`^${baseUrl}/api/images/files/.+\\.jpg$`));
    expect(meta(page.html, 'og:title')).toBe(event!.title);
    expect(page.html).toContain(`<link rel="canonical" href="${baseUrl}/events/${event!._id}" />`);
    // The content itself, not a shell for a script to fill.
    expect(page.html).toMatch(new RegExp(`<h1[^>]*>${event!.title}</h1>`));

    const things = await structuredData(page.html);
    const described = ofType(things, 'Event');
    expect(value(described, 'name')).toBe(event!.title);
    expect(value(described, 'startDate')).toBe(event!.startsAt);
    expect(value(described, 'eventStatus')).toBe(`${SCHEMA}EventScheduled`);
    const location = (described?.[`${SCHEMA}location`] ?? [])[0] as Expanded | undefined;
    expect(value(location, 'name')).toBe('Le Tap Garden');
    const address = (location?.[`${SCHEMA}address`] ?? [])[0] as Expanded | undefined;
    expect(value(address, 'addressLocality')).toBe('Poitiers');
    expect(value(address, 'postalCode')).toMatch(/^\d{5}$/);
    expect(typeof value((location?.[`${SCHEMA}geo`] ?? [])[0] as Expanded, 'latitude')).toBe('number');
    const offer = (described?.[`${SCHEMA}offers`] ?? [])[0] as Expanded | undefined;
    expect(value(offer, 'priceCurrency')).toBe('EUR');
    expect(value((described?.[`${SCHEMA}organizer`] ?? [])[0] as Expanded, 'name')).toBe('Jazz à Poitiers');
    expect(ofType(things, 'BreadcrumbList')).toBeTruthy();
  });

  it('gives a place and an artist their title, description, image and JSON-LD', async () => {
    const place = await preview(baseUrl, `/places/${DEMO_IDS.places.confort}`);
    expect(place.status).toBe(200);
    expect(place.html).toContain('<title>Confort Moderne · Sortie</title>');
    expect(meta(place.html, 'description')).toContain('Poitiers');
    expect(meta(place.html, 'og:image')).toMatch(/^http/);
    const business = ofType(await structuredData(place.html), 'LocalBusiness');
    expect(value(business, 'name')).toBe('Confort Moderne');
    expect(value((business?.[`${SCHEMA}address`] ?? [])[0] as Expanded, 'addressLocality')).toBe('Poitiers');

    const artist = await preview(baseUrl, `/artists/${DEMO_IDS.artists.lesFrancoFolies}`);
    expect(artist.status).toBe(200);
    expect(meta(artist.html, 'og:title')).toBe('La Rue Ketanou');
    expect(meta(artist.html, 'og:image')).toMatch(/^http/);
    expect(value(ofType(await structuredData(artist.html), 'MusicGroup'), 'name')).toBe('La Rue Ketanou');
  });

  it('answers 404 with the French page for an unknown address, a malformed id and a missing record; JSON only to who asks for it', async () => {
    for (const path of ['/nulle-part', '/events/pas-un-id', '/events/000000000000000000000000', `/places/${'f'.repeat(24)}`]) {
      const page = await preview(baseUrl, path);
      expect(page.status, path).toBe(404);
      expect(page.type, path).toContain('text/html');
      expect(page.html, path).toMatch(/introuvable/i);
    }
    const json = await fetch(`${baseUrl}/nulle-part`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toContain('application/json');
  });

  it('hydrates the page without reloading what the server read, and without a mismatch', async () => {
    const page = await (await browser().newContext()).newPage();
    const errors: string[] = [];
    const reads: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/files/')) reads.push(url.pathname + url.search);
    });
    await page.goto(`${baseUrl}/home/Poitiers`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Que faire à Poitiers ?');
    expect(await page.getByRole('link', { name: /Concert/ }).count()).toBeGreaterThan(0);
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads at most 100 KB of JavaScript (gzip) before the landing page is idle, every script counted in Chromium', async () => {
    const { gzip, files } = await scriptWeight(browser(), `${baseUrl}/`);
    expect(files.length).toBeGreaterThan(0);
    expect(gzip / 1024).toBeLessThanOrEqual(100);
  });
});
