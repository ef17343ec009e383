import type { ServiceIdentifier } from 'inversify';
import type { FirebaseOptions } from './firebase-sdk';

/** What the Firebase adapters need from the runtime config (OPERATION_ROUTES.config). */
export interface FirebaseSettings {
  /** The Firebase web app's public options; null when Firebase is not configured. */
  firebase: FirebaseOptions | null;
  /** The public push key (VAPID) for getToken; null disables push. */
  pushPublicKey: string | null;
  /** The page's service worker container; undefined when the browser has none. */
  serviceWorker?: () => ServiceWorkerHost | undefined;
}
export const FirebaseSettings = Symbol.for('FirebaseSettings') as ServiceIdentifier<FirebaseSettings>;

/** The part of navigator.serviceWorker the push adapter uses. */
export interface ServiceWorkerHost {
  register(scriptUrl: string, options?: { scope?: string }): Promise<ServiceWorkerRegistration>;
}

/** navigator.serviceWorker when `'serviceWorker' in navigator`, else undefined. */
export function browserServiceWorker(): ServiceWorkerHost | undefined {
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  return nav && 'serviceWorker' in nav ? nav.serviceWorker : undefined;
}
