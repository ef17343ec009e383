import { z } from 'zod';
import { BlindTestInputSchema, GameAnswerSchema, GameSchema, withAnswers, type Game, type GameAnswer } from '@sortie/core/domain';
import type { Db } from '../db/database';
import type { Notify } from '../live/live-authority';
import { isObject } from '../unknown-value';

/** A blind test as the authority holds it: its record (title, settings…) and its live game. */
export interface BlindTestState {
  id: string;
  record: z.infer<typeof RecordSchema>;
  game: Game | null;
}

const RecordSchema = BlindTestInputSchema.loose();

/** What a batch stores: the state after it, the answers it added, whether more than answers changed, and whether the room hears of it at once. */
export interface BlindTestChange {
  next: BlindTestState;
  added: GameAnswer[];
  rowChanged: boolean;
  urgent: boolean;
}

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
export async function loadState(db: Db, id: string, data: unknown): Promise<BlindTestState> {
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
 * only its version moves on), one INSERT of the batch's answers, and the NOTIFY telling the other
 * processes. With `version`, only if the row is still that version: null when it is not.
 */
export async function storeBatch(db: Db, id: string, change: BlindTestChange, version: string | null, notify: Notify): Promise<string | null> {
  const next = change.next;
  const params: unknown[] = [id];
  const param = (value: unknown) => `$${params.push(value)}`;
  const sets = ['updated_at = now()'];
  if (change.rowChanged) sets.push(`data = ${param(JSON.stringify(recordOf(next)))}::jsonb`, `status = ${param(next.record.status)}`);
  const where = version === null ? '' : ` AND xmin::text = ${param(version)}`;
  const game = next.game;
  const added = game
    ? change.added.map((a) => {
        const { playerId, questionIndex, at, elapsedMs, correct, points, ...answer } = a;
        return { code: game.code, round: game.round, question_index: questionIndex, player_id: playerId, at, elapsed_ms: elapsedMs, correct, points, answer };
      })
    : [];
  const insert = added.length
    ? `, added AS (INSERT INTO blind_test_answers (blind_test_id, code, round, question_index, player_id, at, elapsed_ms, correct, points, answer)
         SELECT $1, a.code, a.round, a.question_index, a.player_id, a.at, a.elapsed_ms, a.correct, a.points, a.answer
         FROM saved, jsonb_to_recordset(${param(JSON.stringify(added))}::jsonb) AS a(code text, round int, question_index int, player_id text, at bigint, elapsed_ms int, correct boolean, points int, answer jsonb))`
    : '';
  const told = notify(param);
  const [row] = await db.query<{ version: string }>(`WITH saved AS (UPDATE blind_tests SET ${sets.join(', ')} WHERE id = $1${where} RETURNING xmin::text AS version)${insert} SELECT version${told} FROM saved`, params);
  return row?.version ?? null;
}

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
