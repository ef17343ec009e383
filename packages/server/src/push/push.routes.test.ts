import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { signIn, testApp, testConfig } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { startFakePushService, type FakePushService } from './fake-push-service';

describe('/api/me/pushSubscriptions: the devices that receive a person’s notifications', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let push: FakePushService;
  let visitor: string;
  let staff: string;
  const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    push = await startFakePushService();
    t = await testApp({ config: { allowedPrivateOrigins: [push.origin] } });
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('publishes the server’s VAPID public key in /api/config, the same for every server process on the database', async () => {
    const key = (await as(undefined, 'GET', '/api/config')).json().vapidPublicKey;
    // An uncompressed P-256 point, base64url: what PushManager.subscribe() takes as applicationServerKey.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const second = await buildApp({ db: t.db, config: testConfig() });
    try {
      expect((await second.inject({ method: 'GET', url: '/api/config' })).json().vapidPublicKey).toBe(key);
    } finally {
      await second.close();
    }
  });

  it('takes VAPID keys from the environment when they are set', async () => {
    const env = { publicKey: 'BEnvPublicKeyFromTheEnvironment', privateKey: 'private' };
    const app = await buildApp({ db: t.db, config: testConfig({ vapid: env }) });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/config' })).json().vapidPublicKey).toBe(env.publicKey);
    } finally {
      await app.close();
    }
  });

  it('asks for a session (401 without one)', async () => {
    const device = push.device('anonymous');
    expect((await as(undefined, 'GET', '/api/me/pushSubscriptions')).statusCode).toBe(401);
    expect((await as(undefined, 'POST', '/api/me/pushSubscriptions', device.subscription)).statusCode).toBe(401);
    expect((await as(undefined, 'DELETE', '/api/me/pushSubscriptions/abc')).statusCode).toBe(401);
  });

  it('refuses what is not a browser’s subscription, in French', async () => {
    const device = push.device('malformed');
    const noKeys = await as(visitor, 'POST', '/api/me/pushSubscriptions', { endpoint: device.subscription.endpoint });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().message).toContain('keys.p256dh et keys.auth');
    const badKey = await as(visitor, 'POST', '/api/me/pushSubscriptions', { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'court' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toContain('Clé p256dh invalide');
    const notUrl = await as(visitor, 'POST', '/api/me/pushSubscriptions', { ...device.subscription, endpoint: 'javascript:alert(1)' });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toContain('une adresse https est attendue');
    // Plain http, or a private address, only for the origins the operator allowed.
    const plain = await as(visitor, 'POST', '/api/me/pushSubscriptions', { ...device.subscription, endpoint: 'http://push.example.com/x' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toContain('doit être en https');
    const local = await as(visitor, 'POST', '/api/me/pushSubscriptions', { ...device.subscription, endpoint: 'https://127.0.0.1:9/x' });
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toContain('adresse privée ou locale');
    expect((await as(visitor, 'GET', '/api/me/pushSubscriptions')).json().items).toEqual([]);
  });

  it('keeps a browser’s subscription, lists it without its keys, and lets only its owner remove it', async () => {
    const device = push.device('valentine-phone');
    const userAgent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const added = await as(visitor, 'POST', '/api/me/pushSubscriptions', device.subscription, { 'user-agent': userAgent });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ device: 'Chrome sur Android', service: new URL(push.origin).host, lastSuccessAt: null, current: true });

    // The same browser again (its keys renewed): the same device, not a second one.
    const again = await as(visitor, 'POST', '/api/me/pushSubscriptions', device.subscription, { 'user-agent': userAgent });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(added.json().id);

    const list = await as(visitor, 'GET', '/api/me/pushSubscriptions');
    expect(list.json().items).toEqual([added.json()]);
    expect(list.body).not.toContain(device.subscription.keys.p256dh);
    expect(list.body).not.toContain(device.subscription.keys.auth);
    expect(list.body).not.toContain(device.subscription.endpoint);

    // Someone else's device is not found by its id.
    const theirs = await as(staff, 'DELETE', `/api/me/pushSubscriptions/${added.json().id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Appareil introuvable (déjà retiré ?).');
    expect((await as(staff, 'GET', '/api/me/pushSubscriptions')).json().items).toEqual([]);
    expect((await as(visitor, 'GET', '/api/me/pushSubscriptions')).json().items).toHaveLength(1);

    expect((await as(visitor, 'DELETE', `/api/me/pushSubscriptions/${added.json().id}`)).statusCode).toBe(204);
    expect((await as(visitor, 'GET', '/api/me/pushSubscriptions')).json().items).toEqual([]);
    expect((await as(visitor, 'DELETE', `/api/me/pushSubscriptions/${added.json().id}`)).statusCode).toBe(404);
  });

  it('forgets the device when its browser signs out, and keeps the others', async () => {
    const laptop = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const phone = push.device('phone-signing-out');
    const desktop = push.device('desktop-staying');
    expect((await as(laptop, 'POST', '/api/me/pushSubscriptions', phone.subscription)).statusCode).toBe(201);
    expect((await as(visitor, 'POST', '/api/me/pushSubscriptions', desktop.subscription)).statusCode).toBe(201);
    expect((await as(visitor, 'GET', '/api/me/pushSubscriptions')).json().items.map((d: { current: boolean }) => d.current).sort()).toEqual([false, true]);

    expect((await as(laptop, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    const left = (await as(visitor, 'GET', '/api/me/pushSubscriptions')).json().items;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});
