import { afterEach, describe, expect, it } from 'vitest';
import { ContainerModule } from 'inversify';
import { createContainer, LoggerPort, SignIn, useCasesModule } from '@sortie/core';
import { FakeLogger } from '@sortie/core/testing';
import { startTestServer, type TestServer } from '../test-support/http-server';
import { httpModule } from '../http/http.module';
import { firebaseModule } from './firebase.module';
import { fakeFirebaseAuthSdk, fakeFirebaseMessagingSdk } from './fake-firebase-sdk';

// The core's SignIn over the real Firebase and HTTP adapters (fake SDK, local API server):
// what reaches Firebase and our API, in order, when a user signs in with Google.
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ME = { _id: '0123456789abcdef01234567', displayName: 'Léa', email: 'lea@example.fr', roles: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

async function setup(messaging: ReturnType<typeof fakeFirebaseMessagingSdk>) {
  server = await startTestServer((req) => (req.url === '/api/auth/me' ? { body: ME } : { body: { user: ME } }));
  const auth = fakeFirebaseAuthSdk();
  const logger = new FakeLogger();
  const container = createContainer(
    new ContainerModule(({ bind }) => {
      bind(LoggerPort).toConstantValue(logger);
    }),
    httpModule({ apiBaseUrl: server.url }),
    firebaseModule({
      firebase: { apiKey: 'k', authDomain: 'sortie.firebaseapp.com', projectId: 'sortie', appId: 'app' },
      pushPublicKey: 'vapid',
      serviceWorker: () => ({ register: async () => ({}) as ServiceWorkerRegistration }),
      authSdk: async () => auth.sdk,
      messagingSdk: async () => messaging.sdk,
    }),
    useCasesModule,
  );
  return { signIn: container.get(SignIn), auth, logger, requests: server.requests };
}

describe('Google sign-in through the Firebase adapters', () => {
  it('sets the persistence before the popup, then logs in with the push token', async () => {
    const { signIn, auth, requests } = await setup(fakeFirebaseMessagingSdk({ token: 'fcm-token' }));
    await signIn.google();
    expect(auth.calls).toEqual(['initializeApp', 'setPersistence:LOCAL', 'signInWithPopup:google.com', 'getIdToken']);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/login/web', 'GET /api/auth/me']);
    expect(requests[0]?.body).toEqual({ idToken: 'id-token-of-u1', messagingToken: 'fcm-token' });
  });

  it('goes on with a null push token when push fails, the failure logged', async () => {
    const { signIn, logger, requests } = await setup(fakeFirebaseMessagingSdk({ tokenError: new Error('messaging/permission-blocked') }));
    await signIn.google();
    expect(requests[0]?.body).toEqual({ idToken: 'id-token-of-u1', messagingToken: null });
    expect(logger.messages('error')).toEqual(['Notifications push : l’enregistrement a échoué.']);
  });
});
