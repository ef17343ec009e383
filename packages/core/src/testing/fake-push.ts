import type { PushMessage, PushPort, Unsubscribe } from '../ports/push.port';
import { ScriptedFake } from './scripted';

/** Push messaging: `deliver(message)` plays a message arriving while the app is open. */
export class FakePush extends ScriptedFake<'getToken'> implements PushPort {
  token: string | null = 'push-token';
  readonly #listeners = new Set<(message: PushMessage) => void>();

  /** getToken resolves this token (null: push unsupported). */
  willGiveToken(token: string | null): this {
    this.token = token;
    return this;
  }

  getToken(): Promise<string | null> {
    return this.run('getToken', [], () => this.token);
  }

  onMessage(listener: (message: PushMessage) => void): Unsubscribe {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A push message arrives: every listener receives it. One without a data id is dropped, as both adapters drop it. */
  deliver(message: PushMessage | { data: { id: string } }): void {
    const id: unknown = (message as { data?: { id?: unknown } }).data?.id;
    if (typeof id !== 'string' || id === '') return;
    for (const listener of [...this.#listeners]) listener(message as PushMessage);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
