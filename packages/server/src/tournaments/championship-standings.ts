import { ChampionshipInputSchema, championshipStandings, TournamentInputSchema } from '@sortie/core/domain';
import type { Db } from '../db/database';
import type { Data } from '../db/entities';

/** A championship's table as stored and shown: core's rows without their rank lists. */
export type ChampionshipTable = Array<{ participant: string; points: number; tournaments: number }>;

/** The table of a championship's record, from its tournaments' final ranks (core's `championshipStandings`). */
export async function standingsOf(db: Db, championship: Data): Promise<ChampionshipTable> {
  const { tournamentIds, scoring } = ChampionshipInputSchema.pick({ tournamentIds: true, scoring: true }).parse(championship);
  if (tournamentIds.length === 0) return [];
  const rows = await db.query<{ data: unknown }>('SELECT data FROM tournaments WHERE id = ANY($1::text[])', [tournamentIds]);
  const tournaments = rows.map((row) => TournamentInputSchema.loose().parse(row.data));
  return championshipStandings(scoring, tournaments).map(({ participant, points, tournaments: played }) => ({ participant, points, tournaments: played }));
}

/**
 * Stores again the table of the championships that count `tournamentId` (a tournament finished,
 * was reopened, renamed a player or went), or of the championship `championshipId`.
 */
export async function refreshChampionships(db: Db, which: { tournamentId: string } | { championshipId: string }): Promise<void> {
  const championships =
    'tournamentId' in which
      ? await db.query<{ id: string; data: Data }>(`SELECT id, data FROM championships WHERE data->'tournamentIds' ? $1`, [which.tournamentId])
      : await db.query<{ id: string; data: Data }>('SELECT id, data FROM championships WHERE id = $1', [which.championshipId]);
  for (const championship of championships) {
    const standings = await standingsOf(db, championship.data);
    await db.query(`UPDATE championships SET data = jsonb_set(data, '{standings}', $2::jsonb) WHERE id = $1`, [championship.id, JSON.stringify(standings)]);
  }
}
