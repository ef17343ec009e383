import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { Api, DEMO_ACCOUNTS, DEMO_IDS } from './api';
import { consoleErrors, signInThroughApi, useBrowser } from './fixtures';

// Beyond the site (issue 35): a venue's own website, on another origin, pastes one line per
// embed and shows its agenda and tonight's bracket, live; feed readers find the city's RSS.

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name, path) => String(path) === 'rss.channel.item' });
const DAY = 86_400_000;

/** The venue's website: a page of its own with the two script tags, on a second local origin. */
function venueSite(html: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url !== '/') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html());
  });
  return new Promise((resolve) =>
    server.listen(0, () => {
      const address = server.address();
      resolve({ origin: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`, server });
    }),
  );
}

describe('embeds on a venue’s website, feeds and discovery links', () => {
  const { baseUrl, context } = useBrowser();
  let site: { origin: string; server: Server };
  let tournamentId = '';
  let blindTestId = '';

  beforeAll(async () => {
    site = await venueSite(
      () => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Le Bar du Coin</title></head>
<body><h1>Le Bar du Coin</h1><h2>Notre agenda</h2>
<script src="${baseUrl}/embed.js" data-place="confort-moderne" async></script>
<h2>Le tournoi de ce soir</h2>
<sortie-bracket tournament="${tournamentId}"></sortie-bracket>
<script src="${baseUrl}/embed.js" async></script>
${blindTestId ? `<h2>Le quiz</h2><script src="${baseUrl}/embed.js" data-blind-test="${blindTestId}" async></script>` : ''}</body></html>`,
    );
  });
  afterAll(() => new Promise<void>((resolve) => site.server.close(() => resolve())));

  it('shows a place’s agenda and a live bracket on another origin; a score confirmed on the desk appears in the embed within a second', async () => {
    const api = await Api.staff(baseUrl);
    const name = `Baby-foot e2e ${Date.now().toString(36)}`;
    const players = ['Alex', 'Sam', 'Lou', 'Noé'];
    const created = await api.request<{ _id: string }>('POST', '/api/tournaments', {
      name,
      game: 'Baby-foot',
      format: 'single_elimination',
      participants: players.map((player, i) => ({ id: `p${i + 1}`, name: player, seed: i + 1 })),
    });
    tournamentId = created._id;

    // The venue's page, on its own origin (the test context lets that origin through).
    const venueContext = await context();
    await venueContext.route(`${site.origin}/**`, (route) => route.continue());
    const venue = await venueContext.newPage();
    const errors = consoleErrors(venue);
    await venue.goto(`${site.origin}/`);
    await venue.getByRole('heading', { level: 1, name: 'Le Bar du Coin' }).waitFor();

    // The agenda: the place's next events, each opening its page on Sortie in a new tab; the iframe grows to its content.
    const agenda = venue.frameLocator('sortie-agenda iframe');
    await agenda.getByRole('heading', { level: 1, name: 'Confort Moderne' }).waitFor({ timeout: 10_000 });
    const eventLinks = agenda.locator('li.event a');
    expect(await eventLinks.count()).toBeGreaterThan(0);
    for (const link of await eventLinks.all()) {
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${baseUrl}/events/[0-9a-f]{24}$`));
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener');
    }
    const agendaFrame = venue.frames().find((frame) => frame.url().includes('/embed/places/'))!;
    const contentHeight = await agendaFrame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
    await expect.poll(() => venue.locator('sortie-agenda iframe').evaluate((frame: HTMLIFrameElement) => frame.style.height), { timeout: 5_000 }).toBe(`${contentHeight}px`);

    // The bracket, followed live on the socket (the embed page is on Sortie's origin: the handshake is accepted).
    const bracket = venue.frameLocator('sortie-bracket iframe');
    await bracket.getByRole('link', { name }).waitFor({ timeout: 10_000 });
    await bracket.getByText('Le tableau sera tiré au début du tournoi.').waitFor();

    const staff = await (await context()).newPage();
    const staffErrors = consoleErrors(staff);
    await signInThroughApi(staff, DEMO_ACCOUNTS.staff.email);
    await staff.goto(`/dashboard/tournaments/${tournamentId}`);
    const desk = staff.getByRole('region', { name: 'Arbitrage' });
    await desk.waitFor({ timeout: 15_000 });
    await desk.getByRole('button', { name: 'Démarrer le tournoi' }).click();
    // The start reaches the embed without a reload: seed 1 meets seed 4.
    await bracket.getByText('Tableau · tour 1').waitFor({ timeout: 5_000 });
    const firstMatch = bracket.locator('li.match').filter({ hasText: 'Alex' }).filter({ hasText: 'Noé' });
    await firstMatch.waitFor();
    await venue.evaluate(() => Object.assign(window, { sortieNotReloaded: true }));

    // Staff enter and confirm the score on the desk.
    const match = desk.getByRole('group', { name: /^(Alex contre Noé|Noé contre Alex)$/ });
    await match.getByLabel('Alex').fill('3');
    await match.getByLabel('Noé').fill('1');
    await match.getByRole('button', { name: 'Valider le score' }).click();
    // Within a second of the confirmation (the issue's requirement): the score and the winner in the embed.
    await expect.poll(() => firstMatch.locator('.score').allInnerTexts(), { timeout: 1_000, interval: 50 }).toEqual(['3', '1']);
    expect(await firstMatch.locator('.side.won').innerText()).toContain('Alex');
    expect(await venue.evaluate(() => 'sortieNotReloaded' in window)).toBe(true);

    expect([...errors, ...staffErrors]).toEqual([]);
  });

  it('shows a blind test’s leaderboard live: a player who joins on their phone appears in the embed', async () => {
    const api = await Api.staff(baseUrl);
    const question = await api.request<{ _id: string }>('POST', '/api/questions', { kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers'], points: 100, timeLimitSeconds: 60 });
    const title = `Quiz embarqué ${Date.now().toString(36)}`;
    blindTestId = (await api.request<{ _id: string }>('POST', '/api/blindTests', { title, questionIds: [question._id], mode: 'answers' }))._id;
    const host = await (await context()).newPage();
    const hostErrors = consoleErrors(host);
    await signInThroughApi(host, DEMO_ACCOUNTS.staff.email);
    await host.goto(`/blindTests/${blindTestId}?animateur`);
    await host.getByRole('button', { name: 'Ouvrir la partie' }).click({ timeout: 15_000 });
    const code = (await host.getByRole('region', { name: 'Rejoindre la partie' }).getByLabel('Code de la partie').innerText({ timeout: 5_000 })).replace(/\s/g, '');

    const venueContext = await context();
    await venueContext.route(`${site.origin}/**`, (route) => route.continue());
    const venue = await venueContext.newPage();
    const errors = consoleErrors(venue);
    await venue.goto(`${site.origin}/`);
    const board = venue.frameLocator('sortie-leaderboard iframe');
    await board.getByRole('link', { name: title }).waitFor({ timeout: 10_000 });
    await board.getByText('Blind test · Les joueurs arrivent').waitFor({ timeout: 5_000 });

    const phone = await (await context({ viewport: { width: 390, height: 844 } })).newPage();
    const phoneErrors = consoleErrors(phone);
    await phone.goto(`/blindTests/${blindTestId}?code=${code}`);
    await phone.getByLabel('Pseudo').fill('Aitana', { timeout: 15_000 });
    await phone.getByRole('button', { name: 'Rejoindre' }).click();
    await expect.poll(() => board.locator('li').allInnerTexts(), { timeout: 2_000 }).toEqual([expect.stringMatching(/^1\. Aitana\s*0 pts$/)]);
    expect([...hostErrors, ...errors, ...phoneErrors]).toEqual([]);
  });

  it('serves Poitiers’ RSS as valid RSS 2.0 listing the week’s events, and every page its discovery links', async () => {
    const now = Date.now();
    const week = await Api.anonymous(baseUrl).get<{ items: Array<{ _id: string; title: string }> }>(
      `/api/events?city=Poitiers&from=${new Date(now + 60_000).toISOString()}&to=${new Date(now + 7 * DAY).toISOString()}&limit=100`,
    );
    expect(week.items.length).toBeGreaterThan(0);
    const response = await fetch(`${baseUrl}/feeds/cities/Poitiers.rss`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const { rss } = xml.parse(await response.text());
    expect(rss['@version']).toBe('2.0');
    expect(rss.channel).toMatchObject({ title: 'Sortir à Poitiers — Sortie', link: `${baseUrl}/home/Poitiers`, language: 'fr' });
    expect(typeof rss.channel.description).toBe('string');
    const items: Array<Record<string, string>> = rss.channel.item;
    for (const item of items) {
      expect(item.title && item.link && item.guid && item.description).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.pubDate!))).toBe(false);
    }
    const links = new Set(items.map((item) => item.link));
    expect(week.items.filter((event) => !links.has(`${baseUrl}/events/${event._id}`)).map((event) => event.title)).toEqual([]);

    // The pages' heads, as a feed reader and an oEmbed consumer read them (no script run).
    const head = async (path: string) => (await (await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })).text()).split('</head>')[0]!;
    const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]*)" href="([^"]+)" \/>/g)].map(([, type, title, href]) => ({ type, title, href }));
    expect(alternates(await head('/home/Poitiers'))).toEqual([
      { type: 'application/rss+xml', title: 'Sortir à Poitiers — Sortie (RSS)', href: `${baseUrl}/feeds/cities/Poitiers.rss` },
      { type: 'application/atom+xml', title: 'Sortir à Poitiers — Sortie (Atom)', href: `${baseUrl}/feeds/cities/Poitiers.atom` },
    ]);
    const place = alternates(await head(`/places/${DEMO_IDS.places.confort}`));
    expect(place.map((link) => link.type)).toEqual(['application/rss+xml', 'application/atom+xml', 'application/json+oembed']);
    expect(place[0]!.title).toBe('Confort Moderne — Sortie (RSS)');
    expect(alternates(await head(`/organizations/${DEMO_IDS.organizations.jazzAPoitiers}`)).map((link) => link.type)).toEqual(['application/rss+xml', 'application/atom+xml']);
    expect(alternates(await head(`/artists/${DEMO_IDS.artists.lesFrancoFolies}`)).map((link) => link.type)).toEqual(['application/rss+xml', 'application/atom+xml']);
    expect(alternates(await head(`/events/${DEMO_IDS.firstEvent}`)).map((link) => link.type)).toEqual(['application/json+oembed']);
    const tournament = alternates(await head(`/tournaments/${DEMO_IDS.tournament}`));
    expect(tournament.map((link) => link.type)).toEqual(['application/json+oembed']);
    // The oEmbed link answers the iframe of the embed page.
    const oembed = await (await fetch(String(tournament[0]?.href).replace(/&amp;/g, '&'))).json();
    expect(oembed).toMatchObject({ type: 'rich', version: '1.0', provider_name: 'Sortie' });
    expect(oembed.html).toContain(`src="${baseUrl}/embed/tournaments/${DEMO_IDS.tournament}"`);
  });
});
