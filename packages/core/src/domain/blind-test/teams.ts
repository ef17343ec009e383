import { refuseGame } from './blind-test.errors';
import type { Game } from './blind-test-game.schema';

/*
 * Team mode: the host names the teams before the game; each player chooses one on joining, or
 * is put in the smallest; the host may move anyone. Players still score alone; a team's score
 * is its players' mean (fair to a team of two against a team of six) or their sum, as the host
 * chose. A game without team names is played alone, as before.
 */

export { MAX_TEAMS, TEAM_SCORES, type TeamScore } from './teams.constants';

export interface TeamRow {
  team: string;
  rank: number;
  /** The mean (rounded) or the sum of its players' points. */
  score: number;
  players: number;
}

/** Whether the game is played in teams. */
export const playsInTeams = (game: Pick<Game, 'settings'>): boolean => game.settings.teams.length > 0;

const activeIn = (game: Game, team: string) => game.players.filter((p) => !p.kicked && p.team === team);

/** The team a joining player goes to: the one they chose, else their own if they had one, else the smallest (the first of the smallest). */
export function teamFor(game: Game, playerId: string, chosen: string | undefined): string | undefined {
  if (!playsInTeams(game)) return undefined;
  if (chosen !== undefined) {
    const named = game.settings.teams.find((t) => t.toLocaleLowerCase('fr') === chosen.trim().toLocaleLowerCase('fr'));
    return named ?? refuseGame(`Cette équipe n’existe pas : choisissez parmi ${game.settings.teams.join(', ')}.`);
  }
  const own = game.players.find((p) => p.id === playerId)?.team;
  if (own && game.settings.teams.includes(own)) return own;
  const sizes = game.settings.teams.map((team) => activeIn(game, team).filter((p) => p.id !== playerId).length);
  return game.settings.teams[sizes.indexOf(Math.min(...sizes))];
}

/** The host moves a player to another team; their own points go with them. */
export function moveToTeam(game: Game, playerId: string, team: string): Game {
  if (!playsInTeams(game)) refuseGame('Cette partie ne se joue pas en équipes.');
  const player = game.players.find((p) => p.id === playerId && !p.kicked);
  if (!player) refuseGame('Ce joueur ne fait pas partie de la partie.');
  const chosen = teamFor(game, playerId, team);
  return { ...game, players: game.players.map((p) => (p.id === playerId ? { ...p, team: chosen } : p)) };
}

/** The teams ranked by score (mean or sum), level teams sharing a rank in the host's order; a team nobody joined shows with 0. */
export function teamLeaderboard(game: Game): TeamRow[] {
  if (!playsInTeams(game)) return [];
  const rows = game.settings.teams.map((team) => {
    const members = activeIn(game, team);
    const total = members.reduce((sum, p) => sum + p.score, 0);
    const score = game.settings.teamScore === 'sum' || members.length === 0 ? total : Math.round(total / members.length);
    return { team, score, players: members.length, rank: 0 };
  });
  rows.sort((x, y) => y.score - x.score);
  rows.forEach((row, i) => (row.rank = i > 0 && rows[i - 1]!.score === row.score ? rows[i - 1]!.rank : i + 1));
  return rows;
}
