import { describe, expect, it } from 'vitest';
import { GameSchema, type Game } from './blind-test-game.schema';
import { BLIND_TEST_ACTIONS } from './blind-test-actions';
import { joinGame, kickPlayer } from './game';
import { moveToTeam, teamLeaderboard } from './teams';
import { playerView, screenView } from './views';

const question = { id: 'q1', kind: 'text', prompt: 'Capitale ?', answers: ['Paris'] } as const;
const game = (teams: string[], teamScore: 'mean' | 'sum' = 'mean'): Game => GameSchema.parse({ code: '123456', questions: [question], settings: { teams, teamScore } });
const withScores = (g: Game, scores: Record<string, number>): Game => ({ ...g, players: g.players.map((p) => ({ ...p, score: scores[p.nickname] ?? p.score })) });

describe('team mode', () => {
  it('puts a player in the team they choose, whatever its case, and the others in the smallest team', () => {
    let g = game(['Rouges', 'Bleus']);
    g = joinGame(g, 'a', 'Aitana', 'bleus');
    g = joinGame(g, 'b', 'Luigi');
    g = joinGame(g, 'c', 'Alex');
    g = joinGame(g, 'd', 'Sam');
    expect(g.players.map((p) => `${p.nickname}:${p.team}`)).toEqual(['Aitana:Bleus', 'Luigi:Rouges', 'Alex:Rouges', 'Sam:Bleus']);
    // Back after a reconnection (same player, no choice): their own team, not the smallest.
    expect(joinGame(joinGame(g, 'e', 'Lou', 'Rouges'), 'a', 'Aitana').players.find((p) => p.id === 'a')!.team).toBe('Bleus');
  });

  it('refuses a team the host did not name, in French', () => {
    expect(() => joinGame(game(['Rouges', 'Bleus']), 'a', 'Aitana', 'Verts')).toThrow('Cette équipe n’existe pas : choisissez parmi Rouges, Bleus.');
  });

  it('scores a team as its players’ mean, or their sum, as the host chose; level teams share a rank (in the host’s order); a kicked player no longer counts', () => {
    let g = game(['Rouges', 'Bleus', 'Verts']);
    for (const [id, name, team] of [['a', 'Aitana', 'Rouges'], ['b', 'Luigi', 'Rouges'], ['c', 'Alex', 'Bleus'], ['d', 'Sam', 'Verts']] as const) g = joinGame(g, id, name, team);
    g = withScores(g, { Aitana: 300, Luigi: 100, Alex: 200, Sam: 150 });
    expect(teamLeaderboard(g)).toEqual([
      { team: 'Rouges', rank: 1, score: 200, players: 2 },
      { team: 'Bleus', rank: 1, score: 200, players: 1 },
      { team: 'Verts', rank: 3, score: 150, players: 1 },
    ]);
    expect(teamLeaderboard({ ...g, settings: { ...g.settings, teamScore: 'sum' } }).map((r) => `${r.rank} ${r.team} ${r.score}`)).toEqual(['1 Rouges 400', '2 Bleus 200', '3 Verts 150']);
    expect(teamLeaderboard(kickPlayer(g, 'b')).find((r) => r.team === 'Rouges')).toEqual({ team: 'Rouges', rank: 1, score: 300, players: 1 });
  });

  it('lets the host move a player, with their points; the screen and the phone show the teams', () => {
    let g = game(['Rouges', 'Bleus']);
    g = withScores(joinGame(joinGame(g, 'a', 'Aitana', 'Rouges'), 'b', 'Luigi', 'Rouges'), { Aitana: 100, Luigi: 50 });
    g = BLIND_TEST_ACTIONS.team.perform(g, { playerId: 'b', team: 'Bleus' }, { role: 'host' }, { now: 0 });
    expect(screenView(g, 0).teams.map((r) => `${r.team} ${r.score}`)).toEqual(['Rouges 100', 'Bleus 50']);
    expect(playerView(g, 'b', 0).me).toMatchObject({ nickname: 'Luigi', team: 'Bleus' });
    expect(() => moveToTeam(game([]), 'a', 'Rouges')).toThrow('Cette partie ne se joue pas en équipes.');
  });

  it('plays alone when the host names no team', () => {
    const g = joinGame(game([]), 'a', 'Aitana');
    expect(g.players[0]!.team).toBeUndefined();
    expect(screenView(g, 0).teams).toEqual([]);
    expect(playerView(g, 'a', 0).me).not.toHaveProperty('team');
  });

  it('refuses two teams of the same name and more than 12 teams', () => {
    expect(GameSchema.safeParse({ code: '123456', questions: [question], settings: { teams: ['Rouges', 'rouges'] } }).error?.issues[0]?.message).toBe('Deux équipes portent le même nom.');
    expect(GameSchema.safeParse({ code: '123456', questions: [question], settings: { teams: Array.from({ length: 13 }, (_, i) => `É${i}`) } }).error?.issues[0]?.message).toBe('Au plus 12 équipes.');
  });
});
