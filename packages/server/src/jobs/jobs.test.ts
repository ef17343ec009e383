import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, PostgresDb } from '../db/open-database';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { BACKENDS, openTestDb, signIn, testApp, testConfig } from '../testing/test-app';
import { DEMO_IDS } from '../demo/ids';
import { registerJob, unsubscribeToken } from './index';

const T0 = Date.parse('2030-03-01T08:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the job runner on the embedded database', () => {
  let clock = T0;
  let db: Db;
  let calls: string[] = [];
  const unregisterTick = registerJob('test:tick', async (_ctx, { now }) => {
    calls.push(now.toISOString());
    return { done: 1 };
  }, { schedule: '0 * * * *', label: 'Tâche d’essai' });
  let failures = 0;
  const unregisterFlaky = registerJob('test:flaky', async () => {
    failures += 1;
    if (failures <= 2) throw new Error('Source injoignable.');
    return { done: 1 };
  }, { schedule: '@daily', label: 'Tâche fragile', retries: 2 });

  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db.close();
    unregisterTick();
    unregisterFlaky();
  });
  afterEach(() => {
    calls = [];
  });

  it('runs a job when it is due, once, keeps the run, and survives a restart', async () => {
    clock = T0 + 10 * MIN;
    const first = await buildApp({ db, config: testConfig(), now: () => clock });
    expect(await first.ctx.jobs.tick()).toBe(0);
    expect(calls).toEqual([]);
    // Not yet 09:00 UTC: nothing due; then the process stops before it is.
    await first.close();

    clock = T0 + HOUR + MIN;
    const second = await buildApp({ db, config: testConfig(), now: () => clock });
    expect(await second.ctx.jobs.tick()).toBeGreaterThanOrEqual(1);
    expect(calls).toEqual([new Date(clock).toISOString()]);
    expect(await second.ctx.jobs.tick()).toBe(0);
    const [run] = await second.ctx.jobs.history('test:tick');
    expect(run).toMatchObject({ job: 'test:tick', trigger: 'schedule', outcome: 'ok', error: null, counts: { done: 1 } });
    expect(run!.finishedAt).not.toBeNull();
    const [task] = await db.query<{ data: Record<string, unknown> }>(`SELECT data FROM tasks WHERE name = 'Tâche d’essai'`);
    expect(task!.data).toMatchObject({ status: 'idle', lastRunAt: new Date(clock).toISOString(), lastError: null });
    // Its next turn is the next hour.
    clock = T0 + 2 * HOUR + MIN;
    await second.ctx.jobs.tick();
    expect(calls).toHaveLength(2);
    await second.close();
  });

  it('retries a failing job with a growing wait, and keeps each error in the history', async () => {
    clock = Date.parse('2030-03-02T00:00:30.000Z');
    const app = await buildApp({ db, config: testConfig(), now: () => clock });
    await app.ctx.jobs.tick();
    let runs = await app.ctx.jobs.history('test:flaky');
    expect(runs[0]).toMatchObject({ outcome: 'error', error: 'Source injoignable.' });
    // 30 s later: the first retry; 60 s after that, the second, which succeeds.
    clock += 31_000;
    await app.ctx.jobs.tick();
    clock += 30_000;
    await app.ctx.jobs.tick();
    expect(failures).toBe(2);
    clock += 31_000;
    await app.ctx.jobs.tick();
    runs = await app.ctx.jobs.history('test:flaky');
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'error', 'error']);
    const [task] = await db.query<{ data: Record<string, unknown> }>(`SELECT data FROM tasks WHERE name = 'Tâche fragile'`);
    expect(task!.data).toMatchObject({ status: 'idle', lastError: null });
    await app.close();
  });
});

describe('run now and the history in /dashboard/tasks', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ now: () => T0 });
  });
  afterAll(async () => t.close());

  it('really runs the task, and its runs are listed; visitors may not', async () => {
    const staff = await signIn(t.app, 'staff@demo.sortie.fr');
    const [task] = await t.db.query<{ id: string }>(`SELECT id FROM tasks WHERE name = 'Notifications (rappels, abonnements, tirages)'`);
    expect(task).toBeDefined();
    const ran = await t.app.inject({ method: 'POST', url: `/api/dashboard/tasks/${task!.id}/run`, headers: { cookie: staff } });
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({ status: 'idle', lastRunAt: new Date(T0).toISOString() });
    const runs = await t.app.inject({ method: 'GET', url: `/api/dashboard/tasks/${task!.id}/runs`, headers: { cookie: staff } });
    expect(runs.json()).toMatchObject({ job: 'notifications', items: [{ trigger: 'manual', outcome: 'ok', startedAt: new Date(T0).toISOString() }] });
    expect(runs.json().items[0].counts).toHaveProperty('reminders');
    const visitor = await signIn(t.app, 'visiteur@demo.sortie.fr');
    expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/tasks/${task!.id}/runs`, headers: { cookie: visitor } })).statusCode).toBe(403);
  });

  it('a task with no job installed records a failed run with its French reason', async () => {
    const staff = await signIn(t.app, 'staff@demo.sortie.fr');
    const [task] = await t.db.query<{ id: string }>(`SELECT id FROM tasks WHERE name = 'Collecte quotidienne'`);
    if (!task) return;
    const ran = await t.app.inject({ method: 'POST', url: `/api/dashboard/tasks/${task.id}/run`, headers: { cookie: staff } });
    expect(ran.statusCode).toBe(200);
    const runs = (await t.app.inject({ method: 'GET', url: `/api/dashboard/tasks/${task.id}/runs`, headers: { cookie: staff } })).json();
    expect(runs.items[0].outcome === 'ok' || /Aucune tâche de fond/.test(runs.items[0].error)).toBe(true);
  });
});

describe('reminders, followers and e-mail, with a fake clock', () => {
  let clock = T0;
  let t: Awaited<ReturnType<typeof testApp>>;
  const pushed: Array<{ room: string; event: string }> = [];
  const ids = { optIn: newId(), quiet: newId(), event: newId(), place: DEMO_IDS.places.confort };
  const startsAt = T0 + 3 * 24 * HOUR;
  let io: typeof t.app.ctx.io = null;

  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    io = t.app.ctx.io;
    t.app.ctx.io = { to: (room: string) => ({ emit: (event: string) => pushed.push({ room, event }) }) } as never;
    const { store } = t.app.ctx;
    await store.insert('users', {
      displayName: 'Octave Abonné', email: 'octave@example.fr', roles: [],
      notificationPreferences: { reminder: { inApp: true, email: true }, followedEvent: { inApp: true, email: true }, raffleDraw: { inApp: true, email: false } },
    }, { id: ids.optIn });
    await store.insert('users', { displayName: 'Quentin Discret', email: 'quentin@example.fr', roles: [] }, { id: ids.quiet });
    await store.insert('events', { title: 'Concert de printemps', city: 'Poitiers', startsAt: new Date(startsAt).toISOString(), placeId: ids.place, status: 'published', description: '' }, { id: ids.event });
    for (const user of [ids.optIn, ids.quiet]) {
      await t.db.query('INSERT INTO likes (id, user_id, event_id, data) VALUES ($1, $2, $3, $4)', [newId(), user, ids.event, '{}']);
      await t.db.query('INSERT INTO follows (id, user_id, target_kind, target_id, data) VALUES ($1, $2, $3, $4, $5)', [newId(), user, 'place', ids.place, '{}']);
    }
  });
  afterAll(async () => {
    t.app.ctx.io = io;
    await t.close();
  });

  const notificationsOf = async (userId: string) =>
    (await t.db.query<{ title: string }>(`SELECT data->>'title' AS title FROM notifications WHERE user_id = $1 ORDER BY created_at, id`, [userId])).map((r) => r.title);
  const mailsTo = async (to: string) => t.db.query<{ subject: string; text: string; html: string }>('SELECT subject, text, html FROM mails WHERE "to" = $1 ORDER BY created_at, id', [to]);
  const run = () => t.app.ctx.jobs.runNow('notifications');

  it('tells the followers of a place of its new event once, and mails only the visitor who opted in', async () => {
    clock = T0;
    const first = await run();
    expect(first.outcome).toBe('ok');
    await run();
    for (const user of [ids.optIn, ids.quiet]) expect((await notificationsOf(user)).filter((title) => title.includes('Concert de printemps'))).toEqual([expect.stringMatching(/^Nouveau chez .*Concert de printemps$/)]);
    expect(pushed.filter((p) => p.room === `user:${ids.optIn}`)).toHaveLength(1);
    expect(pushed.filter((p) => p.room === `user:${ids.quiet}`)).toHaveLength(1);
    const mails = await mailsTo('octave@example.fr');
    expect(mails).toHaveLength(1);
    // The mail that reached Octave carries his unsubscribe link; the mail log's copy masks it (it acts for him without a session).
    const received = t.outbox.filter((m) => m.to === 'octave@example.fr');
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toMatch(/Se désabonner en un clic : http:\/\/\S+\/api\/mail\/unsubscribe\?token=\S+\n$/);
    expect(received[0]!.html).toMatch(/<a href="http:\/\/\S+\/api\/mail\/unsubscribe\?token=[^"]+">Se désabonner en un clic<\/a>/);
    expect(mails[0]!.text).toContain('Se désabonner en un clic : [lien personnel masqué]');
    expect(mails[0]!.html).toContain('Se désabonner en un clic : [lien personnel masqué]');
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('token=');
    expect(await mailsTo('quentin@example.fr')).toHaveLength(0);
  });

  it('reminds the day before and the hour before, each once, not earlier', async () => {
    clock = startsAt - 25 * HOUR;
    await run();
    expect((await notificationsOf(ids.optIn)).filter((title) => title.startsWith('Demain'))).toHaveLength(0);
    clock = startsAt - 23 * HOUR;
    await run();
    clock = startsAt - 22 * HOUR;
    await run();
    for (const user of [ids.optIn, ids.quiet]) expect((await notificationsOf(user)).filter((title) => title.startsWith('Demain'))).toEqual(['Demain : Concert de printemps']);
    clock = startsAt - 50 * MIN;
    await run();
    await run();
    for (const user of [ids.optIn, ids.quiet]) expect((await notificationsOf(user)).filter((title) => title.startsWith('Dans moins'))).toEqual(['Dans moins d’une heure : Concert de printemps']);
    expect((await mailsTo('octave@example.fr')).map((m) => m.subject)).toEqual(['Nouveau chez Confort Moderne : Concert de printemps', 'Rappel : Demain : Concert de printemps', 'Rappel : Dans moins d’une heure : Concert de printemps'].map((s) => expect.stringContaining(s.split(' : ').pop()!)));
    expect(await mailsTo('quentin@example.fr')).toHaveLength(0);
    expect(pushed.filter((p) => p.room === `user:${ids.optIn}`)).toHaveLength(3);
  });

  it('the unsubscribe link works without signing in, for its own user and kind only', async () => {
    const token = await unsubscribeToken(t.app.ctx, ids.optIn, 'reminder');
    const done = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ kind: 'reminder', message: expect.stringContaining('rappels') });
    // Opened from the mail, in a browser: a French page.
    const page = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('vous ne recevrez plus les rappels de vos favoris par e-mail');
    // Another user's id with this signature, or another kind: refused, nothing changed.
    const [, kind, signature] = token.split('.');
    for (const forged of [`${ids.quiet}.${kind}.${signature}`, `${ids.optIn}.followedEvent.${signature}`, 'nimporte.quoi.ici']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}` })).statusCode).toBe(403);
    }
    const staff = await signIn(t.app, 'staff@demo.sortie.fr');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/notificationPreferences', headers: { cookie: staff } })).json()).toMatchObject({ reminder: { inApp: true, email: false } });
    const [row] = await t.db.query<{ p: Record<string, { email: boolean }> }>(`SELECT data->'notificationPreferences' AS p FROM users WHERE id = $1`, [ids.optIn]);
    expect(row!.p).toMatchObject({ reminder: { email: false }, followedEvent: { email: true } });
  });

  it('a visitor reads and changes their choices from /account', async () => {
    const visitor = await signIn(t.app, 'visiteur@demo.sortie.fr');
    const before = await t.app.inject({ method: 'GET', url: '/api/users/notificationPreferences', headers: { cookie: visitor } });
    expect(before.json()).toEqual({ reminder: { inApp: true, push: true, email: false }, followedEvent: { inApp: true, push: true, email: false }, raffleDraw: { inApp: true, push: true, email: false }, announcement: { inApp: true, push: true, email: false },
      blindTestSoon: { inApp: true, push: true, email: false }, matchReady: { inApp: true, push: true, email: false } });
    const changed = { reminder: { inApp: false, push: true, email: true }, followedEvent: { inApp: true, push: false, email: false }, raffleDraw: { inApp: true, push: true, email: true }, announcement: { inApp: true, push: false, email: true },
      blindTestSoon: { inApp: false, push: true, email: false }, matchReady: { inApp: true, push: true, email: true } };
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/notificationPreferences', headers: { cookie: visitor }, payload: changed });
    expect(put.json()).toEqual(changed);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/notificationPreferences' })).statusCode).toBe(401);
  });

  it('the mailbox lists the kept mails for admins', async () => {
    const admin = await signIn(t.app, 'admin@demo.sortie.fr');
    const box = (await t.app.inject({ method: 'GET', url: '/api/dashboard/mails?limit=5', headers: { cookie: admin } })).json();
    expect(box.total).toBeGreaterThanOrEqual(3);
    expect(box.items[0]).toMatchObject({ status: 'kept', to: 'octave@example.fr' });
  });
});

// Needs SORTIE_TEST_DATABASE_URL (CI): two servers on one PostgreSQL run a due job once.
describe.skipIf(!BACKENDS.includes('postgres'))('two servers on one PostgreSQL', () => {
  let count = 0;
  const unregisterOnce = registerJob('test:once', async () => {
    count += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { done: 1 };
  }, { schedule: '*/10 * * * *', label: 'Tâche unique' });
  afterAll(() => unregisterOnce());

  it('runs a scheduled job once', async () => {
    // The other suites' servers run this registered job too: count from here.
    count = 0;
    let clock = T0;
    const shared = await openTestDb('postgres');
    const url = (shared as PostgresDb).pool.options.connectionString!;
    const a = await testApp({ db: shared, now: () => clock });
    const b = await testApp({ db: await openDatabase({ databaseUrl: url }), now: () => clock });
    try {
      clock = T0 + 11 * MIN;
      await Promise.all([a.app.ctx.jobs.tick(), b.app.ctx.jobs.tick(), a.app.ctx.jobs.tick(), b.app.ctx.jobs.tick()]);
      expect(count).toBe(1);
      expect(await a.app.ctx.jobs.history('test:once')).toHaveLength(1);
      // Its next turn is 08:20; the lease is given back.
      expect(await shared.query(`SELECT locked_until FROM job_schedules WHERE job = 'test:once' AND next_run_at = $1`, [new Date(T0 + 20 * MIN).toISOString()])).toEqual([{ locked_until: null }]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
