import { randomInt } from 'node:crypto';
import { AppError, isLiveCode, liveCodeFrom, type LiveGame } from '@sortie/core';
import type { Db } from '../db/database';
import type { Data } from '../db/entities';
import type { Json, Store } from '../db/store';

/*
 * The 6-digit codes of live games (issue 32), one pool for blind tests and tournaments: a blind
 * test is live while its game is played (status 'live', its code in its game), a tournament while
 * registration is open or it runs (its `joinCode`). Drawn here only, so that no two live games, of
 * either kind, ever share a code; `/j` finds a game by it.
 */

/** Live blind tests and tournaments with this code, as (kind, id) rows; `except`: one game left out. */
const TAKEN = `SELECT 'blindTest' AS kind, id FROM blind_tests WHERE status = 'live' AND data->'game'->>'code' = $1 AND id <> $2
  UNION ALL SELECT 'tournament' AS kind, id FROM tournaments WHERE status IN ('registration', 'running') AND data->>'joinCode' = $1 AND id <> $2`;

/** Tries before giving up (with a thousand live games, the odds of 50 taken draws are nil). */
const ATTEMPTS = 50;

/** Why no code could be drawn, in French. */
export const NO_FREE_LIVE_CODE = 'Trop de parties en cours : réessayez dans un instant.';

/**
 * A code no other live game has, or null when every draw was taken. In a transaction, the draw
 * holds a lock until it commits, so two games opened at once cannot draw the same code. `draw` is
 * the random source (tests pass theirs).
 */
export async function freeLiveCode(db: Db, except = '', draw: () => number = () => randomInt(0, 1_000_000)): Promise<string | null> {
  // Released at the transaction's end (outside one, at once: the odds of a clash are one in a million).
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('sortie:live-codes'))`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = liveCodeFrom(draw());
    const [taken] = await db.query(`${TAKEN} LIMIT 1`, [code, except]);
    if (!taken) return code;
  }
  return null;
}

/** The live game this code opens, or null (a malformed code included). */
export async function findLiveGame(db: Db, code: string): Promise<LiveGame | null> {
  if (!isLiveCode(code)) return null;
  const [row] = await db.query<{ kind: LiveGame['kind']; id: string }>(`${TAKEN} LIMIT 1`, [code, '']);
  return row ? { kind: row.kind, id: row.id } : null;
}

/** The same, for a route: the live game a visitor's code opens. */
export const liveGameOf = (ctx: { db: Db }, code: string): Promise<LiveGame | null> => findLiveGame(ctx.db, code);

/**
 * Gives a code to every tournament taking registrations or running that has none (created before
 * issue 32, or loaded by the demo): at start and after the demo's load. Each in turn, so that each
 * draw sees the codes given before it.
 */
export async function assignTournamentCodes(db: Db): Promise<number> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM tournaments WHERE status IN ('registration', 'running') AND NOT (data ? 'joinCode') ORDER BY id`);
  for (const { id } of rows) {
    await db.transaction(async (tx) => {
      const code = await freeLiveCode(tx, id);
      if (code) await tx.query(`UPDATE tournaments SET data = jsonb_set(data, '{joinCode}', to_jsonb($2::text)) WHERE id = $1 AND NOT (data ? 'joinCode')`, [id, code]);
    });
  }
  return rows.length;
}

/** A tournament's REST create (its resource policy's `create`): stored with a code of its own, drawn in the insert's transaction. */
export function insertTournamentWithCode(ctx: { db: Db; store: Store }, data: Data): Promise<Json> {
  return ctx.db.transaction(async (tx) => {
    const joinCode = await freeLiveCode(tx);
    if (!joinCode) throw new AppError(NO_FREE_LIVE_CODE, { code: 'NO_FREE_CODE', statusCode: 503 });
    return ctx.store.insert('tournaments', { ...data, joinCode }, { db: tx });
  });
}
