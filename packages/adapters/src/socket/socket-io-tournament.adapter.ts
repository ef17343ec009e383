import { inject, injectable, type ServiceIdentifier } from 'inversify';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  LoggerPort,
  SOCKET_ACK_TIMEOUT_MS,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  TournamentError,
  type TournamentSocketPort,
  type Unsubscribe,
} from '@sortie/core';

export interface SocketConfig {
  /** The server's origin; '' or undefined means the page's own origin. */
  url?: string;
  /** socket.io's path on the server (default /socket.io). */
  path?: string;
  /** The auth helper: extra headers sent with the handshake (SPEC.md §6). */
  authHeaders?: () => Record<string, string>;
}
export const SocketConfig = Symbol.for('SocketConfig') as ServiceIdentifier<SocketConfig>;

/** The connection options of SPEC.md §4 and §9: websocket first, then polling; reconnection on. */
export function socketOptions(config: SocketConfig): Partial<ManagerOptions & SocketOptions> {
  const headers = () => config.authHeaders?.() ?? {};
  return {
    path: config.path ?? '/socket.io',
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    timeout: SOCKET_TIMEOUT_MS,
    ackTimeout: SOCKET_ACK_TIMEOUT_MS,
    withCredentials: true,
    // Browsers cannot set headers on a WebSocket, so the same values also travel in `auth`,
    // which socket.io sends in its handshake packet on every transport.
    extraHeaders: headers(),
    auth: (callback: (data: object) => void) => callback(headers()),
  };
}

/** The realtime socket over socket.io-client. The socket is created on first use. */
@injectable()
export class SocketIoTournamentAdapter implements TournamentSocketPort {
  #socket: Socket | undefined;

  constructor(
    @inject(SocketConfig) private readonly config: SocketConfig,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async emitWithAck(event: string, payload: string): Promise<unknown> {
    try {
      return await this.socket().emitWithAck(event, payload);
    } catch {
      // socket.io's own ackTimeout ran out; the core's shorter tournament wait usually answers first.
      throw new TournamentError('Le serveur n’a pas répondu à temps. Réessayez.', 'TOURNAMENT_TIMEOUT');
    }
  }

  emit(event: string, data: unknown): void {
    this.socket().emit(event, JSON.stringify(data));
  }

  on(event: string, listener: (...args: unknown[]) => void): Unsubscribe {
    const socket = this.socket();
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }

  disconnect(): void {
    this.#socket?.disconnect();
  }

  /** The socket, created on first use and reconnected after a disconnect() of ours. */
  private socket(): Socket {
    if (!this.#socket) this.#socket = this.create();
    else if (!this.#socket.active) this.reconnect(this.#socket);
    return this.#socket;
  }

  /** Connects again with fresh auth headers: the session may have changed since the first handshake. */
  private reconnect(socket: Socket): void {
    this.refreshHeaders(socket);
    socket.connect();
  }

  private refreshHeaders(socket: Socket): void {
    socket.io.opts.extraHeaders = this.config.authHeaders?.() ?? {};
  }

  private create(): Socket {
    const options = socketOptions(this.config);
    const socket = this.config.url ? io(this.config.url, options) : io(options);
    socket.on('connect_error', (error) => this.logger.error('Socket : échec de connexion', error.message));
    socket.on('disconnect', (reason) => {
      this.logger.warn('Socket : déconnecté', reason);
      // socket.io does not retry after the server closed the socket on purpose; we do.
      if (reason === 'io server disconnect') this.reconnect(socket);
    });
    socket.io.on('reconnect_attempt', (attempt) => {
      this.logger.info('Socket : tentative de reconnexion', attempt);
      this.refreshHeaders(socket);
    });
    socket.io.on('reconnect_failed', () => this.logger.error('Socket : reconnexion abandonnée'));
    return socket;
  }
}
