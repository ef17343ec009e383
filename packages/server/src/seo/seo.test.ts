import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { registerSeoRoutes } from './seo.routes';

const ORIGIN = 'https://sortie.example';
const DAY = 86_400_000;
const schema = (name: string) => ({ fileName: name, contents: readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8') });

/** Valid against the sitemaps.org 0.9 schema, with xmllint's own errors when not. */
async function expectValid(xml: string, xsd: 'sitemap.xsd' | 'siteindex.xsd') {
  const result = await validateXML({ xml: { fileName: 'sitemap.xml', contents: xml }, schema: schema(xsd) });
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

const event = (title: string, startsAt: number, status: string) => ({
  title, city: 'Poitiers', startsAt: new Date(startsAt).toISOString(), status, description: '', artistIds: [], categoryIds: [], price: { free: true }, tags: [], likeCount: 0,
});

describe('robots.txt and sitemap.xml', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await testApp({ config: { publicUrl: ORIGIN } });
    const now = t.app.ctx.now();
    const { store } = t.app.ctx;
    ids.upcoming = String((await store.insert('events', event('Concert à venir', now + 3 * DAY, 'published')))._id);
    ids.recent = String((await store.insert('events', event('Concert du mois dernier', now - 30 * DAY, 'published')))._id);
    ids.old = String((await store.insert('events', event('Concert de l’an passé', now - 365 * DAY, 'published')))._id);
    ids.draft = String((await store.insert('events', event('Brouillon', now + 3 * DAY, 'draft')))._id);
    await store.insert('blogPosts', { slug: 'a-paraitre', title: 'À paraître', body: '', publishedAt: new Date(now + 10 * DAY).toISOString() });
    await store.insert('blogPosts', { slug: 'deja-paru', title: 'Déjà paru', body: '', publishedAt: new Date(now - DAY).toISOString() });
  }, 60_000);
  afterAll(() => t.close());

  it('lets crawlers read the public pages, not the back office, the API or a visitor’s own pages, and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/dashboard', '/api/', '/account', '/notifications', '/users/likes']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /api/images/files/');
    expect(lines.some((line) => /^Disallow: \/(events|places|home|artists|organizations|blog)\b/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists the public pages with absolute addresses, valid against the sitemaps.org schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    await expectValid(res.body, 'sitemap.xsd');
    const urls = locs(res.body);
    expect(urls.every((url) => url.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/pro`, `${ORIGIN}/blog`, `${ORIGIN}/home/Poitiers`, `${ORIGIN}/home/La%20Rochelle`, `${ORIGIN}/legal/privacy`]));
    // Events to come and of the last weeks, published only.
    expect(urls).toContain(`${ORIGIN}/events/${ids.upcoming}`);
    expect(urls).toContain(`${ORIGIN}/events/${ids.recent}`);
    expect(urls).not.toContain(`${ORIGIN}/events/${ids.old}`);
    expect(urls).not.toContain(`${ORIGIN}/events/${ids.draft}`);
    // Places, organisations, artists (by their slug), published blog posts.
    expect(urls).toContain(`${ORIGIN}/places/${DEMO_IDS.places.confort}`);
    expect(urls.some((url) => url.startsWith(`${ORIGIN}/organizations/`))).toBe(true);
    expect(urls).toContain(`${ORIGIN}/artists/la-rue-ketanou`);
    expect(urls).toContain(`${ORIGIN}/blog/deja-paru`);
    expect(urls).not.toContain(`${ORIGIN}/blog/a-paraitre`);
    // Each record's page says when it last changed.
    expect(res.body).toMatch(new RegExp(`<loc>${ORIGIN}/events/${ids.upcoming}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
  });

  it('uses the request’s host when no public address is configured', async () => {
    const other = await testApp({ db: t.db });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'agenda.local:3000' } });
      expect(locs(res.body)[0]).toBe('http://agenda.local:3000/');
      expect((await other.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'agenda.local:3000' } })).body).toContain('Sitemap: http://agenda.local:3000/sitemap.xml');
    } finally {
      await other.app.close();
    }
  });

  it('splits into an index and parts past its limit, each valid, together listing every page once', async () => {
    const whole = locs((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    const small = Fastify();
    registerSeoRoutes(small, t.app.ctx, { urlLimit: 10 });
    await small.ready();
    try {
      const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
      await expectValid(index.body, 'siteindex.xsd');
      const parts = locs(index.body);
      expect(parts).toHaveLength(Math.ceil(whole.length / 10));
      expect(parts[0]).toBe(`${ORIGIN}/sitemap-1.xml`);
      const listed: string[] = [];
      for (const part of parts) {
        const res = await small.inject({ method: 'GET', url: new URL(part).pathname });
        expect(res.statusCode).toBe(200);
        await expectValid(res.body, 'sitemap.xsd');
        expect(locs(res.body).length).toBeLessThanOrEqual(10);
        listed.push(...locs(res.body));
      }
      expect(listed).toEqual(whole);
      expect((await small.inject({ method: 'GET', url: `/sitemap-${parts.length + 1}.xml` })).statusCode).toBe(404);
      expect((await small.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('lists an event published through the API at once, though the list is kept a few minutes', async () => {
    await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/events', headers: { cookie: staff }, payload: { title: 'Publié à l’instant', city: 'Poitiers', startsAt: new Date(t.app.ctx.now() + 2 * DAY).toISOString() } });
    expect(created.statusCode).toBe(201);
    expect(locs((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body)).toContain(`${ORIGIN}/events/${created.json()._id}`);
  });

  it('checks with a schema that catches a broken sitemap', async () => {
    const broken = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>hier</lastmod><loc>/relative</loc></url></urlset>';
    expect((await validateXML({ xml: { fileName: 'broken.xml', contents: broken }, schema: schema('sitemap.xsd') })).valid).toBe(false);
  });

  it('has no parts while the site fits in one file', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });
});
