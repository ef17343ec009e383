import { inject, injectable } from 'inversify';
import { subscribe } from 'valtio/vanilla';
import type { Unsubscribe } from '../ports/push.port';
import { TournamentSocketPort } from '../ports/tournament-socket.port';
import { SessionService } from './session.use-case';

/**
 * The server reads who a socket is at its handshake (the session cookie it carries). After
 * every sign-in and sign-out the socket makes a new handshake, so that a push reaches the
 * visitor who just signed in and stops reaching one who signed out, and the live games see the
 * new player, whichever server process the socket lands on. The first known session needs
 * none: the socket opened with it.
 */
@injectable()
export class SocketIdentity {
  constructor(
    @inject(SessionService) private readonly session: SessionService,
    @inject(TournamentSocketPort) private readonly socket: TournamentSocketPort,
  ) {}

  /** Watches the session until the returned function is called. */
  start(): Unsubscribe {
    const { state } = this.session;
    const userOf = () => (state.status === 'unknown' ? undefined : (state.user?._id ?? null));
    let handshake = userOf();
    return subscribe(
      state,
      () => {
        const user = userOf();
        if (user === undefined || user === handshake) return;
        const first = handshake === undefined;
        handshake = user;
        if (!first) this.socket.reconnect();
      },
      true,
    );
  }
}
