import { inject, injectable } from 'inversify';
import { SOCKET_EVENTS, TOURNAMENT_ACK_WAIT_MS } from '../domain/constants';
import { TournamentError } from '../domain/errors';
import { TournamentRequestSchema } from '../domain/schemas/games.schema';
import { ClockPort } from '../ports/clock.port';
import { TournamentSocketPort } from '../ports/tournament-socket.port';
import type { Unsubscribe } from '../ports/push.port';
import { parseInput } from './parse-input';

export const UNDEFINED_TOURNAMENT_MESSAGE = 'undefined tournament';
export const TOURNAMENT_TIMEOUT_MESSAGE = 'Le serveur du tournoi n’a pas répondu à temps.';

/**
 * Tournament actions over the realtime socket (SPEC.md §3, §5, §7, §8): the request is a
 * JSON string of {action, tournamentId, params}; the acknowledgement must come within
 * 2000 ms. A reply with status 'error' rejects with its msg, a reply without a tournament
 * rejects as 'undefined tournament'; otherwise the call resolves the tournament.
 */
@injectable()
export class TournamentActions {
  constructor(
    @inject(TournamentSocketPort) private readonly socket: TournamentSocketPort,
    @inject(ClockPort) private readonly clock: ClockPort,
  ) {}

  async execute(action: string, tournamentId: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const request = parseInput(TournamentRequestSchema, { action, tournamentId, params });
    const payload = JSON.stringify({ action: request.action, tournamentId: request.tournamentId, params: request.params });
    return new Promise((resolve, reject) => {
      const timer = this.clock.setTimeout(() => reject(new TournamentError(TOURNAMENT_TIMEOUT_MESSAGE, 'TOURNAMENT_TIMEOUT')), TOURNAMENT_ACK_WAIT_MS);
      this.socket.emitWithAck(SOCKET_EVENTS.tournament, payload).then(
        (reply) => {
          this.clock.clearTimeout(timer);
          try {
            resolve(tournamentOf(reply));
          } catch (error) {
            reject(error);
          }
        },
        (error: unknown) => {
          this.clock.clearTimeout(timer);
          reject(new TournamentError(error instanceof Error ? error.message : String(error), 'TOURNAMENT_TRANSPORT'));
        },
      );
    });
  }

  /**
   * Calls `listener` with each update of this tournament pushed on SOCKET_EVENTS.tournamentUpdate.
   * The server only sends updates of rooms the socket joined: run `execute('get', id)` first.
   * An update is `{tournamentId, tournament}` or the tournament itself (with its `_id`),
   * as an object or a JSON string.
   */
  watch(tournamentId: string, listener: (tournament: unknown) => void): Unsubscribe {
    return this.socket.on(SOCKET_EVENTS.tournamentUpdate, (raw) => {
      const update = parseReply(raw);
      if (!update) return;
      const tournament = 'tournament' in update ? update['tournament'] : update;
      const id = update['tournamentId'] ?? (tournament as { _id?: unknown } | null)?._id;
      if (id === tournamentId && tournament != null) listener(tournament);
    });
  }
}

function parseReply(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function tournamentOf(raw: unknown): unknown {
  const reply = parseReply(raw);
  if (reply?.['status'] === 'error') {
    throw new TournamentError(typeof reply['msg'] === 'string' ? reply['msg'] : String(reply['msg'] ?? 'error'));
  }
  const tournament = reply?.['tournament'];
  if (tournament === undefined || tournament === null) throw new TournamentError(UNDEFINED_TOURNAMENT_MESSAGE);
  return tournament;
}
