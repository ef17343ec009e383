import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OEmbedSchema } from '@sortie/core/domain';
import { testApp } from '../testing/test-app';
import { DEMO_IDS } from '../demo/ids';

const ORIGIN = 'https://sortie.example';
const oembed = (url: string, extra = '') => `/oembed?url=${encodeURIComponent(url)}${extra}`;

describe('oEmbed and the embed pages', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await testApp({ config: { publicUrl: ORIGIN } });
  }, 60_000);
  afterAll(() => t.close());

  it('answers oEmbed for a place, an event and a tournament page of this site: type rich, an iframe of its embed page', async () => {
    const place = await get(oembed(`${ORIGIN}/places/${DEMO_IDS.places.confort}`, '&format=json'));
    expect(place.statusCode).toBe(200);
    expect(place.headers['content-type']).toMatch(/^application\/json/);
    const body = OEmbedSchema.parse(place.json());
    expect(body).toMatchObject({ type: 'rich', version: '1.0', title: 'Confort Moderne', provider_name: 'Sortie', provider_url: `${ORIGIN}/`, width: 480, height: 600 });
    expect(body.html).toBe(`<iframe src="${ORIGIN}/embed/places/${DEMO_IDS.places.confort}" width="480" height="600" title="Confort Moderne" style="border:0;max-width:100%" loading="lazy"></iframe>`);

    const tournament = OEmbedSchema.parse((await get(oembed(`${ORIGIN}/tournaments/${DEMO_IDS.tournament}`, '&maxwidth=300'))).json());
    expect(tournament.html).toContain(`src="${ORIGIN}/embed/tournaments/${DEMO_IDS.tournament}"`);
    expect(tournament.width).toBe(300);
    const event = await get(oembed(`${ORIGIN}/events/${DEMO_IDS.firstEvent}`));
    expect(event.statusCode).toBe(200);
    expect(OEmbedSchema.parse(event.json()).html).toContain(`/embed/events/${DEMO_IDS.firstEvent}`);
  });

  it('answers 404 for another site, another page or an unknown record, 501 for xml, 400 without a url', async () => {
    for (const url of [`https://ailleurs.example/places/${DEMO_IDS.places.confort}`, `${ORIGIN}/places`, `${ORIGIN}/blog`, `${ORIGIN}/places/000000000000000000000000`, 'pas une adresse']) {
      expect((await get(oembed(url))).statusCode, url).toBe(404);
    }
    const xml = await get(oembed(`${ORIGIN}/places/${DEMO_IDS.places.confort}`, '&format=xml'));
    expect(xml.statusCode).toBe(501);
    expect((await get('/oembed')).statusCode).toBe(400);
  });

  it('lets any site frame the embed pages, and only them: every other answer keeps frame-ancestors \'self\'', async () => {
    for (const url of [`/embed/places/${DEMO_IDS.places.confort}`, '/embed/places/confort-moderne', `/embed/tournaments/${DEMO_IDS.tournament}`, `/embed/events/${DEMO_IDS.firstEvent}`, `/embed/blindTests/${DEMO_IDS.blindTest}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
      expect(String(res.headers['content-security-policy'])).not.toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    for (const url of ['/robots.txt', '/api/health', `/feeds/places/${DEMO_IDS.places.confort}.rss`, '/embed.js', '/places']) {
      const res = await get(url);
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('shows a place’s next events in French, each opening its page on the site in a new tab', async () => {
    const html = (await get('/embed/places/confort-moderne')).body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Les prochains événements');
    const links = [...html.matchAll(/<a href="([^"]+)" target="_blank" rel="noopener">/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(1);
    expect(links.every((link) => link!.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(links).toContain(`${ORIGIN}/places/${DEMO_IDS.places.confort}`);
    expect(html).toContain('<script src="/embed/live.js" defer></script>');
    expect((await get('/embed/places/nulle-part')).statusCode).toBe(404);
  });

  it('draws a tournament’s bracket and names it for the live script to follow', async () => {
    const html = (await get(`/embed/tournaments/${DEMO_IDS.tournament}`)).body;
    expect(html).toContain(`data-live-tournament="${DEMO_IDS.tournament}"`);
    expect(html).toMatch(/<h1><a href="https:\/\/sortie\.example\/tournaments\/[0-9a-f]{24}" target="_blank" rel="noopener">/);
    expect((await get('/embed/tournaments/000000000000000000000000')).statusCode).toBe(404);
  });

  it('names a blind test for the live script to follow with its leaderboard', async () => {
    const html = (await get(`/embed/blindTests/${DEMO_IDS.blindTest}`)).body;
    expect(html).toContain(`data-live-blind-test="${DEMO_IDS.blindTest}"`);
    expect(html).toContain('Blind test · Les joueurs arrivent');
    expect(html).toContain(`href="${ORIGIN}/blindTests/${DEMO_IDS.blindTest}" target="_blank" rel="noopener"`);
    expect((await get('/embed/blindTests/000000000000000000000000')).statusCode).toBe(404);
  });

  it('serves /embed.js and /embed/live.js as scripts a browser can parse', async () => {
    const loader = await get('/embed.js');
    expect(loader.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(loader.body).toContain(JSON.stringify(ORIGIN));
    expect(() => new Function(loader.body)).not.toThrow();
    const live = await get('/embed/live.js');
    expect(() => new Function(live.body)).not.toThrow();
    expect(live.body).toContain('tournament:update');
  });
});
