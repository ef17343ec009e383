import { ContainerModule } from 'inversify';
import { AuthPort, PushPort } from '@sortie/core';
import { FirebaseSettings } from './firebase-config';
import { FirebaseAuthAdapter } from './firebase-auth.adapter';
import { FirebasePushAdapter } from './firebase-push.adapter';
import {
  FirebaseAuthSdkLoader,
  FirebaseMessagingSdkLoader,
  loadFirebaseAuthSdk,
  loadFirebaseMessagingSdk,
  type FirebaseAuthSdk,
  type FirebaseMessagingSdk,
  type SdkLoader,
} from './firebase-sdk';

export type FirebaseModuleConfig = FirebaseSettings & {
  /** Test seams: fake SDKs instead of the real, lazily imported ones. */
  authSdk?: SdkLoader<FirebaseAuthSdk>;
  messagingSdk?: SdkLoader<FirebaseMessagingSdk>;
};

/** Identity and push over Firebase (needs a LoggerPort). The SDK loads on first use. */
export function firebaseModule(config: FirebaseModuleConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const { authSdk, messagingSdk, ...settings } = config;
    bind(FirebaseSettings).toConstantValue(settings);
    bind(FirebaseAuthSdkLoader).toConstantValue(authSdk ?? loadFirebaseAuthSdk);
    bind(FirebaseMessagingSdkLoader).toConstantValue(messagingSdk ?? loadFirebaseMessagingSdk);
    bind(AuthPort).to(FirebaseAuthAdapter).inSingletonScope();
    bind(PushPort).to(FirebasePushAdapter).inSingletonScope();
  });
}
