import type { TournamentSocketPort } from '../ports/tournament-socket.port';
import type { Unsubscribe } from '../ports/push.port';

export interface EmittedMessage {
  event: string;
  payload: unknown;
  /** True for emitWithAck, false for a fire-and-forget emit. */
  ack: boolean;
}

type Reply = { kind: 'reply'; value: unknown } | { kind: 'never' } | { kind: 'error'; error: unknown };

/**
 * The realtime socket. By default every acknowledgement is `{status: 'ok'}`; `replyWith`,
 * `neverReply` and `failWith` change what the server answers. `serverEmit` plays an event
 * pushed by the server.
 */
export class FakeTournamentSocket implements TournamentSocketPort {
  readonly emitted: EmittedMessage[] = [];
  connected = true;
  #reply: Reply = { kind: 'reply', value: { status: 'ok' } };
  readonly #once: Reply[] = [];
  #connectionError: Error | null = null;
  readonly #listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  /** Every later acknowledgement is `reply` (an object or a JSON string). */
  replyWith(reply: unknown): this {
    this.#reply = { kind: 'reply', value: reply };
    return this;
  }

  /** Only the next acknowledgement is `reply`. */
  replyOnceWith(reply: unknown): this {
    this.#once.push({ kind: 'reply', value: reply });
    return this;
  }

  /** The server never acknowledges. */
  neverReply(): this {
    this.#reply = { kind: 'never' };
    return this;
  }

  /** The socket could not connect (`connectionError()` tells why); `null` when it connects again. */
  failToConnect(error: Error | null): this {
    this.#connectionError = error;
    return this;
  }

  connectionError(): Error | null {
    return this.#connectionError;
  }

  /** emitWithAck rejects (the transport failed). */
  failWith(error: unknown): this {
    this.#reply = { kind: 'error', error };
    return this;
  }

  /** The server pushes `event` to this client. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(...args);
  }

  /** Payloads sent with `event`, JSON strings parsed. */
  sent(event: string): unknown[] {
    return this.emitted.filter((m) => m.event === event).map((m) => (typeof m.payload === 'string' ? JSON.parse(m.payload) : m.payload));
  }

  listenerCount(event: string): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  emitWithAck(event: string, payload: string): Promise<unknown> {
    this.emitted.push({ event, payload, ack: true });
    const reply = this.#once.shift() ?? this.#reply;
    if (reply.kind === 'never') return new Promise(() => {});
    if (reply.kind === 'error') return Promise.reject(reply.error);
    return Promise.resolve(reply.value);
  }

  emit(event: string, data: unknown): void {
    this.emitted.push({ event, payload: JSON.stringify(data), ack: false });
  }

  on(event: string, listener: (...args: unknown[]) => void): Unsubscribe {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  disconnect(): void {
    this.connected = false;
  }

  /** How many new handshakes were asked for (`reconnect`). */
  reconnections = 0;

  reconnect(): void {
    this.reconnections += 1;
    this.connected = false;
    this.serverEmit('disconnect', 'io client disconnect');
    this.connected = true;
    this.serverEmit('connect');
  }
}
