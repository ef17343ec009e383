import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  answersAdded,
  BlindTestInputSchema,
  BlindTestRefusal,
  findPlayer,
  GameAnswerSchema,
  GameSchema,
  gameQuestionOf,
  isBlindTestActionName,
  openGame,
  QuestionSchema,
  refuseGame,
  runBlindTestAction,
  withAnswers,
  type Game,
  type GameActor,
  type GameAnswer,
} from '@sortie/core/domain';
import type { Db } from '../db/database';
import type { ChangeBus } from '../db/notifications';
import { BLIND_TEST_NOT_FOUND } from './blind-test-protocol';
import { PlayerTokens } from './player-tokens';
import { isObject } from '../unknown-value';
import { freeLiveCode, NO_FREE_LIVE_CODE } from '../live/live-codes';

/** Blind tests kept in memory at most (the oldest copy goes first). */
export const MAX_BLIND_TEST_COPIES = 500;

/** A blind test as the authority holds it: its record (title, settings…) and its live game. */
export interface BlindTestState {
  id: string;
  record: z.infer<typeof RecordSchema>;
  game: Game | null;
}

const RecordSchema = BlindTestInputSchema.loose();

/** Who sends a call, as the socket knows them: staff or not, the token the phone holds, the player the socket already is. */
export interface Caller {
  staff: boolean;
  playerToken?: string;
  playerId?: string;
}

/** A call to run as the authority, timed when the server received it. */
export interface GameCall {
  action: string;
  params: Record<string, unknown>;
  caller: Caller;
  at: number;
}

export interface GameOutcome {
  state: BlindTestState;
  /** The player the call was made as (joined, or recognised by their token). */
  playerId?: string;
  /** A new player's token: answered once, never stored as such. */
  newToken?: string;
}


export interface BlindTestGamesOptions {
  db: Db;
  now: () => number;
  /** Every stored change of a game, with whether the room should hear of it at once (host actions, buzzes). */
  changed(state: BlindTestState, urgent: boolean): void;
  /** On close, before the writes under way are awaited. */
  closing?(): void;
  /** The players' tokens (their key is read from the database when absent). */
  tokens?: PlayerTokens;
  /** The processes sharing the database (PostgreSQL): each write is told to the others, whose copies go and whose rooms hear of it. */
  bus?: ChangeBus | null;
  /** A change heard from another process (a copy of it, if one was kept, has gone). */
  changedElsewhere?(id: string): void;
  log?(message: string): void;
}

/** What the bus calls a blind test's change. */
export const BLIND_TEST_TOPIC = 'blindTest';

/** A batch's outcome: an answer per call, and what was stored (null: nothing changed). */
interface Applied {
  answers: Array<{ outcome?: GameOutcome; error?: unknown }>;
  urgent: boolean;
  written: { state: BlindTestState; version: string } | null;
}

/** A batch run on a state: what each call answered, the state after, the answers to store, and whether the row itself changed. */
interface Ran {
  answers: Applied['answers'];
  urgent: boolean;
  next: BlindTestState | null;
  added: GameAnswer[];
  rowChanged: boolean;
}

interface Queued {
  call: GameCall;
  resolve(outcome: GameOutcome): void;
  reject(error: unknown): void;
}

/**
 * The server's authority over live blind tests. Calls on one blind test run in the order they
 * arrived, each timed by the server's clock when it arrived; the calls that arrive while a
 * write is being stored wait together and are stored by the next write (300 answers in two
 * seconds cost a few dozen writes, not 300). Each call is acknowledged once its write is
 * committed; a refused call changes nothing.
 *
 * Answers go to their own table (blind_test_answers), one INSERT per batch, in the same statement
 * as the game row's update: a batch of answers only moves the row's version on (its 2,000 players
 * are not written again), so that storing an answer costs the same at every question. The row's
 * totals may lag behind the current question's answers; whoever reads the game again counts the
 * answers its players' totals do not (core's withAnswers).
 */
export class BlindTestGames {
  /** The last stored state of each blind test, with its row's version (PostgreSQL's `xmin`). */
  private readonly copies = new Map<string, { state: BlindTestState; version: string }>();
  private readonly waiting = new Map<string, Queued[]>();
  private readonly running = new Map<string, Promise<void>>();
  /** Reads of a row under way, shared by the calls that ask for it meanwhile. */
  private readonly loading = new Map<string, Promise<BlindTestState | null>>();
  private closed = false;

  readonly tokens: PlayerTokens;

  constructor(private readonly options: BlindTestGamesOptions) {
    this.tokens = options.tokens ?? new PlayerTokens(options.db);
    options.bus?.on(BLIND_TEST_TOPIC, (id) => {
      if (this.closed || !id) return;
      this.copies.delete(id);
      options.changedElsewhere?.(id);
    });
    options.bus?.onReset(() => this.copies.clear());
  }

  /** Whether the copies can be trusted: alone on the database, or hearing the others' changes. */
  private get trusted(): boolean {
    return !this.options.bus || this.options.bus.listening;
  }

  /** The player a caller is in this game, by their token or by their socket; undefined for the others. Once `tokens.ready`. */
  playerOf(state: BlindTestState, caller: Caller): string | undefined {
    const game = state.game;
    if (!game) return undefined;
    const byToken = caller.playerToken ? this.tokens.playerOf(state.id, game.code, caller.playerToken) : null;
    const id = byToken ?? caller.playerId;
    return id && findPlayer(game, id) ? id : undefined;
  }

  /** The blind test as last stored (from memory once read), or null. */
  async read(id: string): Promise<BlindTestState | null> {
    const copy = this.trusted ? this.copies.get(id) : undefined;
    if (copy) return copy.state;
    // A crowd asking at once (2,000 phones back after a restart) waits for one read of the row and
    // its answers, not one each: with the embedded database, one statement at a time, each would wait for all the others.
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async load(id: string): Promise<BlindTestState | null> {
    const [row] = await this.options.db.query<{ data: unknown; version: string }>('SELECT data, xmin::text AS version FROM blind_tests WHERE id = $1', [id]);
    if (!row) return null;
    const state = await loadState(this.options.db, id, row.data);
    // A write may have landed meanwhile: its copy is newer.
    if (!this.copies.has(id) && this.trusted) this.remember(id, { state, version: row.version });
    return this.copies.get(id)?.state ?? state;
  }

  /** The live blind test whose game has this code, if any. */
  async findByCode(code: string): Promise<string | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const [row] = await this.options.db.query<{ id: string }>(`SELECT id FROM blind_tests WHERE status = 'live' AND data->'game'->>'code' = $1 LIMIT 1`, [code]);
    return row?.id ?? null;
  }

  /** Runs a call as the authority, after the calls already queued for this blind test. Rejects with a French BlindTestRefusal. */
  run(id: string, call: GameCall): Promise<GameOutcome> {
    if (this.closed) return Promise.reject(new BlindTestRefusal('Le serveur redémarre : réessayez dans un instant.'));
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(id);
      if (queue) queue.push({ call, resolve, reject });
      else this.waiting.set(id, [{ call, resolve, reject }]);
      if (!this.running.has(id)) this.drainLater(id);
    });
  }

  /** Keeps the copy, the oldest going beyond MAX_BLIND_TEST_COPIES. */
  private remember(id: string, copy: { state: BlindTestState; version: string }): void {
    this.copies.delete(id);
    if (this.copies.size >= MAX_BLIND_TEST_COPIES) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(id, copy);
  }

  /** The blind test changed otherwise (a REST write): the copy goes. */
  forget(id: string): void {
    this.copies.delete(id);
  }

  /** Waits for the writes under way; later calls are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.options.closing?.();
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
    this.copies.clear();
  }

  private drainLater(id: string): void {
    // One turn of the event loop first: the calls that arrived together are stored together.
    this.inTurn(id, () => new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain(id)));
  }

  /**
   * The blind test read again from the database, in turn with this process's writes (so that a
   * room never hears of an older state after a newer one): a change stored by another process.
   */
  refresh(id: string): Promise<BlindTestState | null> {
    return this.inTurn(id, () => {
      this.copies.delete(id);
      return this.read(id);
    });
  }

  /** Runs `task` once the task under way for this blind test is done; the calls waiting then go next. */
  private inTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.running.get(id) ?? Promise.resolve();
    const result = previous.then(task);
    const done: Promise<void> = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(id, done);
    void done.then(() => {
      if (this.running.get(id) !== done) return;
      this.running.delete(id);
      if (this.waiting.has(id)) this.drainLater(id);
    });
    return result;
  }

  /**
   * Stores every call waiting for this blind test in one write, then answers each. From the
   * memory copy, the write is one statement that applies only if the row is still the version
   * copied (`WHERE xmin = …`); without a copy, when the row changed meanwhile, or to open a game,
   * it runs in a transaction that locks the row (SELECT … FOR UPDATE).
   */
  private async drain(id: string): Promise<void> {
    const batch = this.waiting.get(id) ?? [];
    this.waiting.delete(id);
    if (batch.length === 0) return;
    let result: Applied | null;
    try {
      await this.tokens.ready;
      const copy = batch.some((item) => item.call.action === 'open') || !this.trusted ? undefined : this.copies.get(id);
      result = copy ? await this.writeFromCopy(id, copy, batch) : null;
      result ??= await this.writeLocked(id, batch);
    } catch (error) {
      // Nothing was stored: every call of the batch fails alike, and the copy is read again next time.
      this.copies.delete(id);
      for (const item of batch) item.reject(error);
      return;
    }
    if (result.written) {
      this.remember(id, result.written);
      this.options.changed(result.written.state, result.urgent);
      this.options.bus?.publish(BLIND_TEST_TOPIC, id).catch((error: Error) => this.options.log?.(`Blind test ${id} : changement non signalé (${error.message}).`));
    }
    batch.forEach((item, i) => {
      const answer = result.answers[i]!;
      if (answer.outcome) item.resolve(answer.outcome);
      else item.reject(answer.error);
    });
  }

  /** The batch on the memory copy, stored in one statement; null when the row changed since. */
  private async writeFromCopy(id: string, copy: { state: BlindTestState; version: string }, batch: Queued[]): Promise<Applied | null> {
    const ran = await this.applyAll(copy.state, batch, null);
    if (!ran.next) return { answers: ran.answers, urgent: false, written: null };
    const version = await store(this.options.db, id, ran, copy.version);
    if (version === null) {
      this.copies.delete(id);
      return null;
    }
    return { answers: ran.answers, urgent: ran.urgent, written: { state: ran.next, version } };
  }

  /** The batch on the stored row, locked for the transaction. */
  private writeLocked(id: string, batch: Queued[]): Promise<Applied> {
    return this.options.db.transaction(async (tx) => {
      const [row] = await tx.query<{ data: unknown }>('SELECT data FROM blind_tests WHERE id = $1 FOR UPDATE', [id]);
      if (!row) return { answers: batch.map(() => ({ error: new BlindTestRefusal(BLIND_TEST_NOT_FOUND) })), urgent: false, written: null };
      const ran = await this.applyAll(await loadState(tx, id, row.data), batch, tx);
      if (!ran.next) return { answers: ran.answers, urgent: false, written: null };
      const version = await store(tx, id, ran, null);
      return { answers: ran.answers, urgent: ran.urgent, written: { state: ran.next, version: version! } };
    });
  }

  /** Each call in turn on the state (a refusal changes nothing); `next` is null when no call changed it. */
  private async applyAll(before: BlindTestState, batch: Queued[], tx: Db | null): Promise<Ran> {
    const answers: Applied['answers'] = [];
    const added: GameAnswer[] = [];
    let urgent = false;
    let rowChanged = false;
    let state = before;
    for (const { call } of batch) {
      try {
        const outcome = call.action === 'open' ? await this.open(tx!, state, call) : this.apply(state, call);
        if (outcome.state !== state) {
          if (call.caller.staff || call.action === 'buzz' || call.action === 'open') urgent = true;
          // An answer changes its player's totals, which the answer's row holds too: the game's row waits for another change.
          if (call.action !== 'answer') rowChanged = true;
          if (outcome.state.game?.code !== state.game?.code) added.length = 0;
          added.push(...answersAdded(state.game, outcome.state.game));
        }
        state = outcome.state;
        answers.push({ outcome });
      } catch (error) {
        if (!(error instanceof BlindTestRefusal)) throw error;
        answers.push({ error });
      }
    }
    if (state.game?.status !== before.game?.status) urgent = true;
    return { answers, urgent, next: state === before ? null : state, added, rowChanged };
  }

  /** One action of core's on the state: the caller becomes the actor core expects. */
  private apply(state: BlindTestState, call: GameCall): GameOutcome {
    const { action, params, caller, at } = call;
    if (!isBlindTestActionName(action)) return refuseGame(`Action inconnue : ${action.slice(0, 40)}.`);
    const game = state.game;
    if (!game) return refuseGame('Aucune partie n’est ouverte pour ce blind test.');
    const known = this.playerOf(state, caller);
    if (action === 'join') {
      // A phone coming back with its token gets its player back, whatever it typed; a kicked player is refused by core's rule.
      if (known && findPlayer(game, known)?.kicked) runBlindTestAction('join', game, { role: 'visitor', playerId: known }, params, { now: at });
      if (known) return { state, playerId: known };
      const playerId = randomBytes(8).toString('hex');
      const joined = runBlindTestAction('join', game, { role: 'visitor', playerId }, params, { now: at });
      return { state: { ...state, game: joined }, playerId, newToken: this.tokens.issue(state.id, game.code, playerId) };
    }
    const actor: GameActor = known ? { role: 'player', playerId: known } : caller.staff ? { role: 'host' } : { role: 'visitor', playerId: 'visiteur' };
    const next = runBlindTestAction(action, game, actor, params, { now: at });
    const finished = next.status === 'podium' && state.record.status !== 'finished';
    return { state: { ...state, game: next, record: finished ? { ...state.record, status: 'finished' } : state.record }, ...(known ? { playerId: known } : {}) };
  }

  /**
   * `open` (staff): a new game from the blind test's questions in their order, under a 6-digit
   * code no other live game has. A game under way is answered as it is (a host's screen
   * reloaded), unless `restart: true`.
   */
  private async open(tx: Db, state: BlindTestState, call: GameCall): Promise<GameOutcome> {
    if (!call.caller.staff) return refuseGame('Réservé à l’animateur de la partie.');
    const restart = call.params['restart'] === true;
    if (state.game && state.game.status !== 'podium' && state.record.status === 'live' && !restart) return { state };
    const ids = state.record.questionIds;
    const rows = ids.length ? await tx.query<{ id: string; data: Record<string, unknown>; created_at: unknown; updated_at: unknown }>('SELECT id, data, created_at, updated_at FROM questions WHERE id = ANY($1::text[])', [ids]) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const questions = ids.flatMap((questionId, i) => {
      const row = byId.get(questionId);
      if (!row) return [];
      const parsed = QuestionSchema.safeParse({ ...row.data, _id: row.id, createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) });
      if (!parsed.success) return refuseGame(`La question n° ${i + 1} est incomplète : corrigez-la dans le tableau de bord (${parsed.error.issues[0]?.message ?? 'champ invalide'}).`);
      return [gameQuestionOf(parsed.data)];
    });
    const { mode, slowestShare, wrongBuzzPenalty, streakBonus, teams, teamScore, autoReveal } = state.record;
    const game = openGame(questions, { mode, slowestShare, wrongBuzzPenalty, streakBonus, teams, teamScore, autoReveal }, await freeCode(tx, state.id));
    // A game played before under the same code (one in a million) leaves no answer to this one.
    await tx.query('DELETE FROM blind_test_answers WHERE blind_test_id = $1 AND code = $2', [state.id, game.code]);
    return { state: { ...state, game, record: { ...state.record, status: 'live' } } };
  }
}

/** A 6-digit code that no other live game, blind test or tournament, uses (live/live-codes.ts). */
async function freeCode(tx: Db, id: string): Promise<string> {
  return (await freeLiveCode(tx, id)) ?? refuseGame(NO_FREE_LIVE_CODE);
}

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/** A stored row through core's schemas (STYLE.md 14): the record and its game, with the given answers of its current question. */
export function stateOf(id: string, data: unknown, answers: readonly GameAnswer[] = []): BlindTestState {
  const raw: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  if (!isObject(raw)) throw new TypeError('Enregistrement illisible : un objet JSON était attendu.');
  const { game, ...record } = raw;
  const parsed = game ? fromOlderRow(GameSchema.parse(game)) : null;
  return { id, record: RecordSchema.parse(record), game: parsed ? withAnswers(parsed, answers) : null };
}

/**
 * A game stored before the answers' table (a server upgraded during a game) holds every answer
 * in its row, all counted in its totals: each player's last answered question is read from them,
 * and only the current question's are kept.
 */
function fromOlderRow(game: Game): Game {
  if (game.answers.length === 0) return game;
  const last = new Map<string, number>();
  for (const answer of game.answers) last.set(answer.playerId, Math.max(answer.questionIndex, last.get(answer.playerId) ?? -1));
  return {
    ...game,
    players: game.players.map((p) => (last.has(p.id) ? { ...p, lastAnswered: Math.max(p.lastAnswered, last.get(p.id)!) } : p)),
    answers: game.answers.filter((a) => a.questionIndex === game.questionIndex),
  };
}

/** The row's game's code, round and current question, without parsing the whole row. */
const CurrentSchema = z.object({ game: z.object({ code: z.string(), round: z.number().int().min(1).default(1), questionIndex: z.number().int() }).loose().nullable().optional() }).loose();

/** A row read again: its game, and the answers of its current question from their table, counted where the row's totals do not yet. */
async function loadState(db: Db, id: string, data: unknown): Promise<BlindTestState> {
  const raw: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  const current = CurrentSchema.safeParse(raw);
  const game = current.success ? current.data.game : null;
  const answers = game && game.questionIndex >= 0 ? await storedAnswers(db, id, game, game.questionIndex) : [];
  return stateOf(id, raw, answers);
}

const AnswerRowSchema = z.object({
  question_index: z.number().int(),
  player_id: z.string(),
  at: z.coerce.number(),
  elapsed_ms: z.number().int(),
  correct: z.boolean(),
  points: z.number().int(),
  answer: z.unknown(),
});

/** The stored answers of a game's question (all of them without `questionIndex`) in its current round, in the order the server received them. */
export async function storedAnswers(db: Db, id: string, game: Pick<Game, 'code' | 'round'>, questionIndex?: number): Promise<GameAnswer[]> {
  const rows = await db.query(
    `SELECT question_index, player_id, at::float8 AS at, elapsed_ms, correct, points, answer FROM blind_test_answers
     WHERE blind_test_id = $1 AND code = $2 AND round = $3${questionIndex === undefined ? '' : ' AND question_index = $4'} ORDER BY question_index, at, player_id`,
    questionIndex === undefined ? [id, game.code, game.round] : [id, game.code, game.round, questionIndex],
  );
  return rows.map((row) => {
    const r = AnswerRowSchema.parse(row);
    const extra = typeof r.answer === 'string' ? (JSON.parse(r.answer) as unknown) : r.answer;
    return GameAnswerSchema.parse({ ...(isObject(extra) ? extra : {}), playerId: r.player_id, questionIndex: r.question_index, at: r.at, elapsedMs: r.elapsed_ms, correct: r.correct, points: r.points });
  });
}

/**
 * Stores a batch in one statement: the game's row (its data when more than answers changed, else
 * only its version moves on) and, in the same statement, one INSERT of the batch's answers. With
 * `version`, only if the row is still that version: answers null when it is not.
 */
async function store(db: Db, id: string, ran: Ran, version: string | null): Promise<string | null> {
  const next = ran.next!;
  const params: unknown[] = [id];
  const param = (value: unknown) => `$${params.push(value)}`;
  const sets = ['updated_at = now()'];
  if (ran.rowChanged) sets.push(`data = ${param(JSON.stringify(recordOf(next)))}::jsonb`, `status = ${param(next.record.status)}`);
  const where = version === null ? '' : ` AND xmin::text = ${param(version)}`;
  const game = next.game;
  const added = game
    ? ran.added.map((a) => {
        const { playerId, questionIndex, at, elapsedMs, correct, points, ...answer } = a;
        return { code: game.code, round: game.round, question_index: questionIndex, player_id: playerId, at, elapsed_ms: elapsedMs, correct, points, answer };
      })
    : [];
  const insert = added.length
    ? `, added AS (INSERT INTO blind_test_answers (blind_test_id, code, round, question_index, player_id, at, elapsed_ms, correct, points, answer)
         SELECT $1, a.code, a.round, a.question_index, a.player_id, a.at, a.elapsed_ms, a.correct, a.points, a.answer
         FROM saved, jsonb_to_recordset(${param(JSON.stringify(added))}::jsonb) AS a(code text, round int, question_index int, player_id text, at bigint, elapsed_ms int, correct boolean, points int, answer jsonb))`
    : '';
  const [row] = await db.query<{ version: string }>(`WITH saved AS (UPDATE blind_tests SET ${sets.join(', ')} WHERE id = $1${where} RETURNING xmin::text AS version)${insert} SELECT version FROM saved`, params);
  return row?.version ?? null;
}

/** The row's record: the blind test and its game. */
/**
 * The stored record: the game (hidden from REST, it holds the answers) and, while it is played,
 * its join code beside it, which visitors may read (the screen in the room shows it anyway).
 */
function recordOf(state: BlindTestState): Record<string, unknown> {
  const stored: Record<string, unknown> = state.record;
  const { joinCode: _previous, ...record } = stored;
  const playing = state.game && state.game.status !== 'podium';
  // The answers are in their own table: the row keeps the game without them.
  const game = state.game ? (({ answers: _answers, ...rest }) => rest)(state.game) : null;
  return { ...record, game, ...(playing ? { joinCode: state.game!.code } : {}) };
}
