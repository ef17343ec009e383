import type { ServiceIdentifier } from 'inversify';
import type * as FirebaseApp from 'firebase/app';
import type * as FirebaseAuth from 'firebase/auth';
import type * as FirebaseMessaging from 'firebase/messaging';

/**
 * The Firebase SDK functions the adapters call, as an object so that tests pass fakes and
 * the real SDK is loaded only on first use (dynamic import: it stays out of the landing
 * bundle). The types are Firebase's own, imported as types only.
 */
export type FirebaseOptions = FirebaseApp.FirebaseOptions;
export type FirebaseAppSdk = Pick<typeof FirebaseApp, 'initializeApp' | 'getApps' | 'getApp'>;
export type FirebaseAuthSdk = FirebaseAppSdk &
  Pick<
    typeof FirebaseAuth,
    | 'getAuth'
    | 'GoogleAuthProvider'
    | 'OAuthProvider'
    | 'signInWithPopup'
    | 'signInWithEmailAndPassword'
    | 'createUserWithEmailAndPassword'
    | 'updateProfile'
    | 'getIdToken'
    | 'setPersistence'
    | 'signOut'
    | 'browserLocalPersistence'
    | 'browserSessionPersistence'
    | 'inMemoryPersistence'
  >;
export type FirebaseAuthHandle = FirebaseAuth.Auth;
export type FirebaseUserHandle = FirebaseAuth.User;
export type FirebaseMessagingSdk = FirebaseAppSdk & Pick<typeof FirebaseMessaging, 'isSupported' | 'getMessaging' | 'getToken' | 'onMessage'>;
export type FirebaseMessagingHandle = FirebaseMessaging.Messaging;
export type FirebaseMessagePayload = FirebaseMessaging.MessagePayload;
export type FirebaseAppHandle = FirebaseApp.FirebaseApp;

export type SdkLoader<T> = () => Promise<T>;
export const FirebaseAuthSdkLoader = Symbol.for('FirebaseAuthSdkLoader') as ServiceIdentifier<SdkLoader<FirebaseAuthSdk>>;
export const FirebaseMessagingSdkLoader = Symbol.for('FirebaseMessagingSdkLoader') as ServiceIdentifier<SdkLoader<FirebaseMessagingSdk>>;

/** The real firebase/app + firebase/auth, imported on first use. */
export const loadFirebaseAuthSdk: SdkLoader<FirebaseAuthSdk> = async () => {
  const [app, auth] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  return {
    initializeApp: app.initializeApp,
    getApps: app.getApps,
    getApp: app.getApp,
    getAuth: auth.getAuth,
    GoogleAuthProvider: auth.GoogleAuthProvider,
    OAuthProvider: auth.OAuthProvider,
    signInWithPopup: auth.signInWithPopup,
    signInWithEmailAndPassword: auth.signInWithEmailAndPassword,
    createUserWithEmailAndPassword: auth.createUserWithEmailAndPassword,
    updateProfile: auth.updateProfile,
    getIdToken: auth.getIdToken,
    setPersistence: auth.setPersistence,
    signOut: auth.signOut,
    browserLocalPersistence: auth.browserLocalPersistence,
    browserSessionPersistence: auth.browserSessionPersistence,
    inMemoryPersistence: auth.inMemoryPersistence,
  } satisfies FirebaseAuthSdk;
};

/** The real firebase/app + firebase/messaging, imported on first use. */
export const loadFirebaseMessagingSdk: SdkLoader<FirebaseMessagingSdk> = async () => {
  const [app, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
  return {
    initializeApp: app.initializeApp,
    getApps: app.getApps,
    getApp: app.getApp,
    isSupported: messaging.isSupported,
    getMessaging: messaging.getMessaging,
    getToken: messaging.getToken,
    onMessage: messaging.onMessage,
  } satisfies FirebaseMessagingSdk;
};

/** One Firebase app per page, shared by auth and messaging. */
export function firebaseApp(sdk: FirebaseAppSdk, options: FirebaseOptions): FirebaseAppHandle {
  return sdk.getApps().length > 0 ? sdk.getApp() : sdk.initializeApp(options);
}
