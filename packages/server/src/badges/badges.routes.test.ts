import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { newId } from '../db/store';
import { activitySummary, everyActivitySummary } from './activity-summary';
import { BADGES_JOB } from './badges-job';

type Badge = { _id: string; name: string; awardedAt: string };
type Notification = { title: string; body: string; link?: string };

describe('badges with rules that run', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let url: string;
  let staff: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  /** A new account of its own: its session cookie and id. */
  async function visitor(email: string): Promise<{ cookie: string; id: string }> {
    const signedUp = await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email, password: 'mot-de-passe-1', displayName: email.split('@')[0] } });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const cookie = await signIn(t.app, email, 'mot-de-passe-1');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    return { cookie, id: (me.json() as { _id: string })._id };
  }
  const open = (cookie: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const myBadges = async (cookie: string) => ((await t.app.inject({ method: 'GET', url: '/api/me/badges', headers: { cookie } })).json() as { items: Badge[] }).items.map((b) => b.name);
  const myNotifications = async (cookie: string) => ((await t.app.inject({ method: 'GET', url: '/api/me/notifications?limit=100', headers: { cookie } })).json() as { items: Notification[] }).items;
  const like = (cookie: string, eventId: string) => t.app.inject({ method: 'PUT', url: `/api/me/likes/${eventId}`, headers: { cookie } });
  const follow = (cookie: string, kind: string, id: string) => t.app.inject({ method: 'POST', url: '/api/me/follows', payload: { kind, id }, headers: { cookie } });
  const createBadge = async (payload: Record<string, unknown>) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/badges', payload, headers: { cookie: staff } });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { _id: string; rule: unknown };
  };
  const eventIds = async (count: number) =>
    (await t.db.query<{ id: string }>(`SELECT id FROM events WHERE status = 'published' ORDER BY id LIMIT $1`, [count])).map((r) => r.id);

  it('awards « Premier pas » on a first like, once, with a notification pushed over the socket', async () => {
    const { cookie } = await visitor('premier-pas@exemple.fr');
    expect(await myBadges(cookie)).toEqual([]);
    const socket = await open(cookie);
    const pushed: Array<{ notification: { title: string } }> = [];
    socket.on(SOCKET_EVENTS.push, (message: { notification: { title: string } }) => pushed.push(message));

    const [first, second] = await eventIds(2);
    expect((await like(cookie, first!)).statusCode).toBe(200);
    expect(await myBadges(cookie)).toEqual(['Premier pas']);
    const notifications = await myNotifications(cookie);
    expect(notifications).toContainEqual(expect.objectContaining({ title: 'Nouveau badge : Premier pas', body: 'Votre premier événement aimé.', link: '/users/badges' }));
    await expect.poll(() => pushed.map((m) => m.notification.title)).toEqual(['Nouveau badge : Premier pas']);

    // A second like, and the same like again: no second award, no second notification.
    expect((await like(cookie, second!)).statusCode).toBe(200);
    expect((await like(cookie, first!)).statusCode).toBe(200);
    expect(await myBadges(cookie)).toEqual(['Premier pas']);
    expect((await myNotifications(cookie)).filter((n) => n.title === 'Nouveau badge : Premier pas')).toHaveLength(1);
    expect(pushed).toHaveLength(1);
  });

  it('pushes the badge to a socket that connects just after the like (a page whose socket was still connecting), not older or read ones', async () => {
    const { cookie, id } = await visitor('premier-pas-tot@exemple.fr');
    const [first] = await eventIds(1);
    // The like comes before the page's socket has joined its room: the award's push reaches nobody.
    expect((await like(cookie, first!)).statusCode).toBe(200);
    expect(await myBadges(cookie)).toEqual(['Premier pas']);
    // An older notification, and one already read: not sent again.
    const older = await t.app.inject({ method: 'POST', url: '/api/notifications', payload: { userId: id, title: 'Ancienne' }, headers: { cookie: staff } });
    await t.db.query(`UPDATE notifications SET created_at = now() - interval '1 minute' WHERE id = $1`, [older.json()._id]);
    const read = await t.app.inject({ method: 'POST', url: '/api/notifications', payload: { userId: id, title: 'Déjà lue' }, headers: { cookie: staff } });
    expect((await t.app.inject({ method: 'PUT', url: `/api/me/notifications/${read.json()._id}/read`, headers: { cookie } })).statusCode).toBeLessThan(300);

    const pushed: string[] = [];
    await new Promise<Socket>((resolve, reject) => {
      const s = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
      sockets.push(s);
      // Listened to before the connection, as the web's inbox does.
      s.on(SOCKET_EVENTS.push, (message: { notification: { title: string } }) => pushed.push(message.notification.title));
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    await expect.poll(() => pushed).toEqual(['Nouveau badge : Premier pas']);
  });

  it('awards a follow-threshold badge at exactly N follows, not before', async () => {
    const badge = await createBadge({ name: 'Curieux', description: 'Trois abonnements.', rule: { kind: 'follows', count: 3 } });
    expect(badge.rule).toEqual({ kind: 'follows', count: 3 });
    const { cookie } = await visitor('curieux@exemple.fr');
    expect((await follow(cookie, 'place', DEMO_IDS.places.confort)).statusCode).toBe(201);
    expect((await follow(cookie, 'place', DEMO_IDS.places.tap)).statusCode).toBe(201);
    expect(await myBadges(cookie)).not.toContain('Curieux');
    expect((await follow(cookie, 'organization', DEMO_IDS.organizations.jazzAPoitiers)).statusCode).toBe(201);
    expect(await myBadges(cookie)).toContain('Curieux');
    expect((await myNotifications(cookie)).map((n) => n.title)).toContain('Nouveau badge : Curieux');
  });

  it('awards a new badge at once to the visitors whose activity already earns it', async () => {
    const { cookie } = await visitor('deja-fan@exemple.fr');
    for (const id of await eventIds(2)) expect((await like(cookie, id)).statusCode).toBe(200);
    const before = await myBadges(cookie);
    await createBadge({ name: 'Double cœur', rule: { kind: 'likes', count: 2 } });
    await expect.poll(() => myBadges(cookie)).toEqual([...before, 'Double cœur']);
    await createBadge({ name: 'Triple cœur', rule: { kind: 'likes', count: 3 } });
    await createBadge({ name: 'À la main', rule: { kind: 'manual' } });
    // Nothing more comes: the visitor's next action finds the same two badges.
    expect((await follow(cookie, 'place', DEMO_IDS.places.confort)).statusCode).toBe(201);
    expect(await myBadges(cookie)).toEqual([...before, 'Double cœur']);
  });

  it('counts raffle entries and form entries (events attended) of a signed-in visitor', async () => {
    await createBadge({ name: 'Joueur', rule: { kind: 'rafflesEntered', count: 1 } });
    await createBadge({ name: 'Bénévole', rule: { kind: 'eventsAttended', count: 1 } });
    const { cookie, id } = await visitor('joueur@exemple.fr');
    // The raffle is for proven addresses: this one is.
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [id]);
    const entered = await t.app.inject({ method: 'POST', url: `/api/raffles/${DEMO_IDS.raffle}/entries`, payload: { name: 'Joueur' }, headers: { cookie } });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await myBadges(cookie)).toContain('Joueur');
    expect(await myBadges(cookie)).not.toContain('Bénévole');
    const answered = await t.app.inject({
      method: 'POST', url: `/api/forms/${DEMO_IDS.form}/entries`, headers: { cookie },
      payload: { answers: { nom: 'Joueur', email: 'joueur@exemple.fr', creneau: 'Soir' } },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await myBadges(cookie)).toContain('Bénévole');
  });

  it('catches up at night the awards an action missed, once', async () => {
    const { cookie, id } = await visitor('rattrapage@exemple.fr');
    // A like stored without its award (a process stopped in between).
    const [event] = await eventIds(1);
    await t.db.query('INSERT INTO likes (id, user_id, event_id, data) VALUES ($1, $2, $3, $4)', [newId(), id, event, JSON.stringify({ userId: id, eventId: event })]);
    expect(await myBadges(cookie)).toEqual([]);
    const run = await t.app.ctx.jobs.runNow(BADGES_JOB);
    expect(run).toMatchObject({ outcome: 'ok' });
    expect(run.counts['awarded']).toBeGreaterThanOrEqual(1);
    expect(await myBadges(cookie)).toEqual(['Premier pas']);
    expect((await t.app.ctx.jobs.runNow(BADGES_JOB)).counts).toEqual({ awarded: 0 });
    expect((await myNotifications(cookie)).filter((n) => n.title === 'Nouveau badge : Premier pas')).toHaveLength(1);
  });

  it('refuses a rule it does not know, or a count of 0, with a French 400', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/badges', payload: { name: 'Danseur', rule: { kind: 'dance' } }, headers: { cookie: staff } });
    expect(unknown.statusCode).toBe(400);
    const zero = await t.app.inject({ method: 'POST', url: '/api/badges', payload: { name: 'Zéro', rule: { kind: 'likes', count: 0 } }, headers: { cookie: staff } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('Le nombre doit être d’au moins 1.');
  });

  it('awards a tournament win when the final is scored over the socket, to the winner only', async () => {
    await createBadge({ name: 'Vainqueur', rule: { kind: 'tournamentsWon', count: 1 } });
    const [ana, ben] = [await visitor('ana-finale@exemple.fr'), await visitor('ben-finale@exemple.fr')];
    const [anaSocket, benSocket, staffSocket] = [await open(ana.cookie), await open(ben.cookie), await open(staff)];
    const pushed: string[] = [];
    anaSocket.on(SOCKET_EVENTS.push, (message: { notification: { title: string } }) => pushed.push(`ana:${message.notification.title}`));
    benSocket.on(SOCKET_EVENTS.push, (message: { notification: { title: string } }) => pushed.push(`ben:${message.notification.title}`));
    type Reply = { status: string; msg?: string; tournament: { participants: Array<{ id: string; userId?: string }>; matches: Array<{ id: string; a: string | null }>; status: string } };
    const act = async (socket: Socket, tournamentId: string, action: string, params: Record<string, unknown> = {}) => {
      const reply = (await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action, tournamentId, params }))) as Reply;
      expect(reply, reply.msg).toMatchObject({ status: 'ok' });
      return reply.tournament;
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie: staff }, payload: { name: 'Finale de fléchettes', game: 'Fléchettes', format: 'single_elimination' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { _id: string })._id;
    await act(anaSocket, id, 'join', { name: 'Ana' });
    await act(benSocket, id, 'join', { name: 'Ben' });
    const started = await act(staffSocket, id, 'start');
    const final = started.matches[0]!;
    const anaIsA = started.participants.find((p) => p.userId === ana.id)!.id === final.a;
    expect(await myBadges(ana.cookie)).not.toContain('Vainqueur');
    const finished = await act(staffSocket, id, 'reportScore', { matchId: final.id, ...(anaIsA ? { scoreA: 3, scoreB: 1 } : { scoreA: 1, scoreB: 3 }) });
    expect(finished.status).toBe('finished');
    await expect.poll(() => myBadges(ana.cookie)).toContain('Vainqueur');
    await expect.poll(() => pushed).toContain('ana:Nouveau badge : Vainqueur');
    expect(await myBadges(ben.cookie)).not.toContain('Vainqueur');
    expect(pushed).not.toContain('ben:Nouveau badge : Vainqueur');
  });

  it('awards a blind-test podium to a signed-in player when the host ends the game, not to a nickname without an account', async () => {
    await createBadge({ name: 'Oreille d’or', rule: { kind: 'blindTestPodiums', count: 1 } });
    const camille = await visitor('camille-quiz@exemple.fr');
    const [host, phone, anonymous] = [await open(staff), await open(camille.cookie), await open('')];
    type Reply = { status: string; msg?: string; game: { code?: string; status?: string } };
    const call = async (socket: Socket, action: string, params: Record<string, unknown> = {}) => {
      const reply = (await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.blindTest, JSON.stringify({ action, blindTestId: DEMO_IDS.blindTest, params }))) as Reply;
      expect(reply, reply.msg).toMatchObject({ status: 'ok' });
      return reply.game;
    };
    const { code } = await call(host, 'open');
    await call(phone, 'join', { code, nickname: 'Camille' });
    await call(anonymous, 'join', { code, nickname: 'Passant' });
    await call(host, 'start');
    expect(await myBadges(camille.cookie)).not.toContain('Oreille d’or');
    expect((await call(host, 'end')).status).toBe('podium');
    await expect.poll(() => myBadges(camille.cookie)).toContain('Oreille d’or');
    expect(await t.db.query('SELECT user_id, rank FROM blind_test_podiums WHERE blind_test_id = $1', [DEMO_IDS.blindTest])).toEqual([{ user_id: camille.id, rank: expect.any(Number) }]);
  });

  it('counts tournaments won, blind-test podiums and distinct cities', async () => {
    const { cookie, id } = await visitor('champion@exemple.fr');
    const tournament = newId();
    await t.db.query(`INSERT INTO tournaments (id, name, status, data) VALUES ($1, 'Finale', 'finished', $2)`, [
      tournament, JSON.stringify({ name: 'Finale', status: 'finished', winnerId: 'p1', participants: [{ id: 'p1', name: 'Moi', seed: 1, userId: id }, { id: 'p2', name: 'Autre', seed: 2 }] }),
    ]);
    await t.db.query(`INSERT INTO tournaments (id, name, status, data) VALUES ($1, 'Perdu', 'finished', $2)`, [
      newId(), JSON.stringify({ name: 'Perdu', status: 'finished', winnerId: 'p2', participants: [{ id: 'p1', name: 'Moi', seed: 1, userId: id }, { id: 'p2', name: 'Autre', seed: 2 }] }),
    ]);
    await t.db.query(`INSERT INTO blind_test_podiums (blind_test_id, user_id, rank) VALUES ($1, $2, 2)`, [newId(), id]);
    const cities = await t.db.query<{ id: string; city: string }>(`SELECT DISTINCT ON (lower(city)) id, city FROM events ORDER BY lower(city), id LIMIT 2`);
    for (const event of cities) expect((await like(cookie, event.id)).statusCode).toBe(200);
    expect(await activitySummary(t.db, id)).toMatchObject({ tournamentsWon: 1, blindTestPodiums: 1, likes: 2, cities: 2 });
    // The one-visitor query (after each action) and the every-visitor one (a new badge) count alike.
    const every = await everyActivitySummary(t.db);
    expect(every.get(id)).toEqual(await activitySummary(t.db, id));
    for (const user of [DEMO_IDS.users.visitor, DEMO_IDS.users.staff]) expect(every.get(user)).toEqual(await activitySummary(t.db, user));

    await createBadge({ name: 'Champion', rule: { kind: 'tournamentsWon', count: 1 } });
    await createBadge({ name: 'Podium', rule: { kind: 'blindTestPodiums', count: 1 } });
    await createBadge({ name: 'Voyageur', rule: { kind: 'cityExplorer', count: 2 } });
    // Created after the activity: each is awarded by its creation's evaluation over every visitor.
    await expect.poll(() => myBadges(cookie)).toEqual(expect.arrayContaining(['Champion', 'Podium', 'Voyageur']));
  });
});
