import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CollectorInputSchema, CollectorStateSchema, EventInputSchema, parisDay, ScrapeJobInputSchema } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, demoId } from '../demo/ids';
import { recordOf } from '../db/rows';
import Fastify from 'fastify';
import { demoIcs, demoOpenAgenda, demoPage, demoSourceRoutes } from './demo-sources';
import { closeTitles, runCollector, CollectorRunError } from './run-collector';
import { isPrivateAddress, safeFetch } from './safe-fetch';

const NOW = Date.parse('2026-03-02T09:00:00Z');

describe('collectors', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let server: http.Server;
  let base = '';
  const pages: Record<string, () => { type: string; body: string | Buffer }> = {
    '/agenda.ics': () => ({ type: 'text/calendar', body: demoIcs(NOW) }),
    '/openagenda.json': () => ({ type: 'application/json', body: demoOpenAgenda(NOW) }),
    '/page.html': () => ({ type: 'text/html', body: demoPage(NOW) }),
    '/huge.ics': () => ({ type: 'text/calendar', body: Buffer.alloc(6 * 1024 * 1024, 'A') }),
    '/broken.ics': () => ({ type: 'text/calendar', body: `${demoIcs(NOW).replace('END:VCALENDAR\r\n', '')}BEGIN:VEVENT\r\nUID:x\r\nDTSTART:nonsense\r\nSUMMARY:Titre\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n` }),
  };
  beforeAll(async () => {
    t = await testApp({ config: { collectorAllowedHosts: ['127.0.0.1'] }, now: () => NOW });
    server = http.createServer((request, response) => {
      if (request.url === '/slow') {
        response.writeHead(200, { 'content-type': 'text/calendar' });
        response.write('BEGIN:VCALENDAR\r\n');
        return;
      }
      if (request.url === '/redirect-private') {
        response.writeHead(302, { location: 'http://10.1.2.3/agenda.ics' }).end();
        return;
      }
      const page = pages[request.url ?? ''];
      if (!page) return response.writeHead(404).end();
      const { type, body } = page();
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await t.close();
  });

  const addCollector = async (kind: 'ics' | 'json' | 'web', url: string, extra: Record<string, unknown> = {}) => {
    const data = CollectorInputSchema.parse({ name: `Test ${kind}`, source: { kind, url }, city: 'Poitiers', ...extra });
    return (await t.app.ctx.store.insert('collectors', data))._id;
  };
  const eventsOf = async (collectorId: string) =>
    (await t.db.query<{ id: string; data: unknown }>(`SELECT id, data FROM events WHERE data->'source'->>'collectorId' = $1 ORDER BY starts_at`, [collectorId])).map((r) => ({
      id: r.id,
      ...EventInputSchema.parse(recordOf(r.data)),
    }));
  const collector = async (id: string) => CollectorStateSchema.parse(await t.app.ctx.store.getStored('collectors', id));

  it('imports an iCalendar feed: a weekly recurring event, an all-day event, its time zone and escaped text; a second run updates instead of duplicating', async () => {
    const id = await addCollector('ics', `${base}/agenda.ics`, { categoryMap: [{ keyword: 'Concert', categoryId: demoId('category:concert') }] });
    const first = await runCollector(t.app.ctx, id, NOW);
    const events = await eventsOf(id);
    const jams = events.filter((e) => e.title === 'Jam session du mardi');
    // 12 Tuesdays from the week of NOW (all within the horizon).
    expect(jams).toHaveLength(12);
    expect(first).toMatchObject({ found: 13, created: 13, updated: 0 });
    // 20:30 in Paris on Tuesday 3 March 2026 (winter, UTC+1); after the change of 29 March, UTC+2.
    expect(jams[0]!.startsAt).toBe('2026-03-03T19:30:00.000Z');
    expect(jams[0]!.endsAt).toBe('2026-03-03T22:00:00.000Z');
    expect(jams.find((e) => e.startsAt.startsWith('2026-03-31'))!.startsAt).toBe('2026-03-31T18:30:00.000Z');
    expect(jams[0]!.description).toBe('Scène ouverte, apportez vos instruments !\nBatterie et amplis sur place; entrée libre.');
    expect(jams[0]!.placeId).toBe(demoId('place:confort-moderne'));
    expect(jams[0]!.status).toBe('draft');
    expect(jams[0]!.categoryIds).toEqual([demoId('category:concert')]);
    expect(jams[0]!.source).toMatchObject({ collectorId: id, kind: 'ics', uid: 'jam-du-mardi@demo.sortie#2026-03-03T19:30:00.000Z' });
    const fair = events.find((e) => e.title === 'Foire aux disques')!;
    // All day on 14 March in Paris: from midnight Paris time.
    expect(fair.startsAt).toBe('2026-03-13T23:00:00.000Z');
    expect(fair.endsAt).toBe('2026-03-14T23:00:00.000Z');
    expect(fair.description).toBe('Vinyles, CD et cassettes : une journée entière de chine.');

    const second = await runCollector(t.app.ctx, id, NOW);
    expect(second).toMatchObject({ created: 0, found: 13 });
    expect(await eventsOf(id)).toHaveLength(13);
    const runs = (await collector(id)).runs;
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ outcome: 'succeeded', found: 13, created: 0 });
  });

  it('recognises an event staff already entered (same place, same start, a close title) and updates it', async () => {
    const startsAt = '2026-03-07T16:00:00.000Z';
    const existing = await t.app.ctx.store.insert('events', { ...EventInputSchema.parse({ title: 'Lecture au jardin !', startsAt, city: 'Poitiers', placeId: demoId('place:tap-theatre') }), likeCount: 0 });
    const id = await addCollector('json', `${base}/openagenda.json`, { autoPublish: true });
    const result = await runCollector(t.app.ctx, id, NOW);
    expect(result).toMatchObject({ found: 2, created: 1, updated: 1 });
    const updated = EventInputSchema.parse(await t.app.ctx.store.getStored('events', existing._id));
    expect(updated).toMatchObject({ title: 'Lecture au jardin', startsAt, description: 'Des textes lus à voix haute sous les arbres, par la troupe du TAP.', source: { kind: 'json', uid: `48213001#${startsAt}` } });
    const imported = await eventsOf(id);
    expect(imported.map((e) => e.title)).toEqual(['Lecture au jardin', 'Atelier sérigraphie']);
    expect(imported[1]).toMatchObject({ status: 'published', startsAt: '2026-03-21T13:00:00.000Z', city: 'Poitiers' });
  });

  it('imports the schema.org events of a page and lists what it found as a scrape job', async () => {
    const id = await addCollector('web', `${base}/page.html`);
    expect(await runCollector(t.app.ctx, id, NOW)).toMatchObject({ found: 2, created: 2 });
    const events = await eventsOf(id);
    expect(events.map((e) => [e.title, e.startsAt, e.placeId])).toEqual([
      ['Nuit électro au Pince Oreille', '2026-03-11T21:00:00.000Z', demoId('place:le-pince-oreille')],
      ['Quiz du jeudi', '2026-03-13T19:00:00.000Z', demoId('place:le-pince-oreille')],
    ]);
    const [job] = await t.db.query<{ data: unknown }>('SELECT data FROM scrape_jobs WHERE collector_id = $1', [id]);
    const scrape = ScrapeJobInputSchema.parse(recordOf(job!.data));
    expect(scrape).toMatchObject({ status: 'succeeded', itemsFound: 2, url: `${base}/page.html` });
    expect(scrape.findings.map((f) => [f.title, f.outcome])).toEqual([
      ['Nuit électro au Pince Oreille', 'created'],
      ['Quiz du jeudi', 'created'],
    ]);
  });

  it.each([
    ['unreachable', () => 'http://127.0.0.1:1/agenda.ics', /^Source injoignable \(127\.0\.0\.1:1\)/],
    ['oversized', () => `${base}/huge.ics`, /^Source trop volumineuse \(plus de 5 Mo\)/],
    ['not http(s)', () => 'ftp://example.org/agenda.ics', /^Seules les adresses http et https sont acceptées \(reçu ftp\)/],
    ['a private address', () => 'http://192.168.1.10/agenda.ics', /^Adresse refusée : 192\.168\.1\.10 mène à une adresse privée ou locale/],
    ['a redirect to a private address', () => `${base}/redirect-private`, /^Adresse refusée : 10\.1\.2\.3/],
  ])('fails on a source %s with its French reason, writing no event', async (_name, url, reason) => {
    const id = await addCollector('ics', 'https://example.org/placeholder.ics');
    // The schema asks for http(s): a stored ftp address (an older record) still fails cleanly.
    const stored = recordOf(await t.app.ctx.store.getStored('collectors', id));
    await t.app.ctx.store.replace('collectors', id, { ...stored, source: { kind: 'ics', url: url() } });
    if (url().startsWith('ftp')) {
      await expect(safeFetch(url())).rejects.toThrow(reason);
      await expect(runCollector(t.app.ctx, id, NOW)).rejects.toThrow('Réglages du collecteur invalides : ');
      expect((await collector(id)).runs[0]).toMatchObject({ outcome: 'failed' });
    } else {
      await expect(runCollector(t.app.ctx, id, NOW)).rejects.toThrow(CollectorRunError);
      const [run] = (await collector(id)).runs;
      expect(run).toMatchObject({ outcome: 'failed', created: 0 });
      expect(run!.error).toMatch(reason);
      expect((await collector(id)).lastResult).toMatch(/^Échec : /);
    }
    expect(await eventsOf(id)).toHaveLength(0);
  });

  it('writes nothing when a write fails half-way, and says so', async () => {
    const id = await addCollector('ics', `${base}/agenda.ics`);
    // An organisation id that the events' schema accepts but the last write refuses: simulated by a collector deleted mid-run.
    const original = t.app.ctx.store.replace.bind(t.app.ctx.store);
    t.app.ctx.store.replace = async (resource, rid, data, db) => {
      if (resource === 'collectors' && rid === id && Array.isArray(data['runs']) && (data['runs'] as { outcome: string }[])[0]?.outcome === 'succeeded') throw new Error('disque plein');
      return original(resource, rid, data, db);
    };
    try {
      await expect(runCollector(t.app.ctx, id, NOW)).rejects.toThrow("Import annulé, rien n'a été écrit : disque plein");
    } finally {
      t.app.ctx.store.replace = original;
    }
    expect(await eventsOf(id)).toHaveLength(0);
    expect((await collector(id)).runs[0]).toMatchObject({ outcome: 'failed' });
  });

  it('runs the demo collectors on the sources the server serves itself, without opening loopback to the fetch', async () => {
    const now = Date.now();
    const bare = Fastify();
    await bare.register(demoSourceRoutes, { now: () => now });
    const served = await bare.inject({ method: 'GET', url: '/demo-sources/agenda.ics' });
    expect(served.headers['content-type']).toContain('text/calendar');
    expect(served.body).toBe(demoIcs(now));
    await bare.close();

    const strict = await testApp({ db: t.db });
    try {
      const ics = demoId('collector:agenda-poitiers');
      const result = await runCollector(strict.app.ctx, ics, now);
      expect(result.created).toBeGreaterThanOrEqual(12);
      const feed = await strict.app.inject({ method: 'GET', url: '/api/events?city=Poitiers&q=jam%20session&limit=50' });
      const listed = (feed.json() as { items: { title: string; status: string; categoryIds: string[] }[] }).items;
      expect(listed.length).toBeGreaterThanOrEqual(11);
      expect(listed[0]).toMatchObject({ title: 'Jam session du mardi', status: 'published', categoryIds: [demoId('category:concert')] });
      expect(await runCollector(strict.app.ctx, demoId('collector:openagenda'), now)).toMatchObject({ found: 2 });
      // The demo page was collected once already: its scrape job lists what it found, and a new run updates the same events.
      const [job] = await t.db.query<{ data: unknown }>('SELECT data FROM scrape_jobs WHERE id = $1', [demoId('scrape:pince-oreille')]);
      const scraped = ScrapeJobInputSchema.parse(recordOf(job!.data));
      expect(scraped.findings.map((f) => f.title)).toEqual(['Nuit électro au Pince Oreille', 'Quiz du jeudi']);
      // The demo page's dates follow the Paris day it is served on (demoPage), and its quiz, which has no
      // address of its own, is known by its title and date: the same events only on the day the demo was
      // loaded (its run began an hour before). A run after midnight finds the next day's quiz, and a run after that the same events.
      const loadedOn = parisDay(Date.parse(scraped.startedAt!) + 3_600_000);
      const page = demoId('collector:page-pince-oreille');
      expect(await runCollector(strict.app.ctx, page, now)).toMatchObject({ found: 2, ...(loadedOn === parisDay(now) ? { created: 0 } : {}) });
      expect(await runCollector(strict.app.ctx, page, now)).toMatchObject({ found: 2, created: 0 });
    } finally {
      await strict.app.close();
    }
  });

  it('runs a collector through its job when staff press « Lancer maintenant », and keeps every collector on its schedule', async () => {
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const id = await addCollector('ics', 'http://192.168.0.4/agenda.ics');
    const run = (cookie: string) => t.app.inject({ method: 'POST', url: `/api/collectors/${id}/run`, headers: { cookie } });
    expect((await run(visitor)).statusCode).toBe(403);
    const res = await run(staff);
    expect(res.statusCode).toBe(200);
    expect(CollectorStateSchema.parse(res.json()).runs[0]).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^Adresse refusée/) });
    const [history] = await t.app.ctx.jobs.history(`collect:${id}`, 1);
    expect(history).toMatchObject({ trigger: 'manual', outcome: 'error' });
    const schedules = await t.db.query<{ job: string; cron: string }>(`SELECT job, cron FROM job_schedules WHERE job LIKE 'collect:%'`);
    expect(schedules).toEqual(expect.arrayContaining([{ job: `collect:${demoId('collector:agenda-poitiers')}`, cron: '@daily' }, { job: `collect:${id}`, cron: '@daily' }]));
    // Created through the API, a collector is scheduled at once; deleted, its job goes.
    const created = await t.app.inject({ method: 'POST', url: '/api/collectors', headers: { cookie: staff }, payload: { name: 'Horaire', source: { kind: 'ics', url: 'https://example.org/a.ics' }, schedule: '0 * * * *', runs: [{ bogus: true }] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ runs: [], lastRunAt: null, autoPublish: false, city: 'Poitiers' });
    const createdId = created.json()._id as string;
    await vi.waitFor(async () => expect(await t.db.query(`SELECT cron FROM job_schedules WHERE job = $1`, [`collect:${createdId}`])).toEqual([{ cron: '0 * * * *' }]));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/collectors/${createdId}`, headers: { cookie: staff } })).statusCode).toBeLessThan(300);
    await vi.waitFor(async () => expect(await t.db.query(`SELECT cron FROM job_schedules WHERE job = $1`, [`collect:${createdId}`])).toEqual([]));
  });

  it('sweeps every collector not run for 12 hours as the « Collecte quotidienne » task', async () => {
    const fresh = await addCollector('json', `${base}/openagenda.json`);
    const [task] = await t.db.query<{ id: string }>(`SELECT id FROM tasks WHERE data->>'name' = 'Collecte quotidienne'`);
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const res = await t.app.inject({ method: 'POST', url: `/api/dashboard/tasks/${task!.id}/run`, headers: { cookie: staff } });
    expect(res.json()).toMatchObject({ status: expect.stringMatching(/idle|failed/) });
    const [run] = await t.app.ctx.jobs.history('collectors', 1);
    expect(run).toMatchObject({ trigger: 'manual' });
    expect(run!.counts['collectors']).toBeGreaterThan(0);
    expect((await collector(fresh)).runs).toHaveLength(1);
    // Those just collected are left alone by a second sweep.
    const again = await t.app.ctx.jobs.runNow('collectors');
    expect(again.counts['collectors']).toBe(0);
  });

  it('gives up on a source that does not answer in time', async () => {
    await expect(safeFetch(`${base}/slow`, { allowedHosts: ['127.0.0.1'], timeoutMs: 300 })).rejects.toThrow("La source n'a pas répondu en 1 s.");
    // Loopback stays closed unless an operator allows it.
    await expect(safeFetch(`${base}/agenda.ics`)).rejects.toThrow('Adresse refusée : 127.0.0.1');
    await expect(safeFetch(`${base.replace('127.0.0.1', 'localhost')}/agenda.ics`)).rejects.toThrow('Adresse refusée : localhost');
  });

  it('refuses private, loopback and link-local addresses, IPv4 and IPv6', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.169.254', '0.0.0.0', '::1', 'fc00::1', 'fd12::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111', '172.32.0.1']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('tells close titles from different ones', () => {
    expect(closeTitles('Lecture au jardin', 'LECTURE AU JARDIN !')).toBe(true);
    expect(closeTitles('Concert de Noël', 'Concert de Noel')).toBe(true);
    expect(closeTitles('Quiz du jeudi', 'Nuit électro')).toBe(false);
  });
});
