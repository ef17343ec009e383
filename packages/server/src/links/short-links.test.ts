import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_SHORT_CODES } from '../demo/ids';

describe('GET /r/{shortCode}', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.db.close());

  const visits = async (linkId: string) => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dyna_link_visits WHERE link_id = $1', [linkId]))[0]!.n);

  it('redirects to the url, unknown codes to /home, and says in French when a link is over (issue 36)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/r/${DEMO_SHORT_CODES.poitiers}`, headers: { 'user-agent': 'Mozilla/5.0 test' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.poitiers.fr/');
    for (const code of ['inconnu', 'pas%20valide', 'x'.repeat(100)]) {
      const miss = await t.app.inject({ method: 'GET', url: `/r/${code}` });
      expect(miss.statusCode, code).toBe(302);
      expect(miss.headers.location, code).toBe('/home');
    }
    const expired = await t.app.inject({ method: 'GET', url: `/r/${DEMO_SHORT_CODES.expired}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.body).toContain('Ce lien a expiré le');
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const created = (await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload: { url: 'https://exemple.fr/une-fois', shortCode: 'unefois', maxVisits: 1 }, headers: { cookie: staff } })).json();
    expect((await t.app.inject({ method: 'GET', url: '/r/unefois' })).headers.location).toBe('https://exemple.fr/une-fois');
    const used = await t.app.inject({ method: 'GET', url: '/r/unefois' });
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('nombre maximal de visites');
    // A write drops the cache: the new url is served at once.
    await t.app.inject({ method: 'PATCH', url: `/api/dynaLinks/${created._id}`, payload: { url: 'https://exemple.fr/nouvelle', maxVisits: 5 }, headers: { cookie: staff } });
    expect((await t.app.inject({ method: 'GET', url: '/r/unefois' })).headers.location).toBe('https://exemple.fr/nouvelle');
  });

  it('answers each redirect once its visit is stored, visits arriving together written by one statement (issue 34)', async () => {
    await t.app.ctx.links.flush();
    const before = await visits(DEMO_IDS.dynaLinks.poitiers);
    const query = vi.spyOn(t.db, 'query');
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => t.app.inject({ method: 'GET', url: `/r/${DEMO_SHORT_CODES.poitiers}`, headers: { 'user-agent': `agent-${i}` } })));
    const writes = query.mock.calls.filter(([sql]) => String(sql).startsWith('WITH ins AS')).length;
    query.mockRestore();
    expect(answers.every((answer) => answer.statusCode === 302)).toBe(true);
    // Every answered visit is in the database already: a server killed now loses none of them.
    expect(t.app.ctx.links.pendingCount).toBe(0);
    expect(await visits(DEMO_IDS.dynaLinks.poitiers)).toBe(before + 25);
    expect(writes).toBeLessThanOrEqual(2);
    const [row] = await t.db.query<{ data: { visitCount: number } }>('SELECT data FROM dyna_links WHERE id = $1', [DEMO_IDS.dynaLinks.poitiers]);
    expect(row!.data.visitCount).toBe(before + 25);
    const agents = await t.db.query<{ user_agent: string }>('SELECT user_agent FROM dyna_link_visits WHERE link_id = $1 ORDER BY id DESC LIMIT 1', [DEMO_IDS.dynaLinks.poitiers]);
    expect(agents[0]!.user_agent).toBe('agent-24');
  });

  it('answers 503 « le serveur redémarre » once the server has begun to stop, rather than a visit it could not store', async () => {
    await t.app.ctx.links.close();
    const before = await visits(DEMO_IDS.dynaLinks.poitiers);
    const stopping = await t.app.inject({ method: 'GET', url: `/r/${DEMO_SHORT_CODES.poitiers}` });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.headers['retry-after']).toBe('1');
    expect(stopping.headers.connection).toBe('close');
    expect(stopping.body).toContain('Le serveur redémarre');
    expect(await visits(DEMO_IDS.dynaLinks.poitiers)).toBe(before);
  });
});

describe('GET /r/{shortCode} over HTTP (the fast path before Fastify)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let base: string;
  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());
  const visit = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init });

  it('answers 302 to the url with no-store, records the visit, and sends the rest to /home', async () => {
    const before = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dyna_link_visits WHERE link_id = $1', [DEMO_IDS.dynaLinks.poitiers]))[0]!.n);
    const res = await visit(`/r/${DEMO_SHORT_CODES.poitiers}?utm_source=affiche`, { headers: { 'user-agent': 'fast-path-test' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.poitiers.fr/');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await visit(`/r/${DEMO_SHORT_CODES.poitiers}/`)).headers.get('location')).toBe('https://www.poitiers.fr/');
    for (const path of ['/r/inconnu', '/r/%E0%A4%A', `/r/${'x'.repeat(100)}`, '/r']) expect((await visit(path)).headers.get('location'), path).toBe('/home');
    await t.app.ctx.links.flush();
    const agents = await t.db.query<{ user_agent: string }>('SELECT user_agent FROM dyna_link_visits WHERE link_id = $1 ORDER BY id', [DEMO_IDS.dynaLinks.poitiers]);
    expect(agents.length).toBe(before + 2);
    expect(agents.at(-2)!.user_agent).toBe('fast-path-test');
  });

  it('leaves other methods and paths to the app', async () => {
    expect((await visit('/api/health')).status).toBe(200);
    const head = await visit(`/r/${DEMO_SHORT_CODES.poitiers}`, { method: 'HEAD' });
    expect(head.status).toBe(302);
  });
});
