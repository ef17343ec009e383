import { inject, injectable } from 'inversify';
import { LoggerPort, SOCKET_EVENTS, TournamentSocketPort, type PushMessage, type PushPort, type Unsubscribe } from '@sortie/core';

/** The token sent with login: the server pushes to the user's open sockets, not to a device. */
export const SOCKET_PUSH_TOKEN = 'socket';

/** PushPort over our own socket, for the embedded default: no third-party push service. */
@injectable()
export class SocketPushAdapter implements PushPort {
  constructor(
    @inject(TournamentSocketPort) private readonly socket: TournamentSocketPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  async getToken(): Promise<string | null> {
    return SOCKET_PUSH_TOKEN;
  }

  onMessage(listener: (message: PushMessage) => void): Unsubscribe {
    return this.socket.on(SOCKET_EVENTS.push, (payload: unknown) => {
      const message = parsePush(payload);
      if (message) listener(message);
      else this.logger.warn('Notifications push : message sans identifiant ignoré.', payload);
    });
  }
}

/** A push as the server sends it: {data: {id}}, as an object or a JSON string. */
function parsePush(payload: unknown): PushMessage | null {
  let value = payload;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const data = typeof value === 'object' && value !== null ? (value as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null) return null;
  const id = (data as { id?: unknown }).id;
  if (typeof id !== 'string' || id === '') return null;
  const notification = (value as { notification?: PushMessage['notification'] }).notification;
  return { data: { ...(data as Record<string, unknown>), id }, ...(notification ? { notification } : {}) };
}
