import { inject, injectable } from 'inversify';
import { LoggerPort, type PushMessage, type PushPort, type Unsubscribe } from '@sortie/core';
import { browserServiceWorker, FirebaseSettings } from './firebase-config';
import { FirebaseMessagingSdkLoader, firebaseApp, type FirebaseMessagePayload, type FirebaseMessagingHandle, type FirebaseMessagingSdk, type SdkLoader } from './firebase-sdk';

/** The service worker script, served from the site root so that its scope is the whole site. */
export const MESSAGING_SERVICE_WORKER = '/firebase-messaging-sw.js';

/** PushPort over firebase/messaging. Every failure is logged and gives a null token (SPEC.md §7, §8). */
@injectable()
export class FirebasePushAdapter implements PushPort {
  readonly #listeners = new Set<(message: PushMessage) => void>();
  #messaging: Promise<{ sdk: FirebaseMessagingSdk; messaging: FirebaseMessagingHandle } | null> | undefined;
  #detach: (() => void) | undefined;

  constructor(
    @inject(FirebaseSettings) private readonly settings: FirebaseSettings,
    @inject(FirebaseMessagingSdkLoader) private readonly loadSdk: SdkLoader<FirebaseMessagingSdk>,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async getToken(): Promise<string | null> {
    const vapidKey = this.settings.pushPublicKey;
    if (!this.settings.firebase || !vapidKey) {
      this.logger.warn('Notifications push indisponibles : la messagerie n’est pas initialisée.');
      return null;
    }
    const serviceWorker = (this.settings.serviceWorker ?? browserServiceWorker)();
    if (!serviceWorker) {
      this.logger.warn('Notifications push indisponibles : ce navigateur ne prend pas en charge les service workers.');
      return null;
    }
    try {
      const ready = await this.messaging();
      if (!ready) return null;
      const registration = await serviceWorker.register(MESSAGING_SERVICE_WORKER);
      const token = await ready.sdk.getToken(ready.messaging, { vapidKey, serviceWorkerRegistration: registration });
      return token || null;
    } catch (error) {
      // Sign-in goes on with a null token: push is a bonus, not a condition.
      this.logger.error('Notifications push : l’enregistrement a échoué.', error);
      return null;
    }
  }

  onMessage(listener: (message: PushMessage) => void): Unsubscribe {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.attach();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) {
        this.#detach?.();
        this.#detach = undefined;
      }
    };
  }

  private attach(): void {
    void this.messaging()
      .then((ready) => {
        if (!ready || this.#listeners.size === 0 || this.#detach) return;
        this.#detach = ready.sdk.onMessage(ready.messaging, (payload) => this.deliver(payload));
      })
      .catch((error: unknown) => this.logger.error('Notifications push : écoute impossible.', error));
  }

  private deliver(payload: FirebaseMessagePayload): void {
    const id = payload.data?.id;
    if (!id) {
      this.logger.warn('Notifications push : message sans identifiant ignoré.', payload);
      return;
    }
    const message: PushMessage = { data: { ...payload.data, id }, ...(payload.notification ? { notification: payload.notification } : {}) };
    for (const listener of [...this.#listeners]) listener(message);
  }

  /** The SDK and a messaging instance, or null (logged) when this browser has no messaging. */
  private messaging(): Promise<{ sdk: FirebaseMessagingSdk; messaging: FirebaseMessagingHandle } | null> {
    const options = this.settings.firebase;
    if (!options) return Promise.resolve(null);
    this.#messaging ??= this.loadSdk().then(async (sdk) => {
      if (!(await sdk.isSupported())) {
        this.logger.warn('Notifications push indisponibles : ce navigateur ne prend pas en charge la messagerie.');
        return null;
      }
      return { sdk, messaging: sdk.getMessaging(firebaseApp(sdk, options)) };
    });
    this.#messaging.catch(() => (this.#messaging = undefined));
    return this.#messaging;
  }
}
