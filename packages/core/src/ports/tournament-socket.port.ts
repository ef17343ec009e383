import type { ServiceIdentifier } from 'inversify';
import type { Unsubscribe } from './push.port';

export const TournamentSocketPort = Symbol.for('TournamentSocketPort') as ServiceIdentifier<TournamentSocketPort>;
/** The realtime socket (socket.io): connection options of SPEC.md §9 live in the adapter. */
export interface TournamentSocketPort {
  /** Emits a JSON string and resolves the server's acknowledgement, as received. */
  emitWithAck(event: string, payload: string): Promise<unknown>;
  /** Emits data as a JSON string, without waiting. */
  emit(event: string, data: unknown): void;
  /** Listens to an event by name. */
  on(event: string, listener: (...args: unknown[]) => void): Unsubscribe;
  /** Why the last connection attempt failed; null before any attempt and once connected. */
  connectionError(): Error | null;
  /** Closes the connection; a later call reconnects. */
  disconnect(): void;
  /**
   * A new handshake now, with the credentials of this moment (the session changed): the
   * connection, if one was made, closes (`disconnect`) and opens again (`connect`), its
   * listeners kept. Before any connection, nothing: the first one carries them.
   */
  reconnect(): void;
}
