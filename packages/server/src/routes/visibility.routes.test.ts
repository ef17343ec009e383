import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_STATUS, RESOURCES, RESOURCES_WITH_STATUS, type ResourceName } from '@sortie/core';
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

  /*
   * Every resource whose schema has a status (core's RESOURCES_WITH_STATUS): one that can be a
   * draft keeps its drafts from anyone but staff, in its list and by its address; a new such
   * resource is tested here without a line to add (a copy of one of its demo records is made a draft).
   */
  const WITH_DRAFTS = RESOURCES_WITH_STATUS.filter((name) => RESOURCES[name].drafts);
  /** Public resources whose status has no draft, and why: a new one must be named here. */
  const NO_DRAFT: Partial<Record<ResourceName, string>> = { tournaments: 'public from its registration on (registration, running, finished)' };

  it('knows every resource with a status: drafts kept for staff, a list for staff only, or named as having no draft', () => {
    expect(WITH_DRAFTS.length).toBeGreaterThanOrEqual(3);
    const rest = RESOURCES_WITH_STATUS.filter((name) => !RESOURCES[name].drafts && RESOURCES[name].read === 'public');
    expect(rest.sort()).toEqual(Object.keys(NO_DRAFT).sort());
  });

  it.each(RESOURCES_WITH_STATUS.filter((name) => RESOURCES[name].read === 'staff'))('keeps %s, whatever its status, for staff', async (resource) => {
    expect((await get(`/api/${RESOURCES[resource].apiPath}`)).statusCode).toBe(401);
    expect((await get(`/api/${RESOURCES[resource].apiPath}`, visitor)).statusCode).toBe(403);
  });

  it.each(WITH_DRAFTS)('keeps a draft of %s from anyone but staff: its list, its address, its event’s games', async (resource) => {
    const path = RESOURCES[resource].apiPath;
    const ids = (answer: { json: () => unknown }) => ((answer.json() as { items: Array<{ _id: string }> }).items ?? []).map((item) => item._id);
    const every = (await get(`/api/${path}?limit=100&upcoming=false`, staff)).json() as { items: Array<Record<string, unknown>> };
    // One of an event, if any, so that its event's games are checked too.
    const sample = every.items.find((item) => typeof item.eventId === 'string') ?? every.items[0];
    expect(sample, `no ${resource} in the demo data to copy`).toBeDefined();
    const publicStatus = sample!.status !== DRAFT_STATUS ? sample!.status : RESOURCES[resource].statuses.find((status) => status !== DRAFT_STATUS);
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = sample!;
    const draft = await create(path, { ...fields, title: `Brouillon ${resource}`, status: DRAFT_STATUS });
    const lists = [`/api/${path}?limit=100`, `/api/${path}?limit=100&status=${DRAFT_STATUS}&upcoming=false`, `/api/${path}?ids=${draft._id}`, `/api/${path}?q=${encodeURIComponent(`Brouillon ${resource}`)}`];
    const games = typeof fields.eventId === 'string' ? `/api/events/${fields.eventId}/games` : null;
    const inGames = async (cookie?: string) => (games ? JSON.stringify((await get(games, cookie)).json()).includes(draft._id) : false);
    for (const cookie of [undefined, visitor]) {
      expect((await get(`/api/${path}/${draft._id}`, cookie)).statusCode, `${resource} by its address`).toBe(404);
      for (const list of lists) {
        const answer = await get(list, cookie);
        expect(answer.statusCode, list).toBe(200);
        expect(ids(answer), list).not.toContain(draft._id);
      }
      expect(await inGames(cookie), `${resource} in its event’s games`).toBe(false);
    }
    expect((await get(`/api/${path}/${draft._id}`, staff)).json()).toMatchObject({ status: DRAFT_STATUS });
    expect(ids(await get(`/api/${path}?limit=100&status=${DRAFT_STATUS}&upcoming=false`, staff))).toContain(draft._id);

    // Published (the demo record's own status, or the first after draft), it is anyone's: what hid it was its status.
    const published = await t.app.inject({ method: 'PATCH', url: `/api/${path}/${draft._id}`, payload: { status: publicStatus }, headers: { cookie: staff } });
    expect(published.statusCode, published.body).toBe(200);
    expect((await get(`/api/${path}/${draft._id}`)).statusCode).toBe(200);
    if (resource !== 'events') expect(ids(await get(`/api/${path}?ids=${draft._id}`, visitor))).toEqual([draft._id]);
    if (games) expect(await inGames()).toBe(true);
  });

  it('keeps a draft raffle’s proof from anyone but staff', async () => {
    const draft = await create('raffles', { title: 'Tombola en préparation', opensAt: '2030-01-01T10:00:00.000Z', closesAt: '2030-01-10T10:00:00.000Z', status: DRAFT_STATUS });
    for (const cookie of [undefined, visitor]) expect((await get(`/api/raffles/${draft._id}/proof`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/raffles/${draft._id}/proof`, staff)).statusCode).toBe(200);
  });

  it('tells no one but staff who shared what: a visitor sees the author of their own shares only', async () => {
    const visitorId = DEMO_IDS.users.visitor;
    const share = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/shares', payload: { target: { kind: 'event', id: DEMO_IDS.firstEvent } }, headers: { cookie } });
    const own = (await share(visitor)).json() as { _id: string; userId: string };
    const staffs = (await share(staff)).json() as { _id: string; userId: string };
    expect(own.userId).toBe(visitorId);

    const anonymous = await get('/api/shares?limit=100');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().items.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining([own._id, staffs._id]));
    expect(anonymous.body).not.toContain('userId');
    expect(anonymous.body).not.toContain(visitorId);
    expect((await get(`/api/shares/${own._id}`)).json()).not.toHaveProperty('userId');

    const seen = (await get('/api/shares?limit=100', visitor)).json().items as Array<{ _id: string; userId?: string }>;
    expect(seen.find((s) => s._id === own._id)).toMatchObject({ userId: visitorId });
    expect(seen.find((s) => s._id === staffs._id)).not.toHaveProperty('userId');
    expect(seen.filter((s) => s.userId !== undefined).every((s) => s.userId === visitorId)).toBe(true);
    expect((await get(`/api/shares/${own._id}`, visitor)).json()).toMatchObject({ userId: visitorId });
    expect((await get(`/api/shares/${staffs._id}`, visitor)).json()).not.toHaveProperty('userId');

    // Nor by a filter or a search on the author: one's own only.
    for (const cookie of [undefined, visitor]) {
      const byAuthor = await get(`/api/shares?userId=${DEMO_IDS.users.staff}`, cookie);
      expect(byAuthor.statusCode).toBe(403);
      expect(byAuthor.json().message).toBe('Vous ne pouvez filtrer que vos propres partages.');
      expect((await get(`/api/shares?q=${DEMO_IDS.users.staff}`, cookie)).json().items.map((s: { _id: string }) => s._id)).not.toContain(staffs._id);
    }
    expect((await get(`/api/shares?userId=${visitorId}`, visitor)).json().items.map((s: { _id: string }) => s._id)).toContain(own._id);
    // Staff see every author, as the dashboard shows them.
    expect((await get(`/api/shares/${own._id}`, staff)).json()).toMatchObject({ userId: visitorId });
    expect((await get('/api/shares?limit=100', staff)).json().items.find((s: { _id: string }) => s._id === staffs._id)).toMatchObject({ userId: DEMO_IDS.users.staff });
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
