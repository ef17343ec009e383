import type { Socket } from 'socket.io';
import type { UserJson } from '../auth/users';
import { failedActionReply } from '../socket/socket-errors';

/** What a live call is answered with when it failed for the server's sake (a bug), not by a rule. */
export const LIVE_INTERNAL_ERROR = 'Erreur interne du serveur : réessayez.';

/** One socket's call of a live game, as its protocol answers it. */
export interface LiveRequest<Call> {
  call: Call;
  socket: Socket;
  /** The server's time of arrival: what an answer is scored by, before any wait. */
  at: number;
  /** Who the socket is (its session, read once per socket; it joins its user's rooms): asked only by the calls that need it. */
  user(): Promise<UserJson | null>;
}

/** A live game's protocol on the socket: its event, its requests (core's schemas), and how a call is answered. */
export interface LiveProtocol<Call> {
  event: string;
  /** The payload as a call, or the kind's French refusal. */
  parse(payload: unknown): Call;
  /** The acknowledgement's `{status: 'ok', …}`; rejects with a refusal for `{status: 'error', msg}`. */
  answer(request: LiveRequest<Call>): Promise<unknown>;
  isRefusal(error: unknown): error is Error;
}

/** What the handler asks of the server: its clock, who a socket is, and where failures are logged. */
export interface LiveServer {
  now(): number;
  /** The socket's user, its session read once per socket (socket/handshake-user.ts's identifySocket); rejects while the database cannot tell. */
  user(socket: Socket): Promise<UserJson | null>;
  log(message: string, error: unknown): void;
}

/**
 * The one handler of live calls (SPEC.md §7), tournaments' and blind tests' alike: a JSON string
 * on the event, acknowledged with the protocol's answer; a refusal of the rules as
 * `{status: 'error', msg}` in French; a database out of reach as the temporary refusal every
 * client retries (socket-errors.ts), not logged here (the database's side logs it once); any
 * other failure as LIVE_INTERNAL_ERROR, logged. Rejoining after a reconnection is the client's
 * `get` again (web's useLiveConnection): every protocol's `get` follows the game's rooms.
 */
export function answerLiveCalls<Call>(socket: Socket, protocol: LiveProtocol<Call>, server: LiveServer): void {
  const user = () => server.user(socket);
  const { log } = server;
  socket.on(protocol.event, async (payload: unknown, ack?: unknown) => {
    const at = server.now();
    const reply = (answer: unknown) => {
      if (typeof ack === 'function') ack(answer);
    };
    try {
      reply(await protocol.answer({ call: protocol.parse(payload), socket, at, user }));
    } catch (error) {
      if (protocol.isRefusal(error)) return reply({ status: 'error', msg: error.message });
      const failed = failedActionReply(error, LIVE_INTERNAL_ERROR);
      if (!failed.temporary) log(`${protocol.event} action failed`, error);
      reply(failed.reply);
    }
  });
}
