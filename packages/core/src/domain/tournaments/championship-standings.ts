import type { EngineTournament } from '../tournament-engine/tournament-engine.schema';

/** A row of a championship's table: a player across the tournaments they finished. */
export interface ChampionshipRow {
  participant: string;
  points: number;
  tournaments: number;
  /** Their final ranks, best first: the tiebreak (more first places, then more second…). */
  ranks: number[];
}

/**
 * A championship's standings from its finished tournaments' final ranks: `scoring[0]` points
 * for the winner, `scoring[1]` for the second, nothing past the table. A player is the same
 * across tournaments by account when they joined with one, else by name (walk-ins).
 */
export function championshipStandings(scoring: readonly number[], tournaments: ReadonlyArray<Pick<EngineTournament, 'status' | 'participants' | 'standings'>>): ChampionshipRow[] {
  const rows = new Map<string, ChampionshipRow>();
  for (const tournament of tournaments) {
    if (tournament.status !== 'finished') continue;
    for (const standing of tournament.standings) {
      const participant = tournament.participants.find((p) => p.id === standing.participantId);
      if (!participant) continue;
      const key = participant.userId ? `user:${participant.userId}` : `name:${participant.name.trim().toLocaleLowerCase('fr')}`;
      const row = rows.get(key) ?? { participant: participant.name, points: 0, tournaments: 0, ranks: [] };
      row.points += scoring[standing.rank - 1] ?? 0;
      row.tournaments += 1;
      row.ranks.push(standing.rank);
      rows.set(key, row);
    }
  }
  const table = [...rows.values()].map((row) => ({ ...row, ranks: [...row.ranks].sort((x, y) => x - y) }));
  return table.sort((x, y) => y.points - x.points || compareRanks(x.ranks, y.ranks) || x.participant.localeCompare(y.participant, 'fr'));
}

/** Better ranks first: [1, 4] before [2, 2]; more tournaments ahead when the shared ranks tie. */
function compareRanks(x: readonly number[], y: readonly number[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return y.length - x.length;
}
