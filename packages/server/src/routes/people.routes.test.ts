import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

describe.each(BACKENDS)('people routes on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let visitor: string;
  beforeAll(async () => {
    t = await testApp({ backend });
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('refuses that a member follows themself, in French', async () => {
    const own = await t.app.inject({ method: 'POST', url: '/api/me/follows', payload: { kind: 'user', id: DEMO_IDS.users.visitor }, headers: { cookie: visitor } });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Vous ne pouvez pas vous suivre vous-même.');
    expect((await get(`/api/me/follows/user/${DEMO_IDS.users.visitor}`, visitor)).json()).toEqual({ follow: null });
    const other = await t.app.inject({ method: 'POST', url: '/api/me/follows', payload: { kind: 'user', id: DEMO_IDS.users.staff }, headers: { cookie: visitor } });
    expect(other.statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/me/follows/${other.json()._id}`, headers: { cookie: visitor } });
  });

  it('tells whether the user follows one target, and lists follows with their names', async () => {
    const place = DEMO_IDS.places.confort;
    expect((await get(`/api/me/follows/place/${place}`, visitor)).json()).toEqual({ follow: null });
    const created = await t.app.inject({ method: 'POST', url: '/api/me/follows', payload: { kind: 'place', id: place }, headers: { cookie: visitor } });
    expect(created.statusCode).toBe(201);
    const { follow } = (await get(`/api/me/follows/place/${place}`, visitor)).json();
    expect(follow).toMatchObject({ _id: created.json()._id, target: { kind: 'place', id: place } });
    await t.app.inject({ method: 'POST', url: '/api/me/follows', payload: { kind: 'artist', id: DEMO_IDS.artists.lesFrancoFolies }, headers: { cookie: visitor } });

    const page = (await get('/api/me/following?limit=1', visitor)).json();
    expect(page.meta).toEqual({ total: 2, limit: 1, offset: 0 });
    const all = (await get('/api/me/following', visitor)).json();
    const names = all.items.map((f: { target: { kind: string }; name: string }) => [f.target.kind, f.name]);
    expect(names).toContainEqual(['place', 'Confort Moderne']);
    expect(names.find(([kind]: string[]) => kind === 'artist')?.[1]).toBeTruthy();
  });

  it('answers null for a malformed target and refuses visitors', async () => {
    expect((await get('/api/me/follows/planet/pas-un-id', visitor)).json()).toEqual({ follow: null });
    expect((await get(`/api/me/follows/place/${DEMO_IDS.places.confort}`)).statusCode).toBe(401);
    expect((await get('/api/me/following')).statusCode).toBe(401);
  });

  it('shows a public profile’s badges, and 404 in French for an unknown user', async () => {
    const badges = (await get(`/api/users/${DEMO_IDS.users.visitor}/badges`)).json();
    expect(badges.items).toHaveLength(1);
    expect(badges.items[0].name).toBeTruthy();
    const missing = await get('/api/users/0123456789abcdef01234567/badges');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Utilisateur introuvable.');
    expect((await get('/api/users/pas-un-id/badges')).statusCode).toBe(404);
  });
});
