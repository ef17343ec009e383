import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { openDatabase } from '../db/open-database';
import type { Db } from '../db/database';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { startFakePushService, type FakeDevice, type FakePushService } from './fake-push-service';
import { retryAfterMs } from './push-sender';
import { DELIVERY_ATTEMPTS, DELIVERY_BACKOFF_MS, DELIVERY_LEASE_MS } from '../jobs/fan-out';
import { deliver } from '../jobs/notifications';

const PASSWORD = 'un mot de passe solide';

describe('Web Push delivery: each notification reaches the person’s devices through their push service', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let push: FakePushService;
  let visitor: string;
  let vapidPublicKey: string;
  let clock = Date.parse('2026-06-01T10:00:00Z');
  /** The waits the fan-out armed for its next retry (never run: the tests move the clock and drain). */
  const timers: number[] = [];
  const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const subscribe = async (cookie: string, device: FakeDevice) => {
    const res = await as(cookie, 'POST', '/api/me/pushSubscriptions', device.subscription);
    expect(res.statusCode, res.body).toBe(201);
    return z.string().parse(res.json().id);
  };
  const devicesOf = async (cookie: string) => z.array(z.object({ id: z.string(), lastSuccessAt: z.string().nullable() }).loose()).parse((await as(cookie, 'GET', '/api/me/pushSubscriptions')).json().items);

  beforeAll(async () => {
    push = await startFakePushService();
    t = await testApp({ config: { allowedPrivateOrigins: [push.origin] }, now: () => clock, fanOut: { setTimer: (_run, ms) => (timers.push(ms), { clear() {} }) } });
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    vapidPublicKey = (await as(undefined, 'GET', '/api/config')).json().vapidPublicKey;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  beforeEach(async () => {
    push.received.length = 0;
    await t.db.query('DELETE FROM push_subscriptions');
    await t.db.query('DELETE FROM notification_deliveries');
  });

  it('POSTs one encrypted message per device, signed with the server’s VAPID key, that each device decrypts into the French title and its link', async () => {
    const phone = push.device('phone');
    const laptop = push.device('laptop');
    await subscribe(visitor, phone);
    await subscribe(visitor, laptop);

    const notification = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link: `/events/${DEMO_IDS.firstEvent}` });
    await t.app.fanOut.settled();

    expect(push.received.map((r) => r.device).sort()).toEqual(['laptop', 'phone']);
    for (const received of push.received) {
      expect(received.status).toBe(201);
      expect(received.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(received.headers.ttl)).toBeGreaterThan(0);
      // RFC 8292: a JWT for the push service's origin, signed by the key browsers subscribed with.
      expect(received.vapid).toMatchObject({ aud: push.origin, k: vapidPublicKey });
      expect(received.vapid!.exp * 1000).toBeGreaterThan(Date.now());
      expect(received.message).toEqual({ id: notification._id, title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link: `/events/${DEMO_IDS.firstEvent}`, icon: null });
    }
    // Each success is dated on the device.
    expect((await devicesOf(visitor)).map((d) => d.lastSuccessAt)).toEqual([new Date(clock).toISOString(), new Date(clock).toISOString()]);
  });

  it('sends to the notification’s person only', async () => {
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    await subscribe(staff, push.device('staff-phone'));
    await subscribe(visitor, push.device('visitor-phone'));
    await t.app.ctx.notify({ userId: DEMO_IDS.users.staff, title: 'Pour l’équipe' });
    await t.app.fanOut.settled();
    expect(push.received.map((r) => r.device)).toEqual(['staff-phone']);
  });

  it('does not hold up what created the notification while a push service is slow', async () => {
    await subscribe(visitor, push.device('slow'));
    push.hold();
    try {
      const created = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Pas d’attente' });
      expect(created._id).toEqual(expect.any(String));
      // Stored and answered while the push service still has not replied.
      await expect.poll(() => push.received.length).toBe(1);
      expect((await devicesOf(visitor))[0]!.lastSuccessAt).toBeNull();
    } finally {
      push.release();
    }
    await t.app.fanOut.settled();
    expect((await devicesOf(visitor))[0]!.lastSuccessAt).not.toBeNull();
  });

  it('removes a device its push service says is gone (410, 404) and keeps one refused otherwise (not tried again)', async () => {
    const gone = push.device('gone');
    const unknown = push.device('unknown');
    const busy = push.device('busy');
    await subscribe(visitor, gone);
    await subscribe(visitor, unknown);
    const busyId = await subscribe(visitor, busy);
    push.answer('gone', { status: 410 });
    push.answer('unknown', { status: 404 });
    push.answer('busy', { status: 413 });

    const asked = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Qui est encore là ?' });
    await t.app.fanOut.settled();
    // Each delivery keeps what its service answered.
    expect((await t.app.fanOut.records(asked._id)).filter((r) => r.channel === 'push').map((r) => [r.status, r.statusCode, r.answer?.includes('abonnement retiré') ?? false]).sort()).toEqual([
      ['failed', 404, true], ['failed', 410, true], ['failed', 413, false],
    ]);

    expect(push.received.map((r) => [r.device, r.status]).sort()).toEqual([['busy', 413], ['gone', 410], ['unknown', 404]]);
    expect((await devicesOf(visitor)).map((d) => d.id)).toEqual([busyId]);
    // The next notification goes to the device left only.
    push.received.length = 0;
    push.answer('busy', { status: 201 });
    await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Encore une' });
    await t.app.fanOut.settled();
    expect(push.received.map((r) => r.device)).toEqual(['busy']);
  });

  it('tries again a busy (429) push service after its Retry-After (2 s, on the clock), and delivers once', async () => {
    const phone = await subscribe(visitor, push.device('busy-then-ok'));
    push.answer('busy-then-ok', { status: 429, headers: { 'retry-after': '2' } }, { status: 201 });
    const start = clock;
    timers.length = 0;
    const notification = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Encore un essai' });
    await t.app.fanOut.settled();
    const posts = () => push.received.filter((r) => r.device === 'busy-then-ok').map((r) => r.status);
    expect(posts()).toEqual([429]);
    // Queued again, due 2 s later as the service asked, with its answer kept; this process wakes then.
    expect(await t.app.fanOut.records(notification._id)).toEqual([
      expect.objectContaining({ channel: 'app', status: 'sent' }),
      expect.objectContaining({ channel: 'push', deviceId: phone, status: 'queued', statusCode: 429, attempts: 1, nextAttemptAt: new Date(start + 2000).toISOString() }),
    ]);
    expect(timers.at(-1)).toBe(2000);
    // 1.999 s later: not yet.
    clock = start + 1999;
    await t.app.fanOut.drain();
    expect(posts()).toEqual([429]);
    clock = start + 2000;
    await t.app.fanOut.drain();
    await t.app.fanOut.drain();
    expect(posts()).toEqual([429, 201]);
    expect((await t.app.fanOut.records(notification._id)).find((r) => r.channel === 'push')).toMatchObject({ status: 'sent', statusCode: 201, attempts: 2 });
    clock = start;
  });

  it('tries a failing (5xx) push service with a growing backoff, then records it failed with its answer, keeping the device', async () => {
    const phone = await subscribe(visitor, push.device('failing'));
    push.answer('failing', { status: 502 });
    const start = clock;
    const notification = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Toujours en panne' });
    await t.app.fanOut.settled();
    for (const wait of DELIVERY_BACKOFF_MS) {
      clock += wait;
      await t.app.fanOut.drain();
    }
    clock += 3600_000;
    await t.app.fanOut.drain();
    expect(push.received.filter((r) => r.device === 'failing').map((r) => r.status)).toEqual(Array(DELIVERY_ATTEMPTS).fill(502));
    expect((await t.app.fanOut.records(notification._id)).find((r) => r.channel === 'push')).toMatchObject({ deviceId: phone, status: 'failed', statusCode: 502, attempts: DELIVERY_ATTEMPTS, answer: expect.stringContaining('502') });
    // Still a device: a failure is no proof it is gone.
    expect(await devicesOf(visitor)).toHaveLength(1);
    clock = start;
  });

  it('follows the person’s preferences: « Sur ce téléphone » off for a kind sends that kind to no phone', async () => {
    await subscribe(visitor, push.device('phone'));
    const saved = await as(visitor, 'PUT', '/api/users/notificationPreferences', { reminder: { inApp: true, push: false, email: false }, announcement: { inApp: false, push: true, email: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await deliver(t.app.ctx, { userId: DEMO_IDS.users.visitor, kind: 'reminder', key: `test-reminder:${clock}`, title: 'Demain : Jazz', body: '', link: '/events/x' });
      await deliver(t.app.ctx, { userId: DEMO_IDS.users.visitor, kind: 'announcement', key: `test-announcement:${clock}`, title: 'Annonce du lieu', body: '', link: '/places/x' });
      await t.app.fanOut.settled();
      // The announcement on the phone only (not in the app), the reminder in the app only.
      expect(push.received.map((r) => (r.message as { title: string }).title)).toEqual(['Annonce du lieu']);
      expect((push.received[0]!.message as { id: string }).id).toBe(`test-announcement:${clock}`);
    } finally {
      await as(visitor, 'PUT', '/api/users/notificationPreferences', {});
    }
  });

  it('a server stopped in the middle of a fan-out: the next one delivers each remaining device once', async () => {
    const a = await testApp({ config: { allowedPrivateOrigins: [push.origin] }, now: () => clock, fanOut: { batch: 2, concurrency: 2, setTimer: () => ({ clear() {} }) } });
    const b = { app: null as null | Awaited<ReturnType<typeof testApp>>['app'] };
    try {
      const cookie = await signIn(a.app, DEMO_ACCOUNTS.visitor.email);
      const names = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
      for (const name of names) {
        const res = await a.app.inject({ method: 'POST', url: '/api/me/pushSubscriptions', headers: { cookie }, payload: push.device(name).subscription });
        expect(res.statusCode).toBe(201);
      }
      push.hold();
      const notification = await a.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Arrêt en plein envoi' });
      // The first batch (2 devices) is at the push service when the server is asked to stop
      // (waited for, not timed: a loaded CI machine took longer than the poll's default second).
      await expect.poll(() => push.received.length, { timeout: 10_000 }).toBe(2);
      const stopping = a.app.close();
      push.release();
      await stopping;
      expect(push.received).toHaveLength(2);
      // Another process claimed one and died with it (its claim holds a lease).
      const [dead] = await a.db.query<{ id: string }>(`UPDATE notification_deliveries SET claim = 'mort', locked_until = $2, attempts = 1 WHERE id = (SELECT id FROM notification_deliveries WHERE notification_id = $1 AND status = 'queued' ORDER BY id LIMIT 1) RETURNING id`, [notification._id, new Date(clock + DELIVERY_LEASE_MS).toISOString()]);
      expect(dead).toBeDefined();

      // The server starts again on the same database: what was left leaves, once.
      b.app = (await testApp({ db: a.db, config: { allowedPrivateOrigins: [push.origin] }, now: () => clock, fanOut: { setTimer: () => ({ clear() {} }) } })).app;
      await b.app.fanOut.settled();
      await b.app.fanOut.drain();
      expect(push.received).toHaveLength(5);
      // The dead process's claim expires: its row goes too.
      const start = clock;
      clock = start + DELIVERY_LEASE_MS + 1;
      await b.app.fanOut.drain();
      clock = start;
      const counts = new Map<string, number>();
      for (const r of push.received) counts.set(r.device, (counts.get(r.device) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(names.map((name) => [name, 1])));
      expect((await b.app.fanOut.records(notification._id)).filter((r) => r.channel === 'push').map((r) => r.status)).toEqual(Array(6).fill('sent'));
    } finally {
      push.release();
      await b.app?.close();
      await a.db.close();
    }
  });

  it('two server processes draining the same queue never both send to a device', async () => {
    const other = await testApp({ db: t.db, config: { allowedPrivateOrigins: [push.origin] }, now: () => clock, fanOut: { batch: 3, concurrency: 2, setTimer: () => ({ clear() {} }) } });
    try {
      const names = Array.from({ length: 12 }, (_, i) => `n${i}`);
      for (const name of names) await subscribe(visitor, push.device(name));
      push.hold();
      const notification = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Deux serveurs' });
      const both = Promise.all([t.app.fanOut.drain(), other.app.fanOut.drain(), t.app.fanOut.drain()]);
      await expect.poll(() => push.received.length).toBeGreaterThan(0);
      push.release();
      await both;
      await Promise.all([t.app.fanOut.settled(), other.app.fanOut.settled()]);
      expect(push.received.map((r) => r.device).sort()).toEqual([...names].sort());
      expect((await t.app.fanOut.records(notification._id)).filter((r) => r.status === 'sent')).toHaveLength(13);
    } finally {
      push.release();
      await other.app.close();
    }
  });

  it('the diagnostics’ « Envoyer une notification de test » pushes to the admin’s own devices and shows each service’s answer', async () => {
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    await subscribe(admin, push.device('admin-phone'));
    await subscribe(admin, push.device('admin-old-laptop'));
    await subscribe(visitor, push.device('visitor-phone'));
    push.answer('admin-old-laptop', { status: 410 });

    const res = await as(admin, 'POST', '/api/dashboard/diagnostics/push');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.outcome).toBe('error');
    expect([...result.devices].sort((a: { statusCode: number }, b: { statusCode: number }) => a.statusCode - b.statusCode)).toEqual([
      { device: expect.any(String), service: new URL(push.origin).host, status: 'sent', statusCode: 201, answer: null },
      { device: expect.any(String), service: new URL(push.origin).host, status: 'failed', statusCode: 410, answer: 'Appareil disparu (410) : abonnement retiré.' },
    ]);
    expect(result.message).toContain('reçue par le service (201)');
    expect(result.message).toContain('refusée (410)');
    // A real push, decrypted by the admin's phone; nothing to the visitor.
    expect(push.received.map((r) => r.device).sort()).toEqual(['admin-old-laptop', 'admin-phone']);
    expect(push.received.find((r) => r.device === 'admin-phone')!.message).toMatchObject({ title: 'Test de notification', link: '/dashboard/test' });
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs('2', 0)).toBe(2000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:05 GMT', 1000)).toBe(4000);
    expect(retryAfterMs(undefined, 0)).toBeNull();
    expect(retryAfterMs('demain', 0)).toBeNull();
  });

  it('exports the person’s devices without their keys, and deletes them with the account', async () => {
    const email = 'pousseline.push@exemple.fr';
    const signUp = await as(undefined, 'POST', '/api/identity/signUp', { email, password: PASSWORD, displayName: 'Pousseline Push' });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const login = await as(undefined, 'POST', '/api/auth/login/web', { idToken: signUp.json().idToken });
    const session = login.cookies.find((c) => c.name.endsWith('sortie_session'))!;
    const cookie = `${session.name}=${session.value}`;
    const device = push.device('pousseline');
    const id = await subscribe(cookie, device);

    const exported = await as(cookie, 'GET', '/api/me/export');
    expect(exported.statusCode).toBe(200);
    const rows = exported.json().records.pushSubscriptions;
    expect(rows).toEqual([expect.objectContaining({ id, endpoint: device.subscription.endpoint })]);
    expect(exported.body).not.toContain(device.subscription.keys.p256dh);
    expect(exported.body).not.toContain(device.subscription.keys.auth);

    const deleted = await as(cookie, 'DELETE', '/api/me', { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.db.query('SELECT id FROM push_subscriptions WHERE id = $1', [id])).toEqual([]);
  });
});

/** On PostgreSQL (CI's SORTIE_TEST_DATABASE_URL), two processes' pools claim at the same time: FOR UPDATE SKIP LOCKED for real. */
describe.each(BACKENDS.filter((backend) => backend === 'postgres'))('the fan-out on %s: two nodes draining at once', (backend) => {
  it('each device of a notification receives it once, whichever node sends it', async () => {
    const push = await startFakePushService();
    const a = await testApp({ backend, config: { allowedPrivateOrigins: [push.origin] }, fanOut: { batch: 5, concurrency: 4 } });
    const b = await testApp({ db: await openDatabase({ databaseUrl: await databaseUrlOf(a.db) }), config: { allowedPrivateOrigins: [push.origin] }, fanOut: { batch: 5, concurrency: 4 } });
    try {
      const names = Array.from({ length: 40 }, (_, i) => `pg${i}`);
      for (const [i, name] of names.entries()) {
        const device = push.device(name).subscription;
        await a.db.query('INSERT INTO push_subscriptions (id, user_id, endpoint, key_p256dh, key_auth) VALUES ($1, $2, $3, $4, $5)', [`pg-device-${i}`, DEMO_IDS.users.visitor, device.endpoint, device.keys.p256dh, device.keys.auth]);
      }
      push.hold();
      const notification = await a.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Deux nœuds, un envoi' });
      const drains = Promise.all([a.app.fanOut.drain(), b.app.fanOut.drain(), b.app.fanOut.drain(), a.app.fanOut.drain()]);
      await expect.poll(() => push.received.length).toBeGreaterThan(4);
      push.release();
      await drains;
      await Promise.all([a.app.fanOut.settled(), b.app.fanOut.settled()]);
      expect(push.received.map((r) => r.device).sort()).toEqual([...names].sort());
      expect((await a.app.fanOut.records(notification._id)).filter((r) => r.channel === 'push' && r.status === 'sent')).toHaveLength(40);
    } finally {
      push.release();
      await b.close();
      await a.close();
      await push.close();
    }
  });
});

/** The connection string of a test's PostgreSQL database (its pool's). */
async function databaseUrlOf(db: Db): Promise<string> {
  const [row] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.SORTIE_TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}
