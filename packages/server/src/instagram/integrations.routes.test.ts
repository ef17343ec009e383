import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectorInputSchema, CollectorStateSchema } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { runCollector } from '../collectors/run-collector';
import { startFakeGraph } from './fake-graph';
import { startFakeBrightData } from '../brightdata/fake-brightdata';
import { demoIcs } from '../collectors/demo-sources';

const TOKEN = 'EAAG-test-token';
const USER = '17841400000000001';
const BRD_TOKEN = 'brd-token';
const ZONE = 'web_unlocker1';
const NOW = Date.parse('2026-03-02T09:00:00Z');

/** Instagram and Bright Data configured, each pointed at a local fake shaped like its API. */
describe('Instagram and Bright Data, configured', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  let brd: Awaited<ReturnType<typeof startFakeBrightData>>;
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    graph = await startFakeGraph({ token: TOKEN, userId: USER, username: 'le_lieu' });
    brd = await startFakeBrightData({
      token: BRD_TOKEN,
      zone: ZONE,
      pages: { 'https://geo.brdtest.com/welcome.txt': { body: 'Welcome to Bright Data!' }, 'https://agenda.bloque.example/agenda.ics': { body: demoIcs(NOW) } },
    });
    t = await testApp({
      now: () => NOW,
      config: {
        publicUrl: 'https://sortie.example',
        instagram: { accessToken: TOKEN, userId: USER, graphUrl: graph.url },
        brightdata: { apiToken: BRD_TOKEN, zone: ZONE, apiUrl: brd.url, testUrl: 'https://geo.brdtest.com/welcome.txt' },
      },
    });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
    await brd.close();
  });

  it('the Instagram page lists coming events with a French caption, and the designer’s square to download', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram', headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.configured).toBe(true);
    expect(body.warning).toBeNull();
    expect(body.variables).toEqual([expect.objectContaining({ name: 'INSTAGRAM_ACCESS_TOKEN', set: true }), expect.objectContaining({ name: 'INSTAGRAM_USER_ID', set: true })]);
    expect(JSON.stringify(body)).not.toContain(TOKEN);
    const event = body.events[0];
    expect(event.visualPath).toBe(`/api/designer/events/${event.id}/image.png?format=square&download=1`);
    expect(event.caption).toContain(event.title);
    expect(event.caption).toContain(`Infos et réservation : https://sortie.example/events/${event.id}`);
  });

  it('publishes an event’s visual and caption, and the history says who, when and the permalink', async () => {
    const before = graph.requests.length;
    const res = await t.app.inject({ method: 'POST', url: `/api/dashboard/instagram/events/${DEMO_IDS.firstEvent}/publish`, headers: { cookie: staff }, payload: { caption: 'Ce soir au lieu ! #poitiers' } });
    expect(res.statusCode).toBe(200);
    const publication = res.json();
    expect(publication).toMatchObject({ eventId: DEMO_IDS.firstEvent, status: 'published', userName: DEMO_ACCOUNTS.staff.displayName, caption: 'Ce soir au lieu ! #poitiers', error: null });
    expect(publication.permalink).toBe(`https://www.instagram.com/p/FAKE${publication.mediaId}/`);
    const [create] = graph.requests.slice(before);
    expect(create).toMatchObject({ method: 'POST', path: `/v21.0/${USER}/media`, authorization: `Bearer ${TOKEN}`, body: { caption: 'Ce soir au lieu ! #poitiers', image_url: publication.imageUrl } });

    const history = await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram/publications', headers: { cookie: staff } });
    expect(history.json().items[0]).toMatchObject({ id: publication.id, eventTitle: publication.eventTitle, permalink: publication.permalink });

    // The visual's QR code made the event's short link: the caption proposed from now on gives it.
    const status = await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram', headers: { cookie: staff } });
    const link = await t.app.inject({ method: 'GET', url: `/api/designer/events/${DEMO_IDS.firstEvent}/link`, headers: { cookie: staff } });
    const proposed = status.json().events.find((e: { id: string }) => e.id === DEMO_IDS.firstEvent);
    expect(proposed.caption).toContain(`Infos et réservation : ${link.json().url}`);

    // What Instagram read: the designer's square, as a JPEG, at a public address with a random token.
    expect(publication.imageUrl).toMatch(/^https:\/\/sortie\.example\/api\/instagram\/visuals\/[\w-]{24}\.jpg$/);
    const visual = await t.app.inject({ method: 'GET', url: new URL(publication.imageUrl).pathname });
    expect(visual.statusCode).toBe(200);
    expect(visual.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(visual.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });
    expect((await t.app.inject({ method: 'GET', url: '/api/instagram/visuals/inconnu.jpg' })).statusCode).toBe(404);
  });

  it('a refusal by Instagram answers 502 in French and stays in the history with its error', async () => {
    graph.failNext(400, { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190 });
    const res = await t.app.inject({ method: 'POST', url: `/api/dashboard/instagram/events/${DEMO_IDS.firstEvent}/publish`, headers: { cookie: staff }, payload: { caption: 'Deuxième essai' } });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Jeton d’accès Instagram refusé ou expiré (Instagram : Error validating access token: Session has expired).');
    const history = await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram/publications', headers: { cookie: staff } });
    expect(history.json().items[0]).toMatchObject({ caption: 'Deuxième essai', status: 'failed', permalink: null, error: res.json().message });
  });

  it('refuses an empty caption, an unknown event, and a visitor', async () => {
    const empty = await t.app.inject({ method: 'POST', url: `/api/dashboard/instagram/events/${DEMO_IDS.firstEvent}/publish`, headers: { cookie: staff }, payload: { caption: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('La légende est vide.');
    const unknown = await t.app.inject({ method: 'POST', url: `/api/dashboard/instagram/events/0123456789abcdef01234567/publish`, headers: { cookie: staff }, payload: { caption: 'x' } });
    expect(unknown.statusCode).toBe(404);
    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram', headers: { cookie: visitor } })).statusCode).toBe(403);
  });

  it('« Tester la connexion » reads the test page through Bright Data and reports its status, size and duration', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/brightdata/test', headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, url: 'https://geo.brdtest.com/welcome.txt', status: 200, bytes: 23 });
    expect(body.message).toBe(`Connexion réussie : HTTP 200, 23 octets en ${body.durationMs} ms.`);
    expect(brd.requests.at(-1)).toMatchObject({ path: '/request', authorization: `Bearer ${BRD_TOKEN}`, body: { zone: ZONE, url: 'https://geo.brdtest.com/welcome.txt', format: 'raw' } });
  });

  it('a collector set to Bright Data reads its source through the Web Unlocker, and the Bright Data page lists it', async () => {
    const data = CollectorInputSchema.parse({ name: 'Agenda protégé', source: { kind: 'ics', url: 'https://agenda.bloque.example/agenda.ics' }, fetchProvider: 'brightdata' });
    const id = (await t.app.ctx.store.insert('collectors', data))._id;
    const result = await runCollector(t.app.ctx, id, NOW);
    expect(result.found).toBeGreaterThan(0);
    expect(brd.requests.at(-1)).toMatchObject({ path: '/request', body: { zone: ZONE, url: 'https://agenda.bloque.example/agenda.ics', format: 'raw' } });
    expect(CollectorStateSchema.parse(await t.app.ctx.store.getStored('collectors', id)).runs[0]).toMatchObject({ outcome: 'succeeded' });
    const status = await t.app.inject({ method: 'GET', url: '/api/dashboard/brightdata', headers: { cookie: staff } });
    expect(status.json()).toMatchObject({ configured: true, zone: ZONE, collectors: [{ id, name: 'Agenda protégé' }] });
  });

  it('the diagnostics make a cheap authenticated call to Instagram and Bright Data', async () => {
    const instagram = await t.app.inject({ method: 'POST', url: '/api/dashboard/diagnostics/instagram', headers: { cookie: admin } });
    expect(instagram.json()).toMatchObject({ check: 'instagram', outcome: 'ok', message: 'Jeton accepté : compte Instagram @le_lieu.' });
    const brightdata = await t.app.inject({ method: 'POST', url: '/api/dashboard/diagnostics/brightdata', headers: { cookie: admin } });
    expect(brightdata.json()).toMatchObject({ check: 'brightdata', outcome: 'ok', message: `Jeton accepté ; zone « ${ZONE} » active.` });
  });
});
