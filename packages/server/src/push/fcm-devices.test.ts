import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { startFakeFcmService, type FakeFcmService } from './fake-fcm-service';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { fcmDeviceId } from './messaging-devices';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const Device = z.object({ id: z.string(), device: z.string(), service: z.string(), createdAt: z.string(), lastSuccessAt: z.string().nullable(), current: z.boolean() });

describe('FCM device tokens as devices: listed, removable, tested from the diagnostics, and one channel per browser (issue 33)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let fcm: FakeFcmService;
  let push: FakePushService;

  beforeAll(async () => {
    fcm = await startFakeFcmService();
    push = await startFakePushService();
    // The real clock: the fake FCM checks the service account's JWT against its own.
    t = await testApp({ config: { fcm: fcm.config, allowedPrivateOrigins: [push.origin] } });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
    await fcm.close();
  });

  /** Signs in as the web app does with Firebase messaging: the browser's FCM token with the login. Answers the session's cookie. */
  async function signInWithToken(email: string, messagingToken: string, userAgent: string): Promise<string> {
    const signed = await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email, password: 'sortie-demo' } });
    const { idToken } = signed.json() as { idToken: string };
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', headers: { 'user-agent': userAgent }, payload: { idToken, messagingToken } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name.endsWith('sortie_session'))!;
    return `${cookie.name}=${cookie.value}`;
  }
  const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, userAgent = ANDROID_CHROME) =>
    t.app.inject({ method, url, headers: { cookie, 'user-agent': userAgent }, ...(payload ? { payload } : {}) });
  const devicesOf = async (cookie: string) => z.object({ items: z.array(Device) }).parse((await as(cookie, 'GET', '/api/me/pushSubscriptions')).json()).items;
  const fcmSent = (token: string) => fcm.received.filter((r) => r.token === token).length;

  it('lists the FCM token of the browser that signed in with it (its browser, FCM’s service, « cet appareil »), dated by its last success', async () => {
    const phone = await signInWithToken(DEMO_ACCOUNTS.visitor.email, 'tok-pixel', ANDROID_CHROME);
    const signedInAt = Date.now();
    const [listed, ...others] = await devicesOf(phone);
    expect(others).toEqual([]);
    expect(listed).toEqual({ id: fcmDeviceId('tok-pixel'), device: 'Chrome sur Android', service: 'fcm.googleapis.com', createdAt: expect.any(String), lastSuccessAt: null, current: true });
    expect(Math.abs(Date.parse(listed!.createdAt) - signedInAt)).toBeLessThan(60_000);
    await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Demain : Concert de jazz' });
    await t.app.fanOut.settled();
    expect(fcmSent('tok-pixel')).toBe(1);
    expect(Date.parse((await devicesOf(phone))[0]!.lastSuccessAt!)).toBeGreaterThanOrEqual(Date.parse(listed!.createdAt));
  });

  it('sends once to a browser both on FCM and on Web Push (its Web Push subscription), and still to the FCM token of another browser', async () => {
    const phone = await signInWithToken(DEMO_ACCOUNTS.visitor.email, 'tok-pixel', ANDROID_CHROME);
    await signInWithToken(DEMO_ACCOUNTS.visitor.email, 'tok-laptop', LINUX_FIREFOX);
    // The phone's browser also accepts Sortie's own prompt: a Web Push subscription in the same session.
    const browser = push.device('pixel');
    const subscribed = await as(phone, 'POST', '/api/me/pushSubscriptions', browser.subscription);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const before = { pixel: fcmSent('tok-pixel'), laptop: fcmSent('tok-laptop') };
    push.received.length = 0;

    const notification = await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Nouveau badge : Premier like' });
    await t.app.fanOut.settled();
    expect(push.received.map((r) => r.device)).toEqual(['pixel']);
    expect(fcmSent('tok-pixel') - before.pixel).toBe(0);
    expect(fcmSent('tok-laptop') - before.laptop).toBe(1);
    expect((await t.app.fanOut.records(notification._id)).filter((r) => r.channel === 'push').map((r) => r.deviceId).sort()).toEqual([fcmDeviceId('tok-laptop'), subscribed.json().id].sort());

    // Both ways are still listed on /account (each removable), the phone's marked « cet appareil ».
    const listed = await devicesOf(phone);
    expect(listed.map((d) => [d.service, d.device, d.current]).sort()).toEqual([
      [new URL(push.origin).host, 'Chrome sur Android', true],
      ['fcm.googleapis.com', 'Chrome sur Android', true],
      ['fcm.googleapis.com', 'Firefox sur Linux', false],
    ].sort());
  });

  it('removes an FCM device from /account: the token leaves the account and receives nothing more; another account cannot remove it', async () => {
    const phone = await signInWithToken(DEMO_ACCOUNTS.visitor.email, 'tok-pixel', ANDROID_CHROME);
    const staff = await signInWithToken(DEMO_ACCOUNTS.staff.email, 'tok-staff', LINUX_FIREFOX);
    const id = fcmDeviceId('tok-laptop');
    expect((await as(staff, 'DELETE', `/api/me/pushSubscriptions/${encodeURIComponent(id)}`)).statusCode).toBe(404);
    const removed = await as(phone, 'DELETE', `/api/me/pushSubscriptions/${encodeURIComponent(id)}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await devicesOf(phone)).map((d) => d.id)).not.toContain(id);
    const [user] = await t.db.query<{ tokens: string[] }>(`SELECT data->'messagingTokens' AS tokens FROM users WHERE id = $1`, [DEMO_IDS.users.visitor]);
    expect(user!.tokens).not.toContain('tok-laptop');
    const before = fcmSent('tok-laptop');
    await t.app.ctx.notify({ userId: DEMO_IDS.users.visitor, title: 'Encore une' });
    await t.app.fanOut.settled();
    expect(fcmSent('tok-laptop')).toBe(before);
    expect((await as(phone, 'DELETE', `/api/me/pushSubscriptions/${encodeURIComponent(id)}`)).statusCode).toBe(404);
  });

  it('the diagnostics’ test notification reaches the admin’s FCM devices and shows FCM’s answer', async () => {
    const admin = await signInWithToken(DEMO_ACCOUNTS.admin.email, 'tok-admin', ANDROID_CHROME);
    fcm.answer('tok-admin-old', { status: 404, errorCode: 'UNREGISTERED' });
    await signInWithToken(DEMO_ACCOUNTS.admin.email, 'tok-admin-old', LINUX_FIREFOX);
    const res = await as(admin, 'POST', '/api/dashboard/diagnostics/push');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as { outcome: string; message: string; devices: { device: string; service: string; status: string; statusCode: number | null }[] };
    expect(result.outcome).toBe('error');
    expect(result.devices.map(({ device, service, status, statusCode }) => ({ device, service, status, statusCode })).sort((a, b) => a.device.localeCompare(b.device))).toEqual([
      { device: 'Chrome sur Android', service: 'fcm.googleapis.com', status: 'sent', statusCode: 200 },
      { device: 'Firefox sur Linux', service: 'fcm.googleapis.com', status: 'failed', statusCode: 404 },
    ]);
    expect(result.message).toContain('Chrome sur Android (fcm.googleapis.com) : reçue par le service (200)');
    expect(fcm.received.find((r) => r.token === 'tok-admin')!.message.data).toMatchObject({ title: 'Test de notification', link: '/dashboard/test' });
  });
});
