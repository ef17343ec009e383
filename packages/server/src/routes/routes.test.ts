import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frenchDateTime } from '@sortie/core';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_SHORT_CODES } from '../demo/ids';

const json = (payload: unknown) => ({ payload: payload as Record<string, unknown>, headers: { 'content-type': 'application/json' } });

describe.each(BACKENDS)('route suite on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: string;
  let staff: string;
  let visitor: string;
  beforeAll(async () => {
    t = await testApp({ backend });
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe('the calls of SPEC.md §7', () => {
    it('PUT /api/dynaLinks/shortCode records the visit and answers the url', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/dynaLinks/shortCode', ...json({ shortCode: DEMO_SHORT_CODES.poitiers, datetime: new Date().toISOString(), userAgent: 'vitest' }) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: DEMO_IDS.dynaLinks.poitiers, url: 'https://www.poitiers.fr/', shortCode: 'poitiers' });
      expect(res.json().visitCount).toBeGreaterThanOrEqual(1);
      const unknown = await t.app.inject({ method: 'PUT', url: '/api/dynaLinks/shortCode', ...json({ shortCode: 'inconnu', datetime: new Date().toISOString(), userAgent: 'x' }) });
      expect(unknown.statusCode).toBe(404);
      const expired = await t.app.inject({ method: 'PUT', url: '/api/dynaLinks/shortCode', ...json({ shortCode: DEMO_SHORT_CODES.expired, datetime: new Date().toISOString(), userAgent: 'x' }) });
      // An expired link is not unknown: 410, and the French message says since when.
      expect(expired.statusCode).toBe(410);
      const { expiresAt } = (await get('/api/dynaLinks?limit=100', staff)).json().items.find((l: { _id: string }) => l._id === DEMO_IDS.dynaLinks.expired);
      expect(expired.json()).toMatchObject({ code: 'LINK_EXPIRED', message: `Ce lien a expiré le ${frenchDateTime(expiresAt)}.` });
      expect(expired.json().message).toMatch(/^Ce lien a expiré le \S+ \d{1,2} \S+ \d{4} à \d{2}:\d{2}\.$/);
      // A link whose visits are all used says so too.
      const once = (await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload: { url: 'https://exemple.fr/une', shortCode: 'une-seule-visite', maxVisits: 1 }, headers: { cookie: staff } })).json();
      expect(once.shortCode).toBe('une-seule-visite');
      const visitOnce = () => t.app.inject({ method: 'PUT', url: '/api/dynaLinks/shortCode', ...json({ shortCode: 'une-seule-visite', datetime: new Date().toISOString(), userAgent: 'x' }) });
      expect((await visitOnce()).statusCode).toBe(200);
      expect((await visitOnce()).json()).toMatchObject({ statusCode: 410, code: 'LINK_EXHAUSTED', message: 'Ce lien a atteint son nombre maximal de visites.' });
    });

    it('GET /api/dynaLinks/{id} answers the url; PUT …/visit counts', async () => {
      const before = (await get(`/api/dynaLinks/${DEMO_IDS.dynaLinks.poitiers}`)).json();
      expect(before.url).toBe('https://www.poitiers.fr/');
      const visit = await t.app.inject({ method: 'PUT', url: `/api/dynaLinks/${DEMO_IDS.dynaLinks.poitiers}/visit`, ...json({ datetime: new Date().toISOString(), userAgent: 'vitest' }) });
      expect(visit.statusCode).toBe(204);
      const list = (await get(`/api/dynaLinks?limit=50`, staff)).json();
      const link = list.items.find((l: { _id: string }) => l._id === DEMO_IDS.dynaLinks.poitiers);
      expect(link.visitCount).toBeGreaterThanOrEqual(2);
      expect((await get('/api/dynaLinks/0123456789abcdef01234567')).statusCode).toBe(404);
      expect((await get('/api/dynaLinks', visitor)).statusCode).toBe(403);
    });

    it('GET /api/events?placeId=&limit=1 answers the place’s next event with _id', async () => {
      const res = await get(`/api/events?placeId=${DEMO_IDS.places.confort}&limit=1`);
      const body = res.json();
      expect(body.meta).toMatchObject({ limit: 1, offset: 0 });
      expect(body.meta.total).toBeGreaterThan(1);
      expect(body.items).toHaveLength(1);
      const all = (await get(`/api/events?placeId=${DEMO_IDS.places.confort}&limit=100`)).json().items;
      expect(body.items[0]._id).toBe(all[0]._id);
      expect(all.map((e: { startsAt: string }) => e.startsAt)).toEqual([...all.map((e: { startsAt: string }) => e.startsAt)].sort());
      expect(all.every((e: { status: string; startsAt: string }) => e.status === 'published' && Date.parse(e.startsAt) > Date.now())).toBe(true);
      expect((await get(`/api/events?placeId=${DEMO_IDS.placeWithoutEvents}&limit=1`)).json().items).toEqual([]);
    });

    it('lists past and draft events to staff with upcoming=false only', async () => {
      const publicAll = (await get('/api/events?upcoming=false&limit=100')).json();
      const staffAll = (await get('/api/events?upcoming=false&limit=100', staff)).json();
      expect(publicAll.items.some((e: { status: string }) => e.status === 'draft')).toBe(false);
      expect(staffAll.items.some((e: { status: string }) => e.status === 'draft')).toBe(true);
      expect(staffAll.meta.total).toBe(publicAll.meta.total + 1);
    });

    it('PUT /api/shares/{id}/addView counts a view', async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/shares/${DEMO_IDS.share}/addView`, ...json({ userAgent: 'vitest' }) });
      expect(res.statusCode).toBe(204);
      expect((await get(`/api/shares/${DEMO_IDS.share}`)).json().viewCount).toBe(1);
      expect((await t.app.inject({ method: 'PUT', url: '/api/shares/0123456789abcdef01234567/addView', ...json({ userAgent: 'x' }) })).statusCode).toBe(404);
    });

    it('signs up, logs in with {idToken}, reads me, logs out to {user: null}', async () => {
      const up = await t.app.inject({ method: 'POST', url: '/api/identity/signUp', ...json({ email: `nouveau-${backend}@exemple.fr`, password: 'motdepasse', displayName: 'Nouveau' }) });
      expect(up.statusCode).toBe(201);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', ...json({ idToken: up.json().idToken }) });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === 'sortie_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      const me = await get('/api/auth/me', `sortie_session=${cookie.value}`);
      expect(me.json()).toMatchObject({ email: `nouveau-${backend}@exemple.fr`, displayName: 'Nouveau', roles: [] });
      expect(me.json()).not.toHaveProperty('messagingTokens');
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sortie_session=${cookie.value}` } });
      expect(out.json()).toEqual({ user: null });
      expect((await get('/api/auth/me', `sortie_session=${cookie.value}`)).statusCode).toBe(401);
    });

    it('stores the messagingToken of {idToken, messagingToken}', async () => {
      const { idToken } = (await t.app.inject({ method: 'POST', url: '/api/identity/signIn', ...json({ email: DEMO_ACCOUNTS.visitor.email, password: 'sortie-demo' }) })).json();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', ...json({ idToken, messagingToken: 'jeton-push' }) });
      expect(login.statusCode).toBe(200);
      const [row] = await t.db.query<{ data: { messagingTokens: string[] } }>('SELECT data FROM users WHERE id = $1', [DEMO_IDS.users.visitor]);
      expect(row!.data.messagingTokens).toContain('jeton-push');
    });

    it('GET /api/notifications/{id} answers title, body to its owner only', async () => {
      const res = await get(`/api/notifications/${DEMO_IDS.notification}`, visitor);
      expect(res.json()).toMatchObject({ _id: DEMO_IDS.notification, title: 'Bienvenue sur Sortie !' });
      expect((await get(`/api/notifications/${DEMO_IDS.notification}`, admin.replace(/=.*/, '=x'))).statusCode).toBe(401);
    });
  });

  describe('REST of every resource', () => {
    it('creates, reads, updates and deletes an event as staff; refuses a visitor', async () => {
      const input = { title: 'Concert de test', startsAt: new Date(Date.now() + 86_400_000).toISOString(), city: 'Poitiers', placeId: DEMO_IDS.places.tap };
      expect((await t.app.inject({ method: 'POST', url: '/api/events', ...json(input) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/events', ...json(input), headers: { cookie: visitor } })).statusCode).toBe(403);
      const created = await t.app.inject({ method: 'POST', url: '/api/events', payload: input, headers: { cookie: staff } });
      expect(created.statusCode).toBe(201);
      const event = created.json();
      expect(event).toMatchObject({ title: 'Concert de test', status: 'published', likeCount: 0 });
      expect(event._id).toMatch(/^[0-9a-f]{24}$/);
      expect(event.createdAt).toBeTruthy();
      const patched = await t.app.inject({ method: 'PATCH', url: `/api/events/${event._id}`, payload: { title: 'Concert renommé' }, headers: { cookie: staff } });
      expect(patched.json()).toMatchObject({ title: 'Concert renommé', city: 'Poitiers' });
      const bad = await t.app.inject({ method: 'PATCH', url: `/api/events/${event._id}`, payload: { endsAt: '2000-01-01T00:00:00Z' }, headers: { cookie: staff } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0]).toMatchObject({ path: 'endsAt', message: 'La fin doit suivre le début.' });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${event._id}`, headers: { cookie: staff } })).statusCode).toBe(204);
      expect((await get(`/api/events/${event._id}`)).statusCode).toBe(404);
    });

    it('answers every resource list with {meta, items} (staff lists need staff)', async () => {
      for (const path of ['artists', 'badges', 'blindTests', 'eventCategories', 'forms', 'menus', 'organizations', 'places', 'raffles', 'stores', 'tournaments', 'jobOffers', 'placeTypes', 'championships', 'blog', 'images']) {
        const res = await get(`/api/${path}?limit=5`);
        expect(res.statusCode, path).toBe(200);
        expect(res.json().meta, path).toMatchObject({ limit: 5, offset: 0 });
        // The demo's blind tests are in preparation (drafts): staff's until they are played.
        const items = path === 'blindTests' ? (await get(`/api/${path}?limit=5`, staff)).json().items : res.json().items;
        expect(items.length, path).toBeGreaterThan(0);
      }
      for (const path of ['collectors', 'dynaLinks', 'formTemplates', 'questions', 'scrape', 'users', 'placeRoles', 'eventRoles', 'mailTemplates', 'tasks', 'notifications']) {
        expect((await get(`/api/${path}`)).statusCode, path).toBe(401);
        expect((await get(`/api/${path}`, staff)).statusCode, path).toBe(200);
      }
    });

    it('reads an artist by slug, a blog post by slug, a doc page by path', async () => {
      expect((await get('/api/artists/la-rue-ketanou')).json()).toMatchObject({ name: 'La Rue Ketanou' });
      expect((await get('/api/artists/-pas-un-slug')).statusCode).toBe(404);
      expect((await get('/api/blog/bienvenue-sur-sortie')).json()).toMatchObject({ title: 'Bienvenue sur Sortie' });
      expect((await get('/api/docPages/byPath/organisateurs/premiers-pas')).json()).toMatchObject({ title: 'Premiers pas pour un lieu' });
    });

    it('filters places by city and searches with q, accents and typos ignored', async () => {
      const tours = (await get('/api/places?city=tours&limit=50')).json();
      expect(tours.meta.total).toBe(4);
      const theatre = (await get('/api/places?q=théatre')).json();
      expect(theatre.items.map((p: { name: string }) => p.name)).toContain('TAP – Théâtre Auditorium');
      const search = (await get('/api/search?q=concrt')).json();
      expect(search.counts.event).toBeGreaterThan(0);
      expect((await get('/api/search?q=ketanou')).json().items.some((i: { kind: string }) => i.kind === 'artist')).toBe(true);
    });

    it('shows a public profile without e-mail, the full user to staff', async () => {
      expect((await get(`/api/users/${DEMO_IDS.users.visitor}`)).json()).not.toHaveProperty('email');
      expect((await get(`/api/users/${DEMO_IDS.users.visitor}`, staff)).json()).toHaveProperty('email', DEMO_ACCOUNTS.visitor.email);
    });

    it('refuses a non-http dyna link and a duplicate short code', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload: { url: 'javascript:alert(1)' }, headers: { cookie: staff } });
      expect(bad.statusCode).toBe(400);
      const dup = await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload: { url: 'https://exemple.fr', shortCode: 'poitiers' }, headers: { cookie: staff } });
      expect(dup.statusCode).toBe(409);
    });
  });

  describe('the signed-in user’s own data', () => {
    it('likes an event, follows a place, lists badges, suggestions and notifications', async () => {
      const like = await t.app.inject({ method: 'PUT', url: `/api/me/likes/${DEMO_IDS.firstEvent}`, headers: { cookie: visitor } });
      expect(like.json()).toEqual({ liked: true, eventId: DEMO_IDS.firstEvent });
      expect((await get(`/api/events/${DEMO_IDS.firstEvent}`)).json().likeCount).toBe(1);
      expect((await get('/api/me/likes', visitor)).json().items[0]._id).toBe(DEMO_IDS.firstEvent);
      const follow = await t.app.inject({ method: 'POST', url: '/api/me/follows', payload: { kind: 'place', id: DEMO_IDS.places.tap }, headers: { cookie: visitor } });
      expect(follow.statusCode).toBe(201);
      expect((await get('/api/me/follows', visitor)).json().meta.total).toBe(1);
      expect((await get('/api/me/badges', visitor)).json().items).toHaveLength(1);
      const suggestions = (await get('/api/me/suggestions?limit=5', visitor)).json();
      expect(suggestions.items[0].placeId).toBe(DEMO_IDS.places.tap);
      const notifications = (await get('/api/me/notifications', visitor)).json();
      expect(notifications.unread).toBeGreaterThanOrEqual(1);
      const read = await t.app.inject({ method: 'PUT', url: `/api/me/notifications/${DEMO_IDS.notification}/read`, headers: { cookie: visitor } });
      expect(read.json().readAt).toBeTruthy();
      expect((await get('/api/me/likes')).statusCode).toBe(401);
    });
  });

  describe('forms and raffles', () => {
    it('submits a form entry, reads it back by its code, lists it as CSV for staff', async () => {
      const bad = await t.app.inject({ method: 'POST', url: `/api/forms/${DEMO_IDS.form}/entries`, payload: { answers: { nom: 'Léa' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('answers.email');
      const res = await t.app.inject({ method: 'POST', url: `/api/forms/${DEMO_IDS.form}/entries`, payload: { answers: { nom: 'Léa', email: 'lea@exemple.fr', creneau: 'Soir' } } });
      expect(res.statusCode).toBe(201);
      const { entryCode } = res.json();
      expect(entryCode).toMatch(/^[A-Za-z0-9]{10}$/);
      expect((await get(`/api/forms/${DEMO_IDS.form}/entries/${entryCode}`)).json().answers).toEqual({ nom: 'Léa', email: 'lea@exemple.fr', creneau: 'Soir' });
      expect((await get(`/api/forms/${DEMO_IDS.form}/entries`)).statusCode).toBe(401);
      const csv = await get(`/api/forms/${DEMO_IDS.form}/entries.csv`, staff);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Léa;lea@exemple.fr;Soir');
    });

    it('enters a raffle once; the seed is committed with the first entry and the draw waits for the close', async () => {
      const first = await t.app.inject({ method: 'POST', url: `/api/raffles/${DEMO_IDS.raffle}/entries`, payload: { name: 'Valentine' }, headers: { cookie: visitor } });
      expect(first.statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${DEMO_IDS.raffle}/entries`, payload: { name: 'Valentine' }, headers: { cookie: visitor } })).statusCode).toBe(409);
      await t.app.inject({ method: 'POST', url: `/api/raffles/${DEMO_IDS.raffle}/entries`, payload: { name: 'Bob', email: 'bob@exemple.fr' } });
      // The whole draw, clock in hand, is in raffle-draw.routes.test.ts.
      expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${DEMO_IDS.raffle}/commit`, headers: { cookie: staff } })).json().code).toBe('ALREADY_COMMITTED');
      expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${DEMO_IDS.raffle}/draw`, headers: { cookie: staff } })).json().code).toBe('RAFFLE_NOT_CLOSED');
      expect((await get(`/api/raffles/${DEMO_IDS.raffle}/entries`, staff)).json().items).toHaveLength(2);
    });
  });

  describe('config, docs, health', () => {
    it('answers the runtime config, the OpenAPI document and the health', async () => {
      const config = (await get('/api/config')).json();
      expect(config).toMatchObject({ identityProvider: 'local', signInMethods: { google: false, apple: false, password: true }, storePages: { ios: null, android: null } });
      expect(config.cities).toEqual(['Bordeaux', 'La Rochelle', 'Poitiers', 'Tours']);
      const docs = (await get('/api/openapi.json')).json();
      expect(docs.openapi).toBe('3.1.0');
      expect(docs.paths['/api/dynaLinks/shortCode'].put.requestBody.content['application/json'].schema.required).toEqual(['shortCode', 'datetime', 'userAgent']);
      expect((await get('/api/health')).json()).toMatchObject({ status: 'ok' });
    });

    it('lists a new city in the config at once: the cities are dropped with the public cache on every write', async () => {
      expect((await get('/api/config')).json().cities).not.toContain('Niort');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/places',
        headers: { cookie: staff },
        payload: { name: 'Le Camji', slug: 'le-camji-niort', address: { postalCode: '79000', city: 'Niort' } },
      });
      expect(created.statusCode).toBe(201);
      expect((await get('/api/config')).json().cities).toContain('Niort');
      await t.app.inject({ method: 'DELETE', url: `/api/places/${created.json()._id}`, headers: { cookie: staff } });
      expect((await get('/api/config')).json().cities).not.toContain('Niort');
    });
  });

  describe('bad input', () => {
    it('answers 400, 404, 413 and 415 in French, never 5xx', async () => {
      const malformed = await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: '{bad', headers: { 'content-type': 'application/json' } });
      expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'Corps JSON invalide.' });
      const type = await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: 'x', headers: { 'content-type': 'text/xml' } });
      expect(type.statusCode).toBe(415);
      const huge = await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: JSON.stringify({ email: 'a'.repeat(600_000) }), headers: { 'content-type': 'application/json' } });
      expect(huge.statusCode).toBe(413);
      expect((await get('/api/events/pas-un-id')).statusCode).toBe(404);
      expect((await get('/api/events?limit=abc')).json().issues[0].path).toBe('limit');
      expect((await get('/api/nope')).json()).toMatchObject({ statusCode: 404, message: 'Page not found: /api/nope' });
    });
  });

  describe('demo data', () => {
    it('has the promised counts', async () => {
      const count = async (table: string) => Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
      const upcoming = Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE starts_at > now() AND status = 'published'`))[0]!.n);
      expect(upcoming).toBeGreaterThanOrEqual(60);
      expect(await count('places')).toBe(20);
      expect(Number((await t.db.query<{ n: number }>('SELECT count(DISTINCT type_id)::int AS n FROM places'))[0]!.n)).toBeGreaterThanOrEqual(4);
      expect(Number((await t.db.query<{ n: number }>('SELECT count(DISTINCT city)::int AS n FROM places'))[0]!.n)).toBe(4);
      for (const table of ['organizations', 'artists', 'questions', 'blind_tests', 'tournaments', 'raffles', 'forms', 'form_templates', 'menus', 'stores', 'job_offers', 'blog_posts', 'badges', 'dyna_links', 'shares']) {
        expect(await count(table), table).toBeGreaterThan(0);
      }
      const roles = await t.db.query<{ email: string; data: { roles: string[] } }>('SELECT email, data FROM users ORDER BY email');
      expect(roles.map((r) => [r.email, r.data.roles])).toEqual(expect.arrayContaining([['admin@demo.sortie.fr', ['admin']], ['staff@demo.sortie.fr', ['staff']], ['visiteur@demo.sortie.fr', []]]));
    });
  });
});
