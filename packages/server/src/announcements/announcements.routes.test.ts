import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS_PER_AUTHOR_PER_DAY, ANNOUNCEMENTS_PER_TARGET_PER_DAY } from '@sortie/core/domain';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { newId } from '../db/store';

const HOUR = 3600_000;

describe('staff announcements to followers and participants', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let time = Date.parse('2026-11-20T18:00:00.000Z');
  let staff: string;
  let visitor: string;
  const cookies: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  const newVisitor = async (name: string) => {
    const email = `${name.toLowerCase()}@exemple.fr`;
    const signUp = await call('POST', '/api/identity/signUp', undefined, { email, password: 'un-mot-de-passe', displayName: name });
    expect(signUp.statusCode, signUp.body).toBeLessThan(300);
    cookies[name] = await signIn(t.app, email, 'un-mot-de-passe');
    return cookies[name]!;
  };
  const follow = async (cookie: string, kind: string, id: string) => expect((await call('POST', '/api/me/follows', cookie, { target: { kind, id } })).statusCode).toBeLessThan(300);
  const titles = async (cookie: string) => ((await call('GET', '/api/me/notifications?limit=50', cookie)).json() as { items: Array<{ title: string; link?: string }> }).items;
  const place = (id: string) => ({ kind: 'place', id });

  beforeAll(async () => {
    t = await testApp({ now: () => time });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());

  it('reaches exactly the followers of the place: a follower of another place receives nothing', async () => {
    const lea = await newVisitor('Lea');
    const noe = await newVisitor('Noe');
    await follow(lea, 'place', DEMO_IDS.places.tap);
    await follow(noe, 'place', DEMO_IDS.places.tapGarden);

    const preview = await call('GET', `/api/announcements/recipients?kind=place&id=${DEMO_IDS.places.tap}`, staff);
    expect(preview.json()).toEqual({ recipients: 1 });

    const sent = await call('POST', '/api/announcements', staff, { target: place(DEMO_IDS.places.tap), title: 'Concert déplacé', body: 'Le concert de samedi passe en grande salle.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'sent', recipients: 1, title: 'Concert déplacé' });

    expect((await titles(lea)).map((n) => [n.title, n.link])).toContainEqual(['Concert déplacé', `/places/${DEMO_IDS.places.tap}`]);
    const [audited] = await t.db.query<{ actor_label: string; after: { title: string } }>(`SELECT actor_label, after FROM audit_log WHERE action = 'announcements.create' AND target_id = $1`, [sent.json()._id]);
    expect(audited).toMatchObject({ actor_label: DEMO_ACCOUNTS.staff.email, after: { title: 'Concert déplacé' } });
    expect((await titles(noe)).map((n) => n.title)).not.toContain('Concert déplacé');
  });

  it('reaches an event’s participants: who liked it', async () => {
    const sam = await newVisitor('Sam');
    expect((await call('PUT', `/api/me/likes/${DEMO_IDS.gamesEvent}`, sam)).statusCode).toBeLessThan(300);
    const sent = await call('POST', '/api/announcements', staff, { target: { kind: 'event', id: DEMO_IDS.gamesEvent }, title: 'Inscriptions au tournoi', body: '', link: '/events/' + DEMO_IDS.gamesEvent });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await titles(sam)).map((n) => n.title)).toContain('Inscriptions au tournoi');
  });

  it('sends one for later when its time comes, once', async () => {
    const ines = await newVisitor('Ines');
    await follow(ines, 'organization', DEMO_IDS.organizations.jazzAPoitiers);
    const later = new Date(time + 2 * HOUR).toISOString();
    const scheduled = await call('POST', '/api/announcements', staff, { target: { kind: 'organization', id: DEMO_IDS.organizations.jazzAPoitiers }, title: 'Billetterie ouverte', sendAt: later });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', sentAt: null });
    await t.app.ctx.jobs.runNow('announcements');
    expect((await titles(ines)).map((n) => n.title)).not.toContain('Billetterie ouverte');

    time += 2 * HOUR;
    await t.app.ctx.jobs.runNow('announcements');
    await t.app.ctx.jobs.runNow('announcements');
    expect((await titles(ines)).filter((n) => n.title === 'Billetterie ouverte')).toHaveLength(1);
    const listed = (await call('GET', `/api/announcements?kind=organization&id=${DEMO_IDS.organizations.jazzAPoitiers}`, staff)).json();
    expect(listed.items[0]).toMatchObject({ title: 'Billetterie ouverte', status: 'sent', recipients: 1 });
  });

  it('keeps to a few announcements per place and day, and says when the next is possible', async () => {
    const target = place(DEMO_IDS.places.confort);
    for (let i = 0; i < ANNOUNCEMENTS_PER_TARGET_PER_DAY; i++) {
      expect((await call('POST', '/api/announcements', staff, { target, title: `Annonce ${i + 1}` })).statusCode).toBe(201);
    }
    const refused = await call('POST', '/api/announcements', staff, { target, title: 'Une de trop' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Déjà 3 annonces en 24 heures pour ce destinataire : la prochaine sera possible à partir de /);
    // Another place is not held back by this one.
    expect((await call('POST', '/api/announcements', staff, { target: place(DEMO_IDS.placeWithoutEvents), title: 'Ailleurs' })).statusCode).toBe(201);
    time += 24 * HOUR + 1;
    expect((await call('POST', '/api/announcements', staff, { target, title: 'Le lendemain' })).statusCode).toBe(201);
  });

  it('keeps one staff member to a few announcements a day over all targets; another is not held back', async () => {
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    const adminId = ((await call('GET', '/api/auth/me', admin)).json() as { _id: string })._id;
    // What this admin already sent today, each to a target of its own (the per-target limit is not what stops the next).
    for (let i = 0; i < ANNOUNCEMENTS_PER_AUTHOR_PER_DAY; i++) {
      await t.db.query('INSERT INTO announcements (id, target_kind, target_id, title, body, send_at, sent_at, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $6)', [
        newId(), 'event', newId(), `Déjà envoyée ${i + 1}`, '', new Date(time - HOUR).toISOString(), adminId,
      ]);
    }
    const refused = await call('POST', '/api/announcements', admin, { target: place(DEMO_IDS.places.tapGarden), title: 'Encore une' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(new RegExp(`^Vous avez déjà envoyé ${ANNOUNCEMENTS_PER_AUTHOR_PER_DAY} annonces en 24 heures : la prochaine sera possible à partir de `));
    expect((await call('POST', '/api/announcements', staff, { target: place(DEMO_IDS.places.tapGarden), title: 'De la part de l’équipe' })).statusCode).toBe(201);
    time += 23 * HOUR + 1;
    expect((await call('POST', '/api/announcements', admin, { target: place(DEMO_IDS.places.tapGarden), title: 'Le lendemain' })).statusCode).toBe(201);
  });

  it('is for staff only, refuses a link that is not a page or a web address, and a target that does not exist', async () => {
    const body = { target: place(DEMO_IDS.places.tap), title: 'Pirate' };
    expect((await call('POST', '/api/announcements', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/announcements', visitor, body)).statusCode).toBe(403);
    expect((await call('GET', `/api/announcements/recipients?kind=place&id=${DEMO_IDS.places.tap}`, visitor)).statusCode).toBe(403);
    const script = await call('POST', '/api/announcements', staff, { ...body, link: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    const nowhere = await call('POST', '/api/announcements', staff, { target: place('0123456789abcdef01234567'), title: 'Personne' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe('Lieu introuvable.');
  });
});
