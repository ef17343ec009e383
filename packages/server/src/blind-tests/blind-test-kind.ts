import { randomBytes } from 'node:crypto';
import { answersAdded, BlindTestRefusal, findPlayer, gameQuestionOf, isBlindTestActionName, openGame, QuestionSchema, refuseGame, runBlindTestAction, type GameActor, type GameAnswer } from '@sortie/core/domain';
import type { Db } from '../db/database';
import type { Applied, LiveKind } from '../live/live-authority';
import { freeLiveCode, NO_FREE_LIVE_CODE } from '../live/live-codes';
import { BLIND_TEST_NOT_FOUND } from './blind-test-protocol';
import { loadState, storeBatch, type BlindTestChange, type BlindTestState } from './blind-test-rows';
import type { PlayerTokens } from './player-tokens';

/** What the bus calls a blind test's change. */
export const BLIND_TEST_TOPIC = 'blindTest';

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
  /** The game right after this call (the calls after it in its batch not yet applied). */
  state: BlindTestState;
  /** The player the call was made as (joined, or recognised by their token). */
  playerId?: string;
  /** A new player's token: answered once, never stored as such. */
  newToken?: string;
}

export type BlindTestKind = LiveKind<BlindTestState, GameCall, GameOutcome, BlindTestChange> & {
  /** The player a caller is in this game, by their token or by their socket; undefined for the others. Once `tokens.ready`. */
  playerOf(state: BlindTestState, caller: Caller): string | undefined;
};

/**
 * Blind tests as live games (live/live-authority.ts): each call of a batch runs core's action
 * registry, timed by the server's clock when it arrived; the batch's answers go to their own
 * table (blind-test-rows.ts) in the same statement as the game's row.
 */
export function blindTestKind(tokens: PlayerTokens): BlindTestKind {
  const playerOf = (state: BlindTestState, caller: Caller): string | undefined => {
    const game = state.game;
    if (!game) return undefined;
    const byToken = caller.playerToken ? tokens.playerOf(state.id, game.code, caller.playerToken) : null;
    const id = byToken ?? caller.playerId;
    return id && findPlayer(game, id) ? id : undefined;
  };

  /** One action of core's on the state: the caller becomes the actor core expects. */
  const apply = (state: BlindTestState, call: GameCall): GameOutcome => {
    const { action, params, caller, at } = call;
    if (!isBlindTestActionName(action)) return refuseGame(`Action inconnue : ${action.slice(0, 40)}.`);
    const game = state.game;
    if (!game) return refuseGame('Aucune partie n’est ouverte pour ce blind test.');
    const known = playerOf(state, caller);
    if (action === 'join') {
      // A phone coming back with its token gets its player back, whatever it typed; a kicked player is refused by core's rule.
      if (known && findPlayer(game, known)?.kicked) runBlindTestAction('join', game, { role: 'visitor', playerId: known }, params, { now: at });
      if (known) return { state, playerId: known };
      const playerId = randomBytes(8).toString('hex');
      const joined = runBlindTestAction('join', game, { role: 'visitor', playerId }, params, { now: at });
      return { state: { ...state, game: joined }, playerId, newToken: tokens.issue(state.id, game.code, playerId) };
    }
    const actor: GameActor = known ? { role: 'player', playerId: known } : caller.staff ? { role: 'host' } : { role: 'visitor', playerId: 'visiteur' };
    const next = runBlindTestAction(action, game, actor, params, { now: at });
    const finished = next.status === 'podium' && state.record.status !== 'finished';
    return { state: { ...state, game: next, record: finished ? { ...state.record, status: 'finished' } : state.record }, ...(known ? { playerId: known } : {}) };
  };

  return {
    topic: BLIND_TEST_TOPIC,
    refusal: (message) => new BlindTestRefusal(message),
    isRefusal: (error) => error instanceof BlindTestRefusal,
    notFound: BLIND_TEST_NOT_FOUND,
    // Opening a game reads the questions and a free code in the transaction.
    lockedOnly: (call) => call.action === 'open',
    playerOf,
    async load(db, id) {
      const [row] = await db.query<{ data: unknown; version: string }>('SELECT data, xmin::text AS version FROM blind_tests WHERE id = $1', [id]);
      return row ? { state: await loadState(db, id, row.data), version: row.version } : null;
    },
    async lock(tx, id) {
      const [row] = await tx.query<{ data: unknown }>('SELECT data FROM blind_tests WHERE id = $1 FOR UPDATE', [id]);
      return row ? loadState(tx, id, row.data) : null;
    },
    /** Each call in turn on the state (a refusal changes nothing); no change when no call changed it. */
    async apply(before, calls, tx): Promise<Applied<GameOutcome, BlindTestChange>> {
      await tokens.ready;
      const answers: Applied<GameOutcome, BlindTestChange>['answers'] = [];
      const added: GameAnswer[] = [];
      let urgent = false;
      let rowChanged = false;
      let state = before;
      for (const call of calls) {
        try {
          const outcome = call.action === 'open' ? await open(tx!, state, call) : apply(state, call);
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
          answers.push({ refusal: error });
        }
      }
      if (state.game?.status !== before.game?.status) urgent = true;
      return { answers, change: state === before ? null : { next: state, added, rowChanged, urgent } };
    },
    async store(db, id, change, version, notify) {
      const stored = await storeBatch(db, id, change, version, notify);
      return stored === null ? null : { state: change.next, version: stored };
    },
  };
}

/**
 * `open` (staff): a new game from the blind test's questions in their order, under a 6-digit
 * code no other live game has. A game under way is answered as it is (a host's screen
 * reloaded), unless `restart: true`.
 */
async function open(tx: Db, state: BlindTestState, call: GameCall): Promise<GameOutcome> {
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
  // A 6-digit code that no other live game, blind test or tournament, uses (live/live-codes.ts).
  const code = (await freeLiveCode(tx, state.id)) ?? refuseGame(NO_FREE_LIVE_CODE);
  const game = openGame(questions, { mode, slowestShare, wrongBuzzPenalty, streakBonus, teams, teamScore, autoReveal }, code);
  // A game played before under the same code (one in a million) leaves no answer to this one.
  await tx.query('DELETE FROM blind_test_answers WHERE blind_test_id = $1 AND code = $2', [state.id, game.code]);
  return { state: { ...state, game, record: { ...state.record, status: 'live' } } };
}

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
