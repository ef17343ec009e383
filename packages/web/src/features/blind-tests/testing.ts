import { answersAdded, BlindTestRefusal, gameProgress, isBlindTestActionName, openGame, playerView, runBlindTestAction, screenView, SOCKET_EVENTS, type Game, type GameActor, type GameQuestion } from '@sortie/core';
import { FakeTournamentSocket, type FakeClock } from '@sortie/core/testing';

export const BLIND_TEST_ID = '0000000000000000000000b1';

/** A game's questions as core plays them: a track asking both, a text, four choices. */
export function aQuiz(): GameQuestion[] {
  const base = { prompt: '', ask: 'both' as const, answers: [], choices: [], points: 100, timeLimitMs: 20_000, offsetMs: 0 };
  return [
    { ...base, id: 'q1', kind: 'track', title: 'Alors on danse', artist: 'Stromae', audioUrl: '/demo/alors-on-danse.mp3', trackUri: 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', offsetMs: 30_000, coverUrl: 'https://img.example/cheese.jpg' },
    { ...base, id: 'q2', kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers', 'Chasseneuil-du-Poitou'] },
    { ...base, id: 'q3', kind: 'choices', prompt: 'Qui a chanté « Tous les mêmes » ?', choices: ['Angèle', 'Stromae', 'Indila', 'Zaz'], correctChoice: 1 },
  ];
}

/** A game in its lobby, code 123456. */
export const aGame = (mode: 'answers' | 'buzzer' = 'answers', questions = aQuiz()): Game => openGame(questions, { mode, slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0 }, '123456');

/**
 * The socket with a blind test server behind it, for page tests: it answers `get`, `join` and
 * the players' and host's actions with core's rules as the server does (by the server's clock),
 * and pushes each socket's own view after every change. `as` says who this page is: a phone
 * (the player it joins as), the venue's screen, or staff (who receive the whole game).
 * `play` is an action from elsewhere (another phone, the host's desk).
 */
export class BlindTestServerSocket extends FakeTournamentSocket {
  role: 'visitor' | 'host' = 'visitor';
  /** The player this page plays as, once joined. */
  playerId: string | null = null;
  readonly tokens = new Map<string, string>();
  #next = 1;

  constructor(
    public game: Game | null,
    private readonly clock: FakeClock,
  ) {
    super();
  }

  /** Every event the server sent this socket, in order: what a test reads of the messages' size and shape. */
  readonly serverEmitted: unknown[][] = [];

  override serverEmit(event: string, ...args: unknown[]): void {
    this.serverEmitted.push([event, ...args]);
    super.serverEmit(event, ...args);
  }

  asHost(): this {
    this.role = 'host';
    return this;
  }

  get now(): number {
    return this.clock.now().getTime();
  }

  title = 'Quiz du jeudi';

  /** What this socket sees of the game, shaped as the server's views: players their own, staff the whole game beside the screen's. */
  view(): unknown {
    const base = { blindTestId: BLIND_TEST_ID, title: this.title, serverNow: this.now };
    if (!this.game) return { ...base, role: 'closed', status: 'draft' };
    if (this.playerId) return { ...playerView(this.game, this.playerId, this.now), ...base, role: 'player' };
    if (this.role === 'host') return { ...screenView(this.game, this.now), ...base, role: 'host', full: this.game };
    return { ...screenView(this.game, this.now), ...base, role: 'screen' };
  }

  /** The room hears of a change: this socket receives its own view. */
  push(game: Game): void {
    this.game = game;
    this.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: BLIND_TEST_ID, game: this.view() });
  }

  /** Players answered or joined (the server gathers them): the room hears a progress, the host with the new answers. */
  progress(game: Game): void {
    const added = answersAdded(this.game, game);
    this.game = game;
    this.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: BLIND_TEST_ID, progress: gameProgress(game, this.role === 'host' ? added : undefined) });
  }

  /** Another player joins (their id is their nickname in lower case). */
  addPlayer(nickname: string): string {
    const playerId = nickname.toLowerCase();
    this.push(runBlindTestAction('join', this.game!, { role: 'visitor', playerId }, { code: this.game!.code, nickname }, { now: this.now }));
    return playerId;
  }

  /** An action made elsewhere: `actor` is 'host' or a player's id. */
  play(action: string, actor: 'host' | string, params: Record<string, unknown> = {}): void {
    const who: GameActor = actor === 'host' ? { role: 'host' } : { role: 'player', playerId: actor };
    if (!isBlindTestActionName(action)) throw new Error(action);
    const next = runBlindTestAction(action, this.game!, who, params, { now: this.now });
    // As the server does: another player's answer reaches the room as a progress, not as views.
    if (action === 'answer') this.progress(next);
    else this.push(next);
  }

  override emitWithAck(event: string, payload: string): Promise<unknown> {
    const answer = super.emitWithAck(event, payload);
    const { action, params } = JSON.parse(payload) as { action: string; params: Record<string, unknown> };
    return answer.then(() => {
      try {
        return this.#handle(action, params);
      } catch (error) {
        if (error instanceof BlindTestRefusal) return { status: 'error', msg: error.message };
        throw error;
      }
    });
  }

  #handle(action: string, params: Record<string, unknown>): unknown {
    const token = typeof params['playerToken'] === 'string' ? params['playerToken'] : undefined;
    const known = token ? this.tokens.get(token) : undefined;
    if (known && this.game?.players.some((p) => p.id === known && !p.kicked)) this.playerId = known;
    if (action === 'open') {
      if (this.role !== 'host') return { status: 'error', msg: 'Réservé à l’animateur de la partie.' };
      this.push(aGame());
      return { status: 'ok', game: this.view() };
    }
    if (action === 'get') return { status: 'ok', game: this.view() };
    if (!this.game) return { status: 'error', msg: 'La partie n’est pas encore ouverte.' };
    // Joining again with the token gives the player back (its id, no new token).
    if (action === 'join' && this.playerId) return { status: 'ok', game: this.view(), player: { id: this.playerId } };
    if (!isBlindTestActionName(action)) return { status: 'error', msg: 'Action inconnue.' };
    if (action === 'join') {
      const playerId = `p${this.#next++}`;
      const joined = runBlindTestAction('join', this.game, { role: 'visitor', playerId }, params, { now: this.now });
      const secret = `token-${playerId}`;
      this.tokens.set(secret, playerId);
      this.playerId = playerId;
      this.push(joined);
      return { status: 'ok', game: this.view(), player: { id: playerId, token: secret } };

    }
    const actor: GameActor | null = this.role === 'host' ? { role: 'host' } : this.playerId ? { role: 'player', playerId: this.playerId } : null;
    const next = runBlindTestAction(action, this.game, actor, params, { now: this.now });
    // An answer or a buzz is acknowledged with the progress, the phone's answer in (a buzz then reaches the room's views).
    if (action === 'answer' || action === 'buzz') {
      if (action === 'buzz') this.push(next);
      else this.game = next;
      return { status: 'ok', progress: { ...gameProgress(next), answered: true } };
    }
    this.push(next);
    return { status: 'ok', game: this.view() };
  }
}
