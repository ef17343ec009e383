import { inject, injectable, type ServiceIdentifier } from 'inversify';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
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
  /** Test seam: how socket.io-client's io() is obtained (default: a dynamic import). */
  loadIo?: () => Promise<typeof import('socket.io-client').io>;
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

type Io = typeof import('socket.io-client').io;

/** socket.io-client, imported on first use so that it stays out of the landing bundle. */
export const loadSocketIo = async (): Promise<Io> => (await import('socket.io-client')).io;

/**
 * The realtime socket over socket.io-client. The library is loaded and the socket created
 * on first use; emits and listeners given before that are applied once it exists.
 */
@injectable()
export class SocketIoTournamentAdapter implements TournamentSocketPort {
  #socket: Socket | undefined;
  #loading: Promise<Socket> | undefined;
  #connectionError: Error | null = null;
  readonly #pending: Array<(socket: Socket) => void> = [];

  constructor(
    @inject(SocketConfig) private readonly config: SocketConfig,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async emitWithAck(event: string, payload: string): Promise<unknown> {
    const socket = await this.connection();
    try {
      return await socket.emitWithAck(event, payload);
    } catch {
      // socket.io's own ackTimeout ran out; the core's shorter tournament wait usually answers first.
      throw new TournamentError('Le serveur n’a pas répondu à temps. Réessayez.', 'TOURNAMENT_TIMEOUT');
    }
  }

  emit(event: string, data: unknown): void {
    const payload = JSON.stringify(data);
    this.withSocket((socket) => socket.emit(event, payload));
  }

  on(event: string, listener: (...args: unknown[]) => void): Unsubscribe {
    let subscribed = true;
    this.withSocket((socket) => {
      if (subscribed) socket.on(event, listener);
    });
    return () => {
      subscribed = false;
      this.#socket?.off(event, listener);
    };
  }

  disconnect(): void {
    if (this.#socket) this.#socket.disconnect();
    else if (this.#loading) this.#pending.push((socket) => socket.disconnect());
  }

  connectionError(): Error | null {
    return this.#connectionError;
  }

  /** The connected (or connecting) socket, created on first use, reconnected after our disconnect(). */
  async connection(): Promise<Socket> {
    if (this.#socket) {
      if (!this.#socket.active) this.#connectAgain(this.#socket);
      return this.#socket;
    }
    this.#loading ??= (this.config.loadIo ?? loadSocketIo)().then(
      (io) => {
        const socket = this.create(io);
        this.#socket = socket;
        for (const action of this.#pending.splice(0)) action(socket);
        return socket;
      },
      (error: unknown) => {
        this.#loading = undefined;
        this.#connectionError = error instanceof Error ? error : new Error(String(error));
        this.logger.error('Socket : chargement impossible', error);
        throw error;
      },
    );
    return this.#loading;
  }

  private withSocket(action: (socket: Socket) => void): void {
    if (this.#socket) {
      if (!this.#socket.active) this.#connectAgain(this.#socket);
      action(this.#socket);
      return;
    }
    this.#pending.push(action);
    // A failed load is logged in connection(); the queued actions wait for the next try.
    this.connection().catch(() => undefined);
  }

  reconnect(): void {
    const socket = this.#socket;
    // Not made yet (or still loading): its first handshake will carry the credentials of then.
    if (!socket) return;
    socket.disconnect();
    this.#connectAgain(socket);
  }

  /** Connects again with fresh auth headers: the session may have changed since the first handshake. */
  #connectAgain(socket: Socket): void {
    this.refreshHeaders(socket);
    socket.connect();
  }

  private refreshHeaders(socket: Socket): void {
    socket.io.opts.extraHeaders = this.config.authHeaders?.() ?? {};
  }

  private create(io: Io): Socket {
    const options = socketOptions(this.config);
    const socket = this.config.url ? io(this.config.url, options) : io(options);
    socket.on('connect', () => (this.#connectionError = null));
    socket.on('connect_error', (error) => {
      this.#connectionError = error;
      this.logger.error('Socket : échec de connexion', error.message);
    });
    socket.on('disconnect', (reason) => {
      // Our own disconnect() is no incident; every other reason is worth a line.
      if (reason === 'io client disconnect') this.logger.debug('Socket : déconnecté', reason);
      else this.logger.warn('Socket : déconnecté', reason);
      // socket.io does not retry after the server closed the socket on purpose; we do.
      if (reason === 'io server disconnect') this.#connectAgain(socket);
    });
    socket.io.on('reconnect_attempt', (attempt) => {
      this.logger.info('Socket : tentative de reconnexion', attempt);
      this.refreshHeaders(socket);
    });
    socket.io.on('reconnect_failed', () => this.logger.error('Socket : reconnexion abandonnée'));
    return socket;
  }
}
