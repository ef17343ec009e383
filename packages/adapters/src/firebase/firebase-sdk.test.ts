import { describe, expect, it } from 'vitest';
import { FakeLogger } from '@sortie/core/testing';
import { FirebasePushAdapter } from './firebase-push.adapter';
import { loadFirebaseAuthSdk, loadFirebaseMessagingSdk } from './firebase-sdk';

// The real SDK, loaded the way the browser loads it; nothing here reaches the network.
describe('the real Firebase SDK loaders', () => {
  it('hand over every auth function the adapter calls', async () => {
    const sdk = await loadFirebaseAuthSdk();
    for (const name of ['initializeApp', 'getApps', 'getApp', 'getAuth', 'signInWithPopup', 'signInWithEmailAndPassword', 'createUserWithEmailAndPassword', 'updateProfile', 'getIdToken', 'setPersistence', 'signOut'] as const) {
      expect(typeof sdk[name], name).toBe('function');
    }
    expect(new sdk.OAuthProvider('apple.com').providerId).toBe('apple.com');
    expect(sdk.browserLocalPersistence).toBeDefined();
  });

  it('report no messaging support outside a browser: a warning and a null token', async () => {
    const logger = new FakeLogger();
    const push = new FirebasePushAdapter(
      { firebase: { apiKey: 'k', projectId: 'p', appId: '1:2:web:3', messagingSenderId: '2' }, pushPublicKey: 'vapid', serviceWorker: () => ({ register: async () => ({}) as ServiceWorkerRegistration }) },
      loadFirebaseMessagingSdk,
      logger,
    );
    await expect(push.getToken()).resolves.toBeNull();
    expect(logger.messages('warn')).toEqual(['Notifications push indisponibles : ce navigateur ne prend pas en charge la messagerie.']);
  });
});
