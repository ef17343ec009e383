import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { accentOn, contrastRatio, textOn } from './venue-page';

/** Issue 36: a link made the page of a place or an organisation (« lien en bio »). */
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a venue’s link page at /r/{code} (issue 36)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let concertId: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    // One event sure to be ahead, at the Confort Moderne (the demo's venue with a colour of its own, #e4572e).
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: staff },
      payload: { title: 'Nuit <électro> au Confort', startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), city: 'Poitiers', placeId: DEMO_IDS.places.confort, status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    concertId = created.json()._id;
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload, headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; shortCode: string } & Record<string, unknown>;
  };
  const visitsOf = async (linkId: string) => {
    await t.app.ctx.links.flush();
    return t.db.query<{ device: string; system: string | null; referrer_host: string | null; bot: boolean }>('SELECT device, system, referrer_host, bot FROM dyna_link_visits WHERE link_id = $1 ORDER BY id', [linkId]);
  };

  it('answers the place’s page in French, in its colour, with its next events and its links, and counts the visit as a redirect’s', async () => {
    const link = await create({ url: 'https://exemple.fr/confort', shortCode: 'confort-bio', page: { placeId: DEMO_IDS.places.confort } });
    expect(link.page).toEqual({ placeId: DEMO_IDS.places.confort });
    const res = await t.app.inject({ method: 'GET', url: '/r/confort-bio', headers: { 'user-agent': IPHONE, referer: 'https://l.instagram.com/' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Confort Moderne</h1>');
    expect(html).toContain('background:#e4572e');
    expect(html).toContain('Prochains événements');
    // The event, escaped, linking to its page on Sortie.
    expect(html).toContain(`href="/events/${concertId}"`);
    expect(html).toContain('Nuit &lt;électro&gt; au Confort');
    expect(html).not.toContain('<électro>');
    // Its site, and its page on Sortie.
    expect(html).toContain('href="https://www.example.org/lieux/confort-moderne"');
    expect(html).toContain(`href="/places/${DEMO_IDS.places.confort}"`);
    // No script: it opens at once on the phone that scanned the poster.
    expect(html).not.toContain('<script');
    expect(await visitsOf(link._id)).toEqual([{ device: 'mobile', system: 'iOS', referrer_host: 'instagram.com', bot: false }]);
    const [stored] = await t.db.query<{ data: { visitCount: number } }>('SELECT data FROM dyna_links WHERE id = $1', [link._id]);
    expect(stored!.data.visitCount).toBe(1);
  });

  it('is answered by the raw server’s fast path too, and a HEAD of it is a bot’s visit', async () => {
    const link = await create({ url: 'https://exemple.fr/confort2', shortCode: 'confort-http', page: { placeId: DEMO_IDS.places.confort } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    // Twice: the second from the page kept in memory.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/r/confort-http`, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1>Confort Moderne</h1>');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/r/confort-http' });
    expect(head.statusCode).toBe(200);
    expect((await visitsOf(link._id)).map((v) => v.bot)).toEqual([false, false, true]);
  });

  it('says so when the place has no event ahead', async () => {
    await create({ url: 'https://exemple.fr/musee', shortCode: 'musee-bio', page: { placeId: DEMO_IDS.placeWithoutEvents } });
    const html = (await t.app.inject({ method: 'GET', url: '/r/musee-bio' })).body;
    expect(html).toContain('Pas d’événement annoncé pour l’instant');
    expect(html).not.toContain('class="events"');
  });

  it('lists an organisation’s events with their place, and its venues’ colour falls back to Sortie’s', async () => {
    await create({ url: 'https://exemple.fr/jazz', shortCode: 'jazz-bio', page: { organizationId: DEMO_IDS.organizations.jazzAPoitiers } });
    const html = (await t.app.inject({ method: 'GET', url: '/r/jazz-bio' })).body;
    expect(html).toContain(`href="/organizations/${DEMO_IDS.organizations.jazzAPoitiers}"`);
    expect(html).toContain(`href="/events/${concertId}"`);
    expect(html).toContain('<span class="where">Confort Moderne</span>');
  });

  it('refuses a page of both a place and an organisation, and redirects again once the page is taken away', async () => {
    const both = await t.app.inject({ method: 'POST', url: '/api/dynaLinks', headers: { cookie: staff }, payload: { url: 'https://exemple.fr/', page: { placeId: DEMO_IDS.places.confort, organizationId: DEMO_IDS.organizations.jazzAPoitiers } } });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('Choisissez un lieu ou une organisation');
    const link = await create({ url: 'https://exemple.fr/retour', shortCode: 'retour-bio', page: { placeId: DEMO_IDS.places.confort } });
    expect((await t.app.inject({ method: 'GET', url: '/r/retour-bio' })).statusCode).toBe(200);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/dynaLinks/${link._id}`, headers: { cookie: staff }, payload: { page: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/r/retour-bio' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://exemple.fr/retour');
  });

  it('picks readable colours for any brand colour: text on it, and the accent on the page’s background (4.5:1 at least)', () => {
    for (const colour of ['#e4572e', '#ffe66d', '#7c5cff', '#00ff00', '#000000', '#ffffff', '#888888', '#ff5a5f']) {
      expect(contrastRatio(colour, textOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accentOn(colour), '#f6f5f2'), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
