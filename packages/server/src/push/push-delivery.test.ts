import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { startFakePushService, type FakeDevice, type FakePushService } from './fake-push-service';
import { retryAfterMs } from './push-sender';
import { PushService } from './push.service';
import { WebPushSender } from './web-push-sender';

const PASSWORD = 'un mot de passe solide';

describe('Web Push delivery: each notification reaches the person’s devices through their push service', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let push: FakePushService;
  let visitor: string;
  let vapidPublicKey: string;
  const clock = Date.parse('2026-06-01T10:00:00Z');
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
    t = await testApp({ config: { allowedPrivateOrigins: [push.origin] }, now: () => clock });
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
  });

  it('POSTs one encrypted message per device, signed with the server’s VAPID key, that each device decrypts into the French title and its link', async () => {
    const phone = push.device('phone');
    const laptop = push.device('laptop');
    await subscribe(visitor, phone);
    await subscribe(visitor, laptop);

    const notification = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link: `/events/${DEMO_IDS.firstEvent}` });
    await t.app.push.settled();

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
    await t.app.push.settled();
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
    await t.app.push.settled();
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

    await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Qui est encore là ?' });
    await t.app.push.settled();

    expect(push.received.map((r) => [r.device, r.status]).sort()).toEqual([['busy', 413], ['gone', 410], ['unknown', 404]]);
    expect((await devicesOf(visitor)).map((d) => d.id)).toEqual([busyId]);
    // The next notification goes to the device left only.
    push.received.length = 0;
    push.answer('busy', { status: 201 });
    await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Encore une' });
    await t.app.push.settled();
    expect(push.received.map((r) => r.device)).toEqual(['busy']);
  });

  it('tries again a busy (429) or failing (5xx) push service, after its Retry-After or a backoff, and delivers once', async () => {
    const waits: number[] = [];
    const logs: string[] = [];
    const service = new PushService(
      t.db,
      new WebPushSender({ vapid: t.app.ctx.config.vapid!, subject: 'mailto:test@sortie.invalid', allowedPrivateOrigins: [push.origin] }),
      { now: () => clock, allowedPrivateOrigins: [push.origin], log: (message) => logs.push(message), sleep: async (ms) => void waits.push(ms) },
    );
    await subscribe(visitor, push.device('busy-then-ok'));
    await subscribe(visitor, push.device('failing'));
    push.answer('busy-then-ok', { status: 429, headers: { 'retry-after': '2' } }, { status: 201 });
    push.answer('failing', { status: 502 });

    const report = await service.deliver(DEMO_IDS.users.visitor, { id: 'n1', title: 'Encore un essai', body: '', link: null, icon: null });

    expect(report.sent).toBe(1);
    expect(report.failed).toEqual([expect.objectContaining({ statusCode: 502 })]);
    const posts = (device: string) => push.received.filter((r) => r.device === device).map((r) => r.status);
    expect(posts('busy-then-ok')).toEqual([429, 201]);
    expect(posts('failing')).toEqual([502, 502, 502]);
    // 2 s as the service asked; the backoff for the one that said nothing.
    expect(waits.sort((a, b) => a - b)).toEqual([1000, 2000, 5000]);
    // Still a device: a failure is no proof it is gone.
    expect(await devicesOf(visitor)).toHaveLength(2);
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
