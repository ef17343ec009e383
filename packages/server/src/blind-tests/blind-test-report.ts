import { gameReport, reportCsv, type ReportRow } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { stateOf, storedAnswers } from './blind-test-rows';

/**
 * A blind test's report (issue 32): one row per player and question of its game (the last one
 * opened, its current round), from the game's row and the answers' table, as a CSV with French headers.
 */
export async function blindTestReport(ctx: Pick<AppContext, 'db'>, id: string): Promise<{ csv: string; fileName: string }> {
  const { rows, code } = await reportRows(ctx, id);
  return { csv: reportCsv(rows), fileName: `blind-test-${id}-${code}.csv` };
}

/** The same rows, for the host's desk after the podium. */
export async function blindTestReportRows(ctx: Pick<AppContext, 'db'>, id: string): Promise<{ rows: ReportRow[] }> {
  return { rows: (await reportRows(ctx, id)).rows };
}

async function reportRows(ctx: Pick<AppContext, 'db'>, id: string): Promise<{ rows: ReportRow[]; code: string }> {
  const [row] = await ctx.db.query<{ data: unknown }>('SELECT data FROM blind_tests WHERE id = $1', [id]);
  if (!row) throw notFound('Blind test introuvable.');
  const game = stateOf(id, row.data).game;
  if (!game) throw notFound('Ce blind test n’a pas encore de partie : ouvrez-la depuis le tableau de bord.');
  return { rows: gameReport(game, await storedAnswers(ctx.db, id, game)), code: game.code };
}
