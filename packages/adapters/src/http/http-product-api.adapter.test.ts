import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, AuthError, NotFoundError, OPERATIONS, ValidationError } from '@sortie/core';
import { startTestServer, type Reply, type TestServer } from '../test-support/http-server';
import { FetchApiClient } from './api-client';
import { HttpProductApiAdapter } from './http-product-api.adapter';
import { HttpLinkResolverAdapter } from './http-link-resolver.adapter';
import { TokenStoreCookieJar } from './cookie-jar';
import { FakeTokenStore } from '@sortie/core/testing';

const ID = '0123456789abcdef01234567';
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function api(handler: (req: { method: string; url: string }) => Reply, jar?: TokenStoreCookieJar) {
  server = await startTestServer(handler);
  const client = new FetchApiClient({ baseUrl: server.url, ...(jar ? { cookieJar: jar } : {}) });
  return { api: new HttpProductApiAdapter(client), links: new HttpLinkResolverAdapter(client), requests: server.requests };
}

describe('HttpProductApiAdapter.call: an operation of core’s contract table', () => {
  it('builds the URL from the path template (encoded), sends query and body, and resolves the parsed answer', async () => {
    const { api: port, requests } = await api((req) =>
      req.method === 'GET' ? { body: { meta: { total: 1, limit: 5, offset: 0 }, items: [{ datetime: '2026-05-01T20:00:00.000Z', userAgent: 'UA' }] } } : { status: 204 },
    );
    const visits = await port.call(OPERATIONS.dynaLinkVisits, { path: { id: 'a/b' }, query: { limit: 5 } });
    expect(visits.items[0]?.userAgent).toBe('UA');
    await expect(port.call(OPERATIONS.visitDynaLink, { path: { id: ID }, body: { datetime: '2026-05-01T20:00:00.000Z', userAgent: 'UA' } })).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/dynaLinks/a%2Fb/visits?limit=5' });
    expect(requests[1]).toMatchObject({ method: 'PUT', url: `/api/dynaLinks/${ID}/visit`, body: { userAgent: 'UA' } });
  });

  it('rejects an answer its response schema refuses with ApiError UNEXPECTED_RESPONSE', async () => {
    const { api: port } = await api(() => ({ body: { purged: 'tout' } }));
    const error = await port.call(OPERATIONS.purgeCaches).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('still maps an HTTP failure to its core error', async () => {
    const { api: port } = await api(() => ({ status: 404, body: { message: 'Tombola introuvable.' } }));
    await expect(port.call(OPERATIONS.raffleProof, { path: { id: ID } })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('HttpProductApiAdapter: the calls of SPEC.md §7', () => {
  it('reads the next event of a place with GET /api/events?placeId=&limit=1', async () => {
    const { api: port, requests } = await api(() => ({ body: { meta: { total: 1, limit: 1, offset: 0 }, items: [{ _id: ID }] } }));
    const page = await port.listEvents({ placeId: ID, limit: 1 });
    expect(page.items[0]?._id).toBe(ID);
    expect(requests[0]).toMatchObject({ method: 'GET', url: `/api/events?placeId=${ID}&limit=1` });
  });

  it('logs in with POST /api/auth/login/web {idToken, messagingToken} and reads /api/auth/me', async () => {
    const { api: port, requests } = await api((req) =>
      req.url === '/api/auth/me' ? { body: { _id: ID, displayName: 'Léa' } } : { status: 204 },
    );
    await port.loginWeb({ idToken: 'id-token', messagingToken: null });
    const me = await port.me();
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/auth/login/web', body: { idToken: 'id-token', messagingToken: null } });
    expect(me).toEqual({ _id: ID, displayName: 'Léa' });
  });

  it('logs out with POST /api/auth/logout and no body, resolving the answer’s user', async () => {
    const { api: port, requests } = await api(() => ({ body: { user: null } }));
    await expect(port.logout()).resolves.toEqual({ user: null });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout', rawBody: '' });
  });

  it('records a share view and fetches a notification', async () => {
    const { api: port, requests } = await api((req) =>
      req.method === 'PUT' ? { status: 204 } : { body: { _id: ID, title: 'Concert ce soir', body: 'À 21 h' } },
    );
    await expect(port.addShareView(ID, { userAgent: 'UA' })).resolves.toBeUndefined();
    const notification = await port.getNotification(ID);
    expect(requests[0]).toMatchObject({ method: 'PUT', url: `/api/shares/${ID}/addView`, body: { userAgent: 'UA' } });
    expect(requests[1]).toMatchObject({ method: 'GET', url: `/api/notifications/${ID}` });
    expect(notification.title).toBe('Concert ce soir');
  });

  it('serves the generic REST through RESOURCES[name].apiPath', async () => {
    const { api: port, requests } = await api((req) => (req.method === 'DELETE' ? { status: 204 } : { body: { meta: { total: 0, limit: 20, offset: 0 }, items: [] } }));
    await port.list('blindtests', { q: 'années 80', limit: 5 });
    await port.get('places', ID);
    await port.create('places', { name: 'Le Confort Moderne' });
    await port.update('places', ID, { name: 'Le Confort' });
    await port.remove('places', ID);
    await port.request('GET', '/users/badges', { query: { userId: ID } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/blindTests?q=ann%C3%A9es+80&limit=5',
      `GET /api/places/${ID}`,
      'POST /api/places',
      `PATCH /api/places/${ID}`,
      `DELETE /api/places/${ID}`,
      `GET /api/users/badges?userId=${ID}`,
    ]);
    expect(requests[2]?.body).toEqual({ name: 'Le Confort Moderne' });
  });
});

describe('HttpLinkResolverAdapter', () => {
  it('resolves a short code with PUT /api/dynaLinks/shortCode and records a visit', async () => {
    const { links, requests } = await api((req) => (req.url.endsWith('/visit') ? { status: 204 } : { body: { _id: ID, url: 'https://example.org/billets', shortCode: 'fete' } }));
    const visit = { datetime: '2026-11-22T03:00:00.000Z', userAgent: 'UA' };
    await expect(links.resolveShortCode({ shortCode: 'fete', ...visit })).resolves.toMatchObject({ url: 'https://example.org/billets' });
    await links.getDynaLink(ID);
    await links.recordVisit(ID, visit);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/dynaLinks/shortCode', `GET /api/dynaLinks/${ID}`, `PUT /api/dynaLinks/${ID}/visit`]);
    expect(requests[0]?.body).toEqual({ shortCode: 'fete', ...visit });
    expect(requests[2]?.body).toEqual(visit);
  });
});

describe('error mapping', () => {
  it.each([
    [404, NotFoundError, 'Lien introuvable'],
    [401, AuthError, 'Vous devez vous connecter.'],
    [403, AuthError, 'Accès réservé à l’équipe.'],
    [500, ApiError, 'Erreur interne du serveur.'],
  ])('maps %i to %s with the server’s French message and status', async (status, type, message) => {
    const { api: port } = await api(() => ({ status, body: { code: 'X', message } }));
    const error = await port.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ message, statusCode: status });
  });

  it('maps 400 and 422 to ValidationError with the body’s issues', async () => {
    for (const status of [400, 422]) {
      const { api: port } = await api(() => ({
        status,
        body: { code: 'VALIDATION_FAILED', message: 'Données invalides.', issues: [{ path: 'name', message: 'Le nom est obligatoire.' }] },
      }));
      const error = await port.create('places', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ statusCode: 400, message: 'Données invalides.', issues: [{ path: 'name', message: 'Le nom est obligatoire.' }] });
      await server?.close();
      server = undefined;
    }
  });

  it('gives a French message when the server sends none', async () => {
    const { api: port } = await api(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    const error = await port.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 502, message: 'Le serveur a répondu par une erreur (502).' });
  });

  it('turns a network failure into ApiError with status 0 and a French message', async () => {
    const { api: port } = await api(() => ({}));
    await server?.close();
    server = undefined;
    const error = await port.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 0, code: 'NETWORK_ERROR' });
    expect((error as Error).message).toMatch(/Impossible de joindre le serveur/);
  });
});

describe('the session cookie', () => {
  it('keeps Set-Cookie in the jar and sends it back as Cookie (the CLI’s session)', async () => {
    const store = new FakeTokenStore();
    const jar = new TokenStoreCookieJar(store);
    const { api: port, requests } = await api(
      (req) =>
        req.url === '/api/auth/login/web'
          ? { status: 200, headers: { 'set-cookie': ['sortie_session=abc123; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600'] }, body: {} }
          : req.url === '/api/auth/logout'
            ? { headers: { 'set-cookie': ['sortie_session=; Path=/; Max-Age=0'] }, body: { user: null } }
            : { body: { _id: ID } },
      jar,
    );
    await port.loginWeb({ idToken: 't' });
    await port.me();
    expect(requests[1]?.headers.cookie).toBe('sortie_session=abc123');
    // The jar lives in the token store, so the next run of the CLI is still signed in.
    expect(store.get('cookies')).toContain('abc123');
    await port.logout();
    await port.me();
    expect(requests[3]?.headers.cookie).toBeUndefined();
  });

  it('asks fetch to include credentials (the browser then sends the cookie)', async () => {
    let seen: RequestInit | undefined;
    const fakeFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen = init;
      return new Response(JSON.stringify({ _id: ID }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const port = new HttpProductApiAdapter(new FetchApiClient({ baseUrl: 'http://api.test', fetch: fakeFetch }));
    await port.me();
    expect(seen?.credentials).toBe('include');
  });
});
