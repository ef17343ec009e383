import { inject, injectable } from 'inversify';
import { SOCKET_EVENTS, SOCKET_UNAVAILABLE_CODE, TOURNAMENT_ACK_WAIT_MS } from '../domain/constants';
import { AppError } from '../domain/errors';
import { z } from 'zod';
import { GameAnswerSchema, GameSchema, GameStatusSchema, type Game } from '../domain/blind-test/blind-test-game.schema';
import type { GameProgress, PlayerView } from '../domain/blind-test/views';
import { ClockPort } from '../ports/clock.port';
import { TokenStorePort } from '../ports/token-store.port';
import { TournamentSocketPort } from '../ports/tournament-socket.port';
import type { Unsubscribe } from '../ports/push.port';
import { parseId } from './parse-input';
import { acknowledgedEmit, socketMessage } from './acknowledged-emit';

/** A blind test's acknowledgement is awaited as a tournament's is (SPEC.md §9: 2000 ms). */
export const BLIND_TEST_ACK_WAIT_MS = TOURNAMENT_ACK_WAIT_MS;
export const BLIND_TEST_TIMEOUT_MESSAGE = 'Le serveur du blind test n’a pas répondu à temps.';
export const INVALID_BLIND_TEST_MESSAGE = 'Le serveur du blind test a renvoyé une partie illisible.';
export const UNDEFINED_GAME_MESSAGE = 'undefined game';

/** Where a phone keeps its player of a blind test, so that a reload or a reconnection gets it back. */
export const blindTestPlayerKey = (blindTestId: string) => `sortie_blind_test_player:${blindTestId}`;

/** A blind test's action refused by the server (its French msg), unanswered, or answered with no readable game. */
export class BlindTestSessionError extends AppError {
  constructor(message: string, code = 'BLIND_TEST_ERROR', options: { cause?: unknown; statusCode?: number } = {}) {
    super(message, { code, statusCode: 502, ...options });
  }
}

/** The player this device plays as: the token is given once, by `join`. */
export interface BlindTestPlayer {
  id: string;
  token: string;
}

/**
 * What the server sent: a view (the screen's, or a phone's with `me`), to staff with the whole
 * stored game beside it (answers included: who is who, to judge and kick), or word that the
 * blind test has no game open yet. `receivedAt` is this device's clock when it arrived: the
 * countdown ticks on from the view's `timeLeftMs`, which the server counted.
 */
export type BlindTestGameState =
  | { kind: 'view'; view: PlayerView; game: Game | null; title: string | null; receivedAt: number }
  | { kind: 'closed'; title: string | null; receivedAt: number }
  /** A few numbers of the game (players answered or joined; an answer acknowledged): to apply to the view on screen (core's withProgress). */
  | { kind: 'progress'; progress: GameProgress; receivedAt: number };

const ProgressSchema = z.object({
  status: GameStatusSchema,
  questionIndex: z.number().int(),
  answerCount: z.number().int().min(0),
  playerCount: z.number().int().min(0),
  answered: z.boolean().optional(),
  answers: z.array(GameAnswerSchema).optional(),
});

export type BlindTestReply = BlindTestGameState & { player?: BlindTestPlayer };

/** Actions that act as this device's player: the stored token goes with them. */
const PLAYER_ACTIONS = new Set(['get', 'join', 'answer', 'buzz']);

/**
 * A live blind test over the realtime socket: the request is a JSON string of
 * {action, blindTestId, params}, acknowledged within 2000 ms by {status: 'ok', game, player?}
 * or {status: 'error', msg}. The player's token `join` hands out is kept per blind test
 * (TokenStorePort) and sent as `params.playerToken` with the player's later actions, so a
 * phone that reloads or reconnects is the same player.
 */
@injectable()
export class BlindTestSession {
  constructor(
    @inject(TournamentSocketPort) private readonly socket: TournamentSocketPort,
    @inject(ClockPort) private readonly clock: ClockPort,
    @inject(TokenStorePort) private readonly store: TokenStorePort,
  ) {}

  async execute(action: string, blindTestId: string, params: Record<string, unknown> = {}): Promise<BlindTestReply> {
    const id = parseId(blindTestId, 'blindTestId');
    const player = this.player(id);
    const withToken = player && PLAYER_ACTIONS.has(action) && params['playerToken'] === undefined ? { ...params, playerToken: player.token } : params;
    const payload = JSON.stringify({ action, blindTestId: id, params: withToken });
    const reply = await acknowledgedEmit(this.socket, this.clock, SOCKET_EVENTS.blindTest, payload, BLIND_TEST_ACK_WAIT_MS, (raw) => this.#replyOf(raw), {
      timeout: (cause) => new BlindTestSessionError(BLIND_TEST_TIMEOUT_MESSAGE, 'BLIND_TEST_TIMEOUT', { cause }),
      transport: (message) => new BlindTestSessionError(message, 'BLIND_TEST_TRANSPORT'),
    });
    if (reply.player) this.store.set(blindTestPlayerKey(id), JSON.stringify(reply.player));
    return reply;
  }

  /** The player this device joined this blind test as, if any. */
  player(blindTestId: string): BlindTestPlayer | null {
    const raw = this.store.get(blindTestPlayerKey(blindTestId));
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<BlindTestPlayer>;
      return typeof value.id === 'string' && typeof value.token === 'string' ? { id: value.id, token: value.token } : null;
    } catch {
      return null;
    }
  }

  /** Forgets this device's player (kicked, or someone else will play on this phone). */
  forget(blindTestId: string): void {
    this.store.remove(blindTestPlayerKey(blindTestId));
  }

  /**
   * Calls `listener` with each state of this blind test pushed on SOCKET_EVENTS.blindTestUpdate
   * (each socket receives its own view). The server only sends to sockets that joined the
   * room: run `execute('get', id)` first. An update is `{blindTestId, game}` or the view itself,
   * as an object or a JSON string; one that cannot be read is dropped (the next brings the truth).
   */
  watch(blindTestId: string, listener: (state: BlindTestGameState) => void): Unsubscribe {
    return this.socket.on(SOCKET_EVENTS.blindTestUpdate, (raw) => {
      const update = socketMessage(raw);
      if (!update) return;
      if (typeof update['blindTestId'] === 'string' && update['blindTestId'] !== blindTestId) return;
      const state = 'progress' in update ? this.#progressOf(update['progress']) : this.#stateOf('game' in update ? update['game'] : update);
      if (state) listener(state);
    });
  }

  #replyOf(raw: unknown): BlindTestReply {
    const reply = socketMessage(raw);
    if (reply?.['status'] === 'error') {
      const message = typeof reply['msg'] === 'string' ? reply['msg'] : String(reply['msg'] ?? 'error');
      // The server cannot serve now (its database restarting): a 503, worth retrying in a moment.
      if (reply['code'] === SOCKET_UNAVAILABLE_CODE) throw new BlindTestSessionError(message, 'BLIND_TEST_UNAVAILABLE', { statusCode: 503 });
      throw new BlindTestSessionError(message, 'BLIND_TEST_REFUSED');
    }
    const game = reply?.['game'];
    if ((game === undefined || game === null) && reply && 'progress' in reply) {
      const progress = this.#progressOf(reply['progress']);
      if (!progress) throw new BlindTestSessionError(INVALID_BLIND_TEST_MESSAGE, 'BLIND_TEST_INVALID_REPLY');
      return progress;
    }
    if (game === undefined || game === null) throw new BlindTestSessionError(UNDEFINED_GAME_MESSAGE, 'BLIND_TEST_INVALID_REPLY');
    const state = this.#stateOf(game);
    if (!state) throw new BlindTestSessionError(INVALID_BLIND_TEST_MESSAGE, 'BLIND_TEST_INVALID_REPLY');
    const player = socketMessage(reply?.['player']);
    return typeof player?.['id'] === 'string' && typeof player['token'] === 'string' ? { ...state, player: { id: player['id'], token: player['token'] } } : state;
  }

  #progressOf(raw: unknown): BlindTestGameState | null {
    const parsed = ProgressSchema.safeParse(socketMessage(raw));
    if (!parsed.success) return null;
    const { answered, answers, ...progress } = parsed.data;
    return { kind: 'progress', progress: { ...progress, ...(answered === undefined ? {} : { answered }), ...(answers === undefined ? {} : { answers }) }, receivedAt: this.clock.now().getTime() };
  }

  #stateOf(raw: unknown): BlindTestGameState | null {
    const value = socketMessage(raw);
    if (!value) return null;
    const receivedAt = this.clock.now().getTime();
    const title = typeof value['title'] === 'string' ? value['title'] : null;
    if (value['role'] === 'closed') return { kind: 'closed', title, receivedAt };
    if (!isView(value)) return null;
    const { full, role: _role, blindTestId: _id, serverNow: _now, title: _title, ...view } = value as typeof value & { full?: unknown; role?: unknown; blindTestId?: unknown; serverNow?: unknown; title?: unknown };
    let game: Game | null = null;
    if (full !== undefined) {
      // Staff's copy of the stored game goes through core's schema before any rule reads it.
      const parsed = GameSchema.safeParse(full);
      if (!parsed.success) return null;
      game = parsed.data;
    }
    return { kind: 'view', view: { ...view, me: view.me ?? null }, game, title, receivedAt };
  }
}

/** A view as core's screenView and playerView write it (the server computed it with the same functions). */
function isView(value: Record<string, unknown>): value is Omit<PlayerView, 'me'> & { me?: PlayerView['me'] } {
  return (
    typeof value['code'] === 'string' &&
    GameStatusSchema.safeParse(value['status']).success &&
    typeof value['timeLeftMs'] === 'number' &&
    typeof value['questionCount'] === 'number' &&
    Array.isArray(value['players']) &&
    Array.isArray(value['leaderboard']) &&
    typeof value['buzzer'] === 'object' &&
    value['buzzer'] !== null
  );
}
