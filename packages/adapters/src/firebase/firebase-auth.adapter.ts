import { inject, injectable } from 'inversify';
import type { AuthPersistence, AuthPort, Credentials, SignUp } from '@sortie/core';
import { authFailure } from '../auth-errors';
import { FirebaseSettings } from './firebase-config';
import { fromFirebaseError } from './firebase-errors';
import { FirebaseAuthSdkLoader, firebaseApp, type FirebaseAuthHandle, type FirebaseAuthSdk, type FirebaseUserHandle, type SdkLoader } from './firebase-sdk';

/** AuthPort over firebase/auth: Google popup, Apple (OAuthProvider 'apple.com'), e-mail and password. */
@injectable()
export class FirebaseAuthAdapter implements AuthPort {
  #ready: Promise<{ sdk: FirebaseAuthSdk; auth: FirebaseAuthHandle }> | undefined;

  constructor(
    @inject(FirebaseSettings) private readonly settings: FirebaseSettings,
    @inject(FirebaseAuthSdkLoader) private readonly loadSdk: SdkLoader<FirebaseAuthSdk>,
  ) {}

  setPersistence(mode: AuthPersistence): Promise<void> {
    return this.run(async ({ sdk, auth }) => {
      const persistence = { local: sdk.browserLocalPersistence, session: sdk.browserSessionPersistence, none: sdk.inMemoryPersistence }[mode];
      await sdk.setPersistence(auth, persistence);
    });
  }

  signInWithGoogle(): Promise<string> {
    return this.run(async ({ sdk, auth }) => {
      const provider = new sdk.GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      return this.idToken(sdk, (await sdk.signInWithPopup(auth, provider)).user);
    });
  }

  signInWithApple(): Promise<string> {
    return this.run(async ({ sdk, auth }) => {
      const provider = new sdk.OAuthProvider('apple.com');
      provider.addScope('email');
      provider.addScope('name');
      provider.setCustomParameters({ locale: 'fr_FR' });
      return this.idToken(sdk, (await sdk.signInWithPopup(auth, provider)).user);
    });
  }

  signInWithPassword({ email, password }: Credentials): Promise<string> {
    return this.run(async ({ sdk, auth }) => this.idToken(sdk, (await sdk.signInWithEmailAndPassword(auth, email, password)).user));
  }

  createAccount({ email, password, displayName }: SignUp): Promise<string> {
    return this.run(async ({ sdk, auth }) => {
      const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
      if (displayName) {
        await sdk.updateProfile(user, { displayName });
        // The token minted at creation has no name yet; a fresh one carries it to our server.
        return sdk.getIdToken(user, true);
      }
      return this.idToken(sdk, user);
    });
  }

  signOut(): Promise<void> {
    return this.run(({ sdk, auth }) => sdk.signOut(auth));
  }

  private idToken(sdk: FirebaseAuthSdk, user: FirebaseUserHandle): Promise<string> {
    return sdk.getIdToken(user);
  }

  /** Runs a call with the SDK loaded and the app initialised, translating Firebase's errors. */
  private async run<T>(call: (ready: { sdk: FirebaseAuthSdk; auth: FirebaseAuthHandle }) => Promise<T>): Promise<T> {
    try {
      return await call(await this.ready());
    } catch (error) {
      throw fromFirebaseError(error);
    }
  }

  private ready(): Promise<{ sdk: FirebaseAuthSdk; auth: FirebaseAuthHandle }> {
    const options = this.settings.firebase;
    if (!options) return Promise.reject(authFailure('NOT_CONFIGURED'));
    this.#ready ??= this.loadSdk().then((sdk) => {
      const auth = sdk.getAuth(firebaseApp(sdk, options));
      auth.languageCode = 'fr';
      return { sdk, auth };
    });
    // A failed load (offline on first use) may be retried by the next call.
    this.#ready.catch(() => (this.#ready = undefined));
    return this.#ready;
  }
}
