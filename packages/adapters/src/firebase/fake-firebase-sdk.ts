import type { FirebaseAuthSdk, FirebaseMessagePayload, FirebaseMessagingSdk } from './firebase-sdk';

/** A FirebaseError-like value, as the SDK rejects with. */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });
}

/**
 * A fake of firebase/app + firebase/auth: each call is recorded in order, and
 * `failNext(fn, error)` makes the next call of `fn` reject. No network.
 */
export function fakeFirebaseAuthSdk() {
  const calls: string[] = [];
  const failures = new Map<string, unknown>();
  const auth = { languageCode: null as string | null };
  const apps: object[] = [];
  const user = { uid: 'u1', displayName: null as string | null };
  const maybeFail = (name: string) => {
    const error = failures.get(name);
    if (error !== undefined) {
      failures.delete(name);
      throw error;
    }
  };
  class Provider {
    readonly scopes: string[] = [];
    parameters: Record<string, string> = {};
    constructor(readonly providerId: string) {}
    addScope(scope: string) {
      this.scopes.push(scope);
      return this;
    }
    setCustomParameters(parameters: Record<string, string>) {
      this.parameters = parameters;
      return this;
    }
  }
  const sdk = {
    initializeApp: (options: object) => {
      calls.push('initializeApp');
      const app = { options };
      apps.push(app);
      return app;
    },
    getApps: () => apps,
    getApp: () => apps[0],
    getAuth: () => auth,
    GoogleAuthProvider: class extends Provider {
      constructor() {
        super('google.com');
      }
    },
    OAuthProvider: Provider,
    signInWithPopup: async (_auth: unknown, provider: Provider) => {
      calls.push(`signInWithPopup:${provider.providerId}`);
      maybeFail('signInWithPopup');
      lastProvider = provider;
      return { user };
    },
    signInWithEmailAndPassword: async (_auth: unknown, email: string, password: string) => {
      calls.push(`signInWithEmailAndPassword:${email}:${password}`);
      maybeFail('signInWithEmailAndPassword');
      return { user };
    },
    createUserWithEmailAndPassword: async (_auth: unknown, email: string) => {
      calls.push(`createUserWithEmailAndPassword:${email}`);
      maybeFail('createUserWithEmailAndPassword');
      return { user };
    },
    updateProfile: async (target: typeof user, profile: { displayName?: string | null }) => {
      calls.push(`updateProfile:${profile.displayName}`);
      target.displayName = profile.displayName ?? null;
    },
    getIdToken: async (target: typeof user, forceRefresh?: boolean) => {
      calls.push(forceRefresh ? 'getIdToken:refresh' : 'getIdToken');
      return `id-token-of-${target.uid}${target.displayName ? `-${target.displayName}` : ''}`;
    },
    setPersistence: async (_auth: unknown, persistence: { type: string }) => {
      calls.push(`setPersistence:${persistence.type}`);
      maybeFail('setPersistence');
    },
    signOut: async () => {
      calls.push('signOut');
    },
    browserLocalPersistence: { type: 'LOCAL' },
    browserSessionPersistence: { type: 'SESSION' },
    inMemoryPersistence: { type: 'NONE' },
  };
  let lastProvider: Provider | undefined;
  return {
    sdk: sdk as unknown as FirebaseAuthSdk,
    calls,
    auth,
    get lastProvider() {
      return lastProvider;
    },
    failNext(name: string, error: unknown) {
      failures.set(name, error);
    },
  };
}

/** A fake of firebase/app + firebase/messaging. */
export function fakeFirebaseMessagingSdk(options: { supported?: boolean; token?: string; tokenError?: unknown } = {}) {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  let next: ((payload: FirebaseMessagePayload) => void) | undefined;
  const apps: object[] = [];
  const sdk = {
    initializeApp: (appOptions: object) => {
      const app = { options: appOptions };
      apps.push(app);
      return app;
    },
    getApps: () => apps,
    getApp: () => apps[0],
    isSupported: async () => options.supported ?? true,
    getMessaging: () => ({ messaging: true }),
    getToken: async (...args: unknown[]) => {
      calls.push({ name: 'getToken', args });
      if (options.tokenError) throw options.tokenError;
      return options.token ?? 'fcm-token';
    },
    onMessage: (_messaging: unknown, listener: (payload: FirebaseMessagePayload) => void) => {
      calls.push({ name: 'onMessage', args: [] });
      next = listener;
      return () => {
        next = undefined;
      };
    },
  };
  return {
    sdk: sdk as unknown as FirebaseMessagingSdk,
    calls,
    /** Delivers a foreground message, as FCM would. */
    deliver(payload: FirebaseMessagePayload) {
      next?.(payload);
    },
    get listening() {
      return next !== undefined;
    },
  };
}
