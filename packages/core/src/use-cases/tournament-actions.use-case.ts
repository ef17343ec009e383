import { inject, injectable } from 'inversify';
import { SOCKET_EVENTS, SOCKET_UNAVAILABLE_CODE, TOURNAMENT_ACK_WAIT_MS } from '../domain/constants';
import { TournamentError } from '../domain/errors';
import { TournamentRequestSchema, TournamentSchema, type Tournament } from '../domain/schemas/games.schema';
import { ClockPort } from '../ports/clock.port';
import { TournamentSocketPort } from '../ports/tournament-socket.port';
import type { Unsubscribe } from '../ports/push.port';
import { parseInput } from './parse-input';
import { acknowledgedEmit, socketMessage } from './acknowledged-emit';

export const UNDEFINED_TOURNAMENT_MESSAGE = 'undefined tournament';
export const TOURNAMENT_TIMEOUT_MESSAGE = 'Le serveur du tournoi n’a pas répondu à temps.';
export const INVALID_TOURNAMENT_MESSAGE = 'Le serveur du tournoi a renvoyé un tournoi illisible.';

/**
 * Tournament actions over the realtime socket (SPEC.md §3, §5, §7, §8): the request is a
 * JSON string of {action, tournamentId, params}; the acknowledgement must come within
 * 2000 ms. A reply with status 'error' rejects with its msg (TOURNAMENT_UNAVAILABLE, a 503, when its
 * code says the server cannot serve now), a reply without a tournament
 * rejects as 'undefined tournament', a tournament that core's schema refuses rejects as
 * TOURNAMENT_INVALID_REPLY; otherwise the call resolves the parsed tournament. A silence
 * rejects as TOURNAMENT_TIMEOUT, with the socket's last connection failure as its cause.
 */
@injectable()
export class TournamentActions {
  constructor(
    @inject(TournamentSocketPort) private readonly socket: TournamentSocketPort,
    @inject(ClockPort) private readonly clock: ClockPort,
  ) {}

  async execute(action: string, tournamentId: string, params: Record<string, unknown> = {}): Promise<Tournament> {
    const request = parseInput(TournamentRequestSchema, { action, tournamentId, params });
    const payload = JSON.stringify({ action: request.action, tournamentId: request.tournamentId, params: request.params });
    return acknowledgedEmit(this.socket, this.clock, SOCKET_EVENTS.tournament, payload, TOURNAMENT_ACK_WAIT_MS, tournamentOf, {
      timeout: (cause) => new TournamentError(TOURNAMENT_TIMEOUT_MESSAGE, 'TOURNAMENT_TIMEOUT', { cause }),
      transport: (message) => new TournamentError(message, 'TOURNAMENT_TRANSPORT'),
    });
  }

  /**
   * Calls `listener` with each update of this tournament pushed on SOCKET_EVENTS.tournamentUpdate.
   * The server only sends updates of rooms the socket joined: run `execute('get', id)` first.
   * An update is `{tournamentId, tournament}` or the tournament itself (with its `_id`),
   * as an object or a JSON string.
   */
  watch(tournamentId: string, listener: (tournament: Tournament) => void): Unsubscribe {
    return this.socket.on(SOCKET_EVENTS.tournamentUpdate, (raw) => {
      const update = socketMessage(raw);
      if (!update) return;
      const parsed = TournamentSchema.safeParse('tournament' in update ? update['tournament'] : update);
      // An update core's schema refuses is dropped: the next 'get' or update brings the truth.
      if (!parsed.success) return;
      const id = update['tournamentId'] ?? parsed.data._id;
      if (id === tournamentId) listener(parsed.data);
    });
  }
}

function tournamentOf(raw: unknown): Tournament {
  const reply = socketMessage(raw);
  if (reply?.['status'] === 'error') {
    const message = typeof reply['msg'] === 'string' ? reply['msg'] : String(reply['msg'] ?? 'error');
    // The server cannot serve now (its database restarting): a 503, worth retrying in a moment.
    if (reply['code'] === SOCKET_UNAVAILABLE_CODE) throw new TournamentError(message, 'TOURNAMENT_UNAVAILABLE', { statusCode: 503 });
    throw new TournamentError(message);
  }
  const tournament = reply?.['tournament'];
  if (tournament === undefined || tournament === null) throw new TournamentError(UNDEFINED_TOURNAMENT_MESSAGE);
  const parsed = TournamentSchema.safeParse(tournament);
  if (!parsed.success) throw new TournamentError(INVALID_TOURNAMENT_MESSAGE, 'TOURNAMENT_INVALID_REPLY', { cause: parsed.error });
  return parsed.data;
}
