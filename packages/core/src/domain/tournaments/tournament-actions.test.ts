import { describe, expect, it } from 'vitest';
import { buildMatches, join, reportScore, start, TournamentRefusal } from './bracket';

const players = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Joueur ${i + 1}`, seed: i + 1 }));
const fresh = (n: number) => ({ format: 'single_elimination' as const, status: 'registration' as const, participants: players(n), matches: [] });

describe('tournament bracket', () => {
  it('seeds 1 against the last and lets byes through', () => {
    const matches = buildMatches('single_elimination', players(6));
    expect(matches.filter((m) => m.round === 1).map((m) => [m.a, m.b])).toEqual([['p1', null], ['p2', null], ['p3', 'p6'], ['p4', 'p5']]);
    expect(matches.find((m) => m.id === 'r2m1')).toMatchObject({ a: 'p1', b: 'p2', status: 'ready' });
    expect(matches).toHaveLength(7);
  });

  it('plays a tournament to its winner', () => {
    let t = start(fresh(4));
    t = reportScore(t, 'r1m1', 3, 1);
    t = reportScore(t, 'r1m2', 0, 2);
    expect(t.matches.find((m) => m.id === 'r2m1')).toMatchObject({ a: 'p1', b: 'p3', status: 'ready' });
    t = reportScore(t, 'r2m1', 1, 2);
    expect(t.status).toBe('finished');
    expect(t.matches.find((m) => m.id === 'r2m1')!.winner).toBe('p3');
  });

  it('builds every pairing in a round-robin', () => {
    expect(buildMatches('round_robin', players(4))).toHaveLength(6);
  });

  it('refuses in French what the rules forbid', () => {
    expect(() => start(fresh(1))).toThrow(TournamentRefusal);
    expect(() => join(start(fresh(2)), { id: 'x', name: 'X' })).toThrow('Les inscriptions sont closes.');
    expect(() => join(fresh(2), { id: 'p1', name: 'Encore' })).toThrow('Vous êtes déjà inscrit.');
    expect(() => reportScore(start(fresh(2)), 'r1m1', 1, 1)).toThrow('égalité');
    expect(() => reportScore(start(fresh(2)), 'zzz', 1, 0)).toThrow('Match introuvable.');
  });
});
