import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { hasUnstorableText } from '../http/unstorable-text';

describe('what a visitor may not read, and text the database cannot store', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let visitor: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const create = async (resource: string, payload: object) => {
    const answer = await t.app.inject({ method: 'POST', url: `/api/${resource}`, payload, headers: { cookie: staff } });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { _id: string; slug?: string };
  };

  it('keeps a draft event from anyone but staff, by its address as by the list', async () => {
    const draft = await create('events', { title: 'Brouillon secret', startsAt: '2030-01-10T19:00:00.000Z', city: 'Poitiers', status: 'draft' });
    expect((await get(`/api/events/${draft._id}`)).statusCode).toBe(404);
    expect((await get(`/api/events/${draft._id}`, visitor)).statusCode).toBe(404);
    expect((await get(`/api/events/${draft._id}`, staff)).json()).toMatchObject({ title: 'Brouillon secret', status: 'draft' });
    expect((await get(`/api/events/${DEMO_IDS.firstEvent}`)).statusCode).toBe(200);
  });

  it('keeps an unpublished blog post from anyone but staff', async () => {
    const post = await create('blog', { slug: 'article-a-venir', title: 'Article à venir', author: 'Sortie', body: 'Bientôt.', publishedAt: null });
    const anonymous = await get('/api/blog/article-a-venir');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().message).toBe('Article introuvable.');
    expect((await get(`/api/blog/${post._id}`, visitor)).statusCode).toBe(404);
    expect((await get('/api/blog/article-a-venir', staff)).json()).toMatchObject({ title: 'Article à venir' });
  });

  it('keeps a job offer dated later from anyone but staff, in both lists and by its address', async () => {
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const offer = await create('jobOffers', { title: 'Régisseur à venir', contract: 'CDI', city: 'Poitiers', applyEmail: 'rh@example.fr', publishedAt: later });
    for (const cookie of [undefined, visitor]) {
      const answer = await get(`/api/jobOffers/${offer._id}`, cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Offre d’emploi introuvable.');
      expect((await get('/api/jobOffers?limit=100', cookie)).json().items.map((o: { _id: string }) => o._id)).not.toContain(offer._id);
      expect((await get('/api/jobOffers/open?limit=100', cookie)).json().items.map((o: { _id: string }) => o._id)).not.toContain(offer._id);
    }
    expect((await get(`/api/jobOffers/${offer._id}`, staff)).json()).toMatchObject({ title: 'Régisseur à venir' });
    expect((await get('/api/jobOffers?limit=100', staff)).json().items.map((o: { _id: string }) => o._id)).toContain(offer._id);
  });

  it('keeps a closed form’s answers from anyone but staff and their signed-in author', async () => {
    const form = await create('forms', { title: 'Inscriptions au quiz', closesAt: new Date(Date.now() + 86_400_000).toISOString() });
    const post = (cookie?: string) => t.app.inject({ method: 'POST', url: `/api/forms/${form._id}/entries`, payload: { answers: {} }, headers: cookie ? { cookie } : {} });
    const anonymous = (await post()).json() as { entryCode: string };
    const own = (await post(visitor)).json() as { entryCode: string };
    // Open: whoever holds the code reads the answer back.
    expect((await get(`/api/forms/${form._id}/entries/${anonymous.entryCode}`)).statusCode).toBe(200);

    const closed = await t.app.inject({ method: 'PATCH', url: `/api/forms/${form._id}`, payload: { closesAt: new Date(Date.now() - 60_000).toISOString() }, headers: { cookie: staff } });
    expect(closed.statusCode, closed.body).toBe(200);
    const answer = await get(`/api/forms/${form._id}/entries/${anonymous.entryCode}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Réponse introuvable.');
    expect((await get(`/api/forms/${form._id}/entries/${anonymous.entryCode}`, visitor)).statusCode).toBe(404);
    expect((await get(`/api/forms/${form._id}/entries/${own.entryCode}`, visitor)).statusCode).toBe(200);
    expect((await get(`/api/forms/${form._id}/entries/${anonymous.entryCode}`, staff)).statusCode).toBe(200);
  });

  it('shows anyone a profile’s name, not its e-mail, roles or devices', async () => {
    const profile = (await get(`/api/users/${DEMO_IDS.users.admin}`)).json();
    expect(profile).toHaveProperty('displayName');
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('roles');
    expect(profile).not.toHaveProperty('messagingTokens');
    expect((await get(`/api/users/${DEMO_IDS.users.admin}`, staff)).json()).toHaveProperty('roles');
  });

  it('answers 400 in French, not 500, for a NUL or half a surrogate pair in a query, a path or a body', async () => {
    for (const url of ['/api/events?q=a%00b', '/api/search?q=%00', '/api/events?city=Poi%00tiers']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toMatch(/caractère invalide/);
    }
    // JSON escapes carry both: a NUL, and half a surrogate pair.
    for (const title of ['a\\u0000b', '\\ud800 seul']) {
      const body = await t.app.inject({ method: 'POST', url: '/api/events', payload: `{"title":"${title}","startsAt":"2030-01-10T19:00:00.000Z","city":"Poitiers"}`, headers: { cookie: staff, 'content-type': 'application/json' } });
      expect(body.statusCode, title).toBe(400);
    }
    // A complete pair (an emoji) is text like any other.
    expect((await get(`/api/events?q=${encodeURIComponent('concert 🎸')}`)).statusCode).toBe(200);
  });

  it('finds such characters wherever they hide, keys included', () => {
    expect(hasUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe(true);
    expect(hasUnstorableText({ ['k\udc00']: 1 })).toBe(true);
    expect(hasUnstorableText({ a: 'é 🎸 ok', n: 3, z: null })).toBe(false);
  });
});
