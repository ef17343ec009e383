import type { ServiceIdentifier } from 'inversify';

/** A push message: SPEC.md §3 says it carries a data object with an id. */
export interface PushMessage {
  data: { id: string } & Record<string, unknown>;
  notification?: { title?: string; body?: string };
}
export type Unsubscribe = () => void;

export const PushPort = Symbol.for('PushPort') as ServiceIdentifier<PushPort>;
/** Push messaging: Firebase Cloud Messaging, or our socket in the embedded default. */
export interface PushPort {
  /** Registers for push and resolves the push token; null when push is unsupported. May reject. */
  getToken(): Promise<string | null>;
  /** Calls the listener for each message received while the app is open. */
  onMessage(listener: (message: PushMessage) => void): Unsubscribe;
}
