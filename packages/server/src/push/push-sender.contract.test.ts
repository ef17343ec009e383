import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVAPIDKeys } from 'web-push';
import { DEMO_IDS } from '../demo/ids';
import { testApp } from '../testing/test-app';
import { startFakeFcmService, type FakeFcmService } from './fake-fcm-service';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { FcmSender } from './fcm-sender';
import type { PushMessage, PushSender, PushTarget } from './push-sender';
import { WebPushSender } from './web-push-sender';

/*
 * One contract for the PushSender port (issue 33), run against each adapter and a local service
 * shaped like its real one: Web Push against a push service that checks VAPID and decrypts
 * aes128gcm, FCM against FCM's HTTP v1 API (OAuth bearer from a service-account JWT). What the
 * fan-out relies on holds for both: the device reads the French title, text, link and the
 * notification's id; a device the service says is gone is `gone`; a busy service's Retry-After
 * comes back in ms; a failing one is `failed` with its status.
 */

type Kind = 'ok' | 'gone' | 'busy' | 'failing';
interface Subject {
  sender: PushSender;
  target(name: string): PushTarget;
  /** What the device named received, as it reads it. */
  received(name: string): Array<{ id: string; title: string; body: string; link: string | null }>;
  /** Whether every request to the service carried valid credentials (VAPID, OAuth bearer). */
  authenticated(name: string): boolean;
  plan(name: string, kind: Kind): void;
  close(): Promise<void>;
}

const ADAPTERS: Array<{ name: string; start: () => Promise<Subject> }> = [
  {
    name: 'Web Push (RFC 8030, 8291, 8292) against a local push service',
    async start() {
      const service: FakePushService = await startFakePushService();
      const vapid = generateVAPIDKeys();
      const sender = new WebPushSender({ vapid, subject: 'mailto:test@sortie.invalid', allowedPrivateOrigins: [service.origin] });
      return {
        sender,
        target(name) {
          const { subscription } = service.device(name);
          return { id: name, endpoint: subscription.endpoint, keys: subscription.keys };
        },
        received: (name) =>
          service.received
            .filter((r) => r.device === name)
            .map((r) => {
              const { id, title, body, link } = r.message as { id: string; title: string; body: string; link: string | null };
              return { id, title, body, link };
            }),
        authenticated: (name) => service.received.filter((r) => r.device === name).every((r) => r.vapid?.k === vapid.publicKey && r.vapid.aud === service.origin),
        plan(name, kind) {
          if (kind === 'gone') service.answer(name, { status: 410 });
          if (kind === 'busy') service.answer(name, { status: 429, headers: { 'retry-after': '2' } });
          if (kind === 'failing') service.answer(name, { status: 503 });
        },
        close: () => service.close(),
      };
    },
  },
  {
    name: 'Firebase Cloud Messaging (HTTP v1) against a local FCM',
    async start() {
      const service: FakeFcmService = await startFakeFcmService();
      const sender = new FcmSender({ fcm: service.config });
      return {
        sender,
        target: (name) => ({ id: `fcm:${name}`, endpoint: `jeton-${name}`, keys: { p256dh: '', auth: '' } }),
        received: (name) =>
          service.received
            .filter((r) => r.token === `jeton-${name}`)
            .map((r) => {
              const data = r.message.data as Record<string, string>;
              return { id: data.id!, title: data.title!, body: data.body!, link: data.link || null };
            }),
        authenticated: (name) => service.received.filter((r) => r.token === `jeton-${name}`).every((r) => r.status !== 401 && /^Bearer ya29\./.test(r.authorization ?? '')),
        plan(name, kind) {
          if (kind === 'gone') service.answer(`jeton-${name}`, { status: 404, errorCode: 'UNREGISTERED' });
          if (kind === 'busy') service.answer(`jeton-${name}`, { status: 429, errorCode: 'QUOTA_EXCEEDED', headers: { 'retry-after': '2' } });
          if (kind === 'failing') service.answer(`jeton-${name}`, { status: 503, errorCode: 'UNAVAILABLE' });
        },
        close: () => service.close(),
      };
    },
  },
];

const MESSAGE: PushMessage = { id: 'n-contrat', title: 'Demain : Concert de jazz', body: 'Concert de jazz commence demain à 20 h 30.', link: '/events/jazz', icon: null };

describe.each(ADAPTERS)('the PushSender contract: $name', ({ start }) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await start();
  });
  afterAll(() => subject.close());

  it('delivers the notification’s id, French title, text and link to the device, with the service’s credentials', async () => {
    expect(await subject.sender.send(subject.target('phone'), MESSAGE)).toEqual({ status: 'sent', statusCode: expect.any(Number) });
    expect(subject.received('phone')).toEqual([{ id: 'n-contrat', title: MESSAGE.title, body: MESSAGE.body, link: '/events/jazz' }]);
    expect(subject.authenticated('phone')).toBe(true);
  });

  it('a notification without a link arrives without one', async () => {
    await subject.sender.send(subject.target('sans-lien'), { ...MESSAGE, link: null });
    expect(subject.received('sans-lien')[0]!.link).toBeNull();
  });

  it('a device its service says is gone is `gone` (to be removed)', async () => {
    subject.plan('gone', 'gone');
    expect(await subject.sender.send(subject.target('gone'), MESSAGE)).toMatchObject({ status: 'gone' });
  });

  it('a busy service (429) is `failed` with its Retry-After in ms', async () => {
    subject.plan('busy', 'busy');
    expect(await subject.sender.send(subject.target('busy'), MESSAGE)).toMatchObject({ status: 'failed', statusCode: 429, retryAfterMs: 2000 });
  });

  it('a failing service (5xx) is `failed` with its status, no wait given', async () => {
    subject.plan('failing', 'failing');
    expect(await subject.sender.send(subject.target('failing'), MESSAGE)).toMatchObject({ status: 'failed', statusCode: 503, retryAfterMs: null });
  });
});

describe('FCM specifics', () => {
  let fcm: FakeFcmService;
  beforeAll(async () => {
    fcm = await startFakeFcmService();
  });
  afterAll(() => fcm.close());

  it('exchanges the service account’s JWT once for a bearer, reused until it nearly expires, and sends a data message FCM accepts', async () => {
    // The fake checks the JWT's dates against its own clock: the sender's starts now.
    let clock = Date.now();
    const sender = new FcmSender({ fcm: fcm.config, now: () => clock });
    const issued = fcm.tokensIssued;
    for (const name of ['a', 'b', 'c']) expect((await sender.send({ id: name, endpoint: `tok-${name}`, keys: { p256dh: '', auth: '' } }, MESSAGE)).status).toBe('sent');
    expect(fcm.tokensIssued - issued).toBe(1);
    // Past its hour (less the minute kept in hand): a new one.
    clock += 3599_000 - 59_000;
    await sender.send({ id: 'd', endpoint: 'tok-d', keys: { p256dh: '', auth: '' } }, MESSAGE);
    expect(fcm.tokensIssued - issued).toBe(2);
    expect(fcm.received.find((r) => r.token === 'tok-a')!.message).toEqual({
      token: 'tok-a',
      data: { id: 'n-contrat', title: MESSAGE.title, body: MESSAGE.body, link: '/events/jazz', icon: '' },
      webpush: { headers: { TTL: '86400', Urgency: 'normal', Topic: 'n-contrat' } },
    });
  });

  it('a service account FCM does not know gets no bearer: the send fails with the token endpoint’s answer', async () => {
    const other = await startFakeFcmService();
    try {
      const sender = new FcmSender({ fcm: { ...fcm.config, privateKey: other.config.privateKey } });
      expect(await sender.send({ id: 'x', endpoint: 'tok-x', keys: { p256dh: '', auth: '' } }, MESSAGE)).toMatchObject({ status: 'failed', statusCode: null, message: expect.stringContaining('jeton OAuth refusé (400') });
      expect(fcm.received.filter((r) => r.token === 'tok-x')).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('through the fan-out: a person’s FCM tokens and Web Push devices each receive the notification once; UNREGISTERED removes the token', async () => {
    const push = await startFakePushService();
    const t = await testApp({ config: { fcm: fcm.config, allowedPrivateOrigins: [push.origin] } });
    try {
      const visitor = DEMO_IDS.users.visitor;
      await t.app.ctx.users.addMessagingToken(visitor, 'tok-phone');
      await t.app.ctx.users.addMessagingToken(visitor, 'tok-uninstalled');
      fcm.answer('tok-uninstalled', { status: 404, errorCode: 'UNREGISTERED' });
      const browser = push.device('browser');
      await t.db.query(`INSERT INTO push_subscriptions (id, user_id, endpoint, key_p256dh, key_auth) VALUES ('sub-browser', $1, $2, $3, $4)`, [visitor, browser.subscription.endpoint, browser.subscription.keys.p256dh, browser.subscription.keys.auth]);

      const notification = await t.app.ctx.notify({ userId: visitor, title: 'Nouveau badge : Premier like', link: '/me/badges' });
      await t.app.fanOut.settled();

      expect(fcm.received.filter((r) => r.token.startsWith('tok-p') || r.token === 'tok-uninstalled').map((r) => [r.token, r.status, r.message.data?.title]).sort()).toEqual([
        ['tok-phone', 200, 'Nouveau badge : Premier like'],
        ['tok-uninstalled', 404, 'Nouveau badge : Premier like'],
      ]);
      expect(push.received.map((r) => (r.message as { title: string }).title)).toEqual(['Nouveau badge : Premier like']);
      const [user] = await t.db.query<{ tokens: string[] }>(`SELECT data->'messagingTokens' AS tokens FROM users WHERE id = $1`, [visitor]);
      expect(user!.tokens).toEqual(['tok-phone']);
      expect((await t.app.fanOut.records(notification._id)).filter((r) => r.channel === 'push').map((r) => [r.status, r.statusCode]).sort()).toEqual([['failed', 404], ['sent', 200], ['sent', 201]]);
    } finally {
      await t.close();
      await push.close();
    }
  });
});
