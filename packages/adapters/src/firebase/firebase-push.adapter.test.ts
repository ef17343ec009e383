import { describe, expect, it } from 'vitest';
import type { PushMessage } from '@sortie/core';
import { FakeLogger } from '@sortie/core/testing';
import { FirebasePushAdapter } from './firebase-push.adapter';
import { fakeFirebaseMessagingSdk } from './fake-firebase-sdk';
import type { FirebaseSettings } from './firebase-config';

const OPTIONS = { apiKey: 'k', projectId: 'sortie', appId: 'app', messagingSenderId: '42' };
const REGISTRATION = { scope: 'https://sortie.test/' } as ServiceWorkerRegistration;

function setup(settings: Partial<FirebaseSettings> = {}, sdkOptions: Parameters<typeof fakeFirebaseMessagingSdk>[0] = {}) {
  const fake = fakeFirebaseMessagingSdk(sdkOptions);
  const registered: string[] = [];
  const logger = new FakeLogger();
  const adapter = new FirebasePushAdapter(
    {
      firebase: OPTIONS,
      pushPublicKey: 'public-vapid-key',
      serviceWorker: () => ({
        register: async (url: string) => {
          registered.push(url);
          return REGISTRATION;
        },
      }),
      ...settings,
    },
    async () => fake.sdk,
    logger,
  );
  return { fake, adapter, logger, registered };
}

describe('FirebasePushAdapter', () => {
  it('registers /firebase-messaging-sw.js from the site root and asks a token with the public key', async () => {
    const { fake, adapter, registered } = setup();
    await expect(adapter.getToken()).resolves.toBe('fcm-token');
    expect(registered).toEqual(['/firebase-messaging-sw.js']);
    expect(fake.calls[0]?.args[1]).toEqual({ vapidKey: 'public-vapid-key', serviceWorkerRegistration: REGISTRATION });
  });

  it('logs a failure and gives a null token, so sign-in goes on', async () => {
    const failure = Object.assign(new Error('permission denied'), { code: 'messaging/permission-blocked' });
    const { adapter, logger } = setup({}, { tokenError: failure });
    await expect(adapter.getToken()).resolves.toBeNull();
    expect(logger.entries.error).toHaveLength(1);
    expect(logger.entries.error[0]?.context).toEqual([failure]);
  });

  it('logs a failed service worker registration and gives null', async () => {
    const { adapter, logger } = setup({ serviceWorker: () => ({ register: () => Promise.reject(new Error('404')) }) });
    await expect(adapter.getToken()).resolves.toBeNull();
    expect(logger.messages('error')).toEqual(['Notifications push : l’enregistrement a échoué.']);
  });

  it('warns and gives null without service worker support', async () => {
    const { adapter, logger, fake } = setup({ serviceWorker: () => undefined });
    await expect(adapter.getToken()).resolves.toBeNull();
    expect(logger.messages('warn')[0]).toMatch(/service workers/);
    expect(fake.calls).toEqual([]);
  });

  it('warns and gives null when messaging is not supported or not configured', async () => {
    const unsupported = setup({}, { supported: false });
    await expect(unsupported.adapter.getToken()).resolves.toBeNull();
    expect(unsupported.logger.messages('warn')[0]).toMatch(/messagerie/);
    expect(unsupported.registered).toEqual([]);

    const unconfigured = setup({ pushPublicKey: null });
    await expect(unconfigured.adapter.getToken()).resolves.toBeNull();
    expect(unconfigured.logger.messages('warn')[0]).toMatch(/pas initialisée/);
  });

  it('hands foreground messages with a data id to listeners until they unsubscribe', async () => {
    const { fake, adapter, logger } = setup();
    const received: PushMessage[] = [];
    const unsubscribe = adapter.onMessage((message) => received.push(message));
    await adapter.getToken(); // lets the lazily loaded SDK attach
    fake.deliver({ data: { id: '0123456789abcdef01234567' }, notification: { title: 'Nouveau' } } as never);
    fake.deliver({ data: {} } as never);
    expect(received).toEqual([{ data: { id: '0123456789abcdef01234567' }, notification: { title: 'Nouveau' } }]);
    expect(logger.messages('warn')).toEqual(['Notifications push : message sans identifiant ignoré.']);
    unsubscribe();
    expect(fake.listening).toBe(false);
  });
});
