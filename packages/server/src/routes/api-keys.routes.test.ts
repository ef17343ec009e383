import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type SortieApp } from '../app';
import { signIn, testApp, testConfig } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

type Created = { id: string; name: string; scopes: string[]; prefix: string; createdAt: string; lastUsedAt: string | null; key: string };

describe('API keys', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let visitor: string;
  let clock = Date.parse('2026-06-01T10:00:00Z');
  const others: SortieApp[] = [];
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t.close();
  });

  /** Another server process on the same database (as a second node behind a load balancer). */
  async function otherNode(config: Parameters<typeof testConfig>[0] = {}): Promise<SortieApp> {
    const app = await buildApp({ db: t.db, config: testConfig(config), now: () => clock });
    await app.ready();
    others.push(app);
    return app;
  }

  async function createKey(scopes: string[], cookie = staff, name = 'Script de test'): Promise<Created> {
    const res = await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { cookie }, payload: { name, scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Created;
  }
  const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}, app: SortieApp = t.app) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(payload ? { payload } : {}) });

  it('is created by staff, shown once, listed by its prefix and stored only as a hash', async () => {
    const created = await createKey(['links', 'read'], staff, 'Affiches du festival');
    expect(created).toMatchObject({ name: 'Affiches du festival', scopes: ['read', 'links'], lastUsedAt: null });
    expect(created.key).toMatch(/^sortie_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(16);

    const list = await t.app.inject({ method: 'GET', url: '/api/me/apiKeys', headers: { cookie: staff } });
    const listed = (list.json() as { items: Array<Record<string, unknown>> }).items.find((item) => item.id === created.id);
    expect(listed).toEqual({ id: created.id, name: 'Affiches du festival', scopes: ['read', 'links'], prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null });
    expect(list.body).not.toContain(created.key);

    const rows = await t.db.query('SELECT * FROM api_keys WHERE id = $1', [created.id]);
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(created.prefix.length));
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
  });

  it('is refused to visitors without a role, and checks its input in French', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { cookie: visitor }, payload: { name: 'x', scopes: ['read'] } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', payload: { name: 'x', scopes: ['read'] } })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { cookie: staff }, payload: { name: ' ', scopes: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Donnez un nom à la clé.');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { cookie: staff }, payload: { name: 'x', scopes: ['admin'] } });
    expect(unknown.json().message).toContain('Portée inconnue');
  });

  it('does what its scopes allow, as its owner, and nothing more', async () => {
    const { key } = await createKey(['links']);
    const link = await withKey(key, 'POST', '/api/dynaLinks', { url: 'https://exemple.fr/affiche', shortCode: `cle-${Date.now().toString(36)}` });
    expect(link.statusCode, link.body).toBe(201);

    const tournament = await withKey(key, 'PATCH', `/api/tournaments/${DEMO_IDS.tournament}`, { name: 'Renommé par une clé' });
    expect(tournament.statusCode).toBe(403);
    expect(tournament.json().message).toBe('Cette clé d’API n’a pas la portée « tournaments » (Tournois).');
    const post = await withKey(key, 'POST', '/api/blog', { slug: 'par-une-cle', title: 'Écrit par une clé' });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toContain('« content »');
    // Reads that need a session need `read`; public reads stay open, as to anyone.
    expect((await withKey(key, 'GET', '/api/dashboard/stats')).statusCode).toBe(403);
    expect((await withKey(key, 'GET', '/api/events?limit=1')).statusCode).toBe(200);
    // Personal writes and the keys themselves take a session.
    expect((await withKey(key, 'PUT', `/api/me/likes/${DEMO_IDS.firstEvent}`)).statusCode).toBe(403);
    expect((await withKey(key, 'GET', '/api/me/apiKeys')).statusCode).toBe(403);
    expect((await withKey(key, 'POST', '/api/me/apiKeys', { name: 'fille', scopes: ['content'] })).statusCode).toBe(403);

    const reader = await createKey(['read', 'tournaments']);
    expect((await withKey(reader.key, 'GET', '/api/dashboard/stats')).statusCode).toBe(200);
    const renamed = await withKey(reader.key, 'PATCH', `/api/tournaments/${DEMO_IDS.tournament}`, { name: 'Tournoi Mario Kart' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('follows its owner’s roles: a key of someone who lost the staff role writes nothing', async () => {
    const email = `ancien-staff-${Date.now()}@exemple.fr`;
    const user = await t.app.ctx.users.create({ email, password: 'mot-de-passe-1', displayName: 'Ancien staff', roles: ['staff'] });
    const cookie = await signIn(t.app, email, 'mot-de-passe-1');
    const { key } = await createKey(['content'], cookie);
    const before = await withKey(key, 'POST', '/api/blog', { slug: `cle-${Date.now()}`, title: 'Avant', author: 'Ancien staff' });
    expect(before.statusCode, before.body).toBe(201);
    await t.db.query(`UPDATE users SET data = jsonb_set(data, '{roles}', '[]'::jsonb) WHERE id = $1`, [user._id]);
    const after = await withKey(key, 'POST', '/api/blog', { slug: `cle-${Date.now()}-b`, title: 'Après', author: 'Ancien staff' });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe('Réservé à l’équipe.');
  });

  it('is refused from another site’s page, and never read from a cookie or the query string', async () => {
    const { key } = await createKey(['read', 'links']);
    const foreign = await withKey(key, 'GET', '/api/dashboard/stats', undefined, { origin: 'https://malveillant.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain('autre site');
    expect((await withKey(key, 'POST', '/api/dynaLinks', { url: 'https://exemple.fr/x' }, { origin: 'https://malveillant.example' })).statusCode).toBe(403);
    // The site's own pages may (same origin as the host).
    expect((await withKey(key, 'GET', '/api/dashboard/stats', undefined, { origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/stats?apiKey=${key}&key=${key}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', cookies: { sortie_session: key } })).statusCode).toBe(401);
  });

  it('is refused at once on every node once revoked', async () => {
    const second = await otherNode();
    const created = await createKey(['read']);
    expect((await withKey(created.key, 'GET', '/api/dashboard/stats', undefined, {}, second)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/me/apiKeys/${created.id}`, headers: { cookie: staff } });
    expect(revoked.statusCode).toBe(204);
    const refused = await withKey(created.key, 'GET', '/api/dashboard/stats', undefined, {}, second);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Clé d’API inconnue ou révoquée.');
    expect((await withKey(created.key, 'GET', '/api/events?limit=1')).statusCode).toBe(401);
    const list = (await t.app.inject({ method: 'GET', url: '/api/me/apiKeys', headers: { cookie: staff } })).json() as { items: Array<{ id: string }> };
    expect(list.items.map((item) => item.id)).not.toContain(created.id);
    // Only its owner revokes it, once.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/apiKeys/${created.id}`, headers: { cookie: staff } })).statusCode).toBe(404);
    const mine = await createKey(['read']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/apiKeys/${mine.id}`, headers: { cookie: visitor } })).statusCode).toBe(404);
  });

  it('records its last use at most once a minute', async () => {
    const created = await createKey(['read']);
    const lastUsed = async () => ((await t.app.inject({ method: 'GET', url: '/api/me/apiKeys', headers: { cookie: staff } })).json() as { items: Created[] }).items.find((item) => item.id === created.id)!.lastUsedAt;
    await withKey(created.key, 'GET', '/api/dashboard/stats');
    const first = await lastUsed();
    expect(first).toBe(new Date(clock).toISOString());
    clock += 30_000;
    await withKey(created.key, 'GET', '/api/dashboard/stats');
    expect(await lastUsed()).toBe(first);
    clock += 31_000;
    await withKey(created.key, 'GET', '/api/dashboard/stats');
    expect(await lastUsed()).toBe(new Date(clock).toISOString());
  });

  it('is rate-limited per key, across nodes, with a French 429', async () => {
    const limited = await otherNode({ apiKeyRateLimit: 3 });
    const { key } = await createKey(['read']);
    for (let i = 0; i < 3; i += 1) expect((await withKey(key, 'GET', '/api/dashboard/stats', undefined, {}, limited)).statusCode).toBe(200);
    const over = await withKey(key, 'GET', '/api/dashboard/stats', undefined, {}, limited);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Trop de requêtes avec cette clé d’API \(3 par minute\)/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells its limit in RateLimit headers on every answer, counting down to a 429 with Retry-After, and starts again once the minute is over', async () => {
    const limited = await otherNode({ apiKeyRateLimit: 3 });
    const { key } = await createKey(['read']);
    const start = clock;
    const ask = () => withKey(key, 'GET', '/api/dashboard/stats', undefined, {}, limited);
    const seen: Array<Array<string | string[] | number | undefined>> = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await ask();
      expect(answer.statusCode).toBe(200);
      seen.push([answer.headers['ratelimit-limit'], answer.headers['ratelimit-remaining'], answer.headers['ratelimit-policy']]);
      clock += 10_000;
    }
    expect(seen).toEqual([['3', '2', '3;w=60'], ['3', '1', '3;w=60'], ['3', '0', '3;w=60']]);
    // 30 s after the first request of the window: 30 s left.
    const over = await ask();
    expect(over.statusCode).toBe(429);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.headers['ratelimit-reset']).toBe('30');
    expect(over.headers['retry-after']).toBe('30');
    expect(over.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: 'Trop de requêtes avec cette clé d’API (3 par minute) : réessayez dans 30 s.' });
    // A minute after the window began, a new one: the count starts again.
    clock = start + 60_000;
    const again = await ask();
    expect(again.statusCode).toBe(200);
    expect([again.headers['ratelimit-remaining'], again.headers['ratelimit-reset']]).toEqual(['2', '60']);
    // A public list read with the key is counted and told the same; without a key, neither.
    expect((await withKey(key, 'GET', '/api/events', undefined, {}, limited)).headers['ratelimit-remaining']).toBe('1');
    expect((await limited.inject({ method: 'GET', url: '/api/events' })).headers['ratelimit-limit']).toBeUndefined();
  });
});
