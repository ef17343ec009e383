import { describe, expect, it } from 'vitest';
import { championshipStandings } from './championship-standings';

const finished = (rows: Array<[name: string, rank: number, userId?: string]>, status: 'finished' | 'running' = 'finished') => ({
  status,
  participants: rows.map(([name, , userId], i) => ({ id: `p${i + 1}`, name, seed: i + 1, checkedIn: false, dropped: false, ...(userId ? { userId } : {}) })),
  standings: rows.map(([, rank], i) => ({ participantId: `p${i + 1}`, rank, played: 1, wins: 0, draws: 0, losses: 0, points: 0, tiebreaks: { headToHead: 0, buchholz: 0, sonnebornBerger: 0 } })),
});

describe('a championship’s standings', () => {
  it('adds the points of each final rank across finished tournaments, a player known by account or by name', () => {
    const table = championshipStandings([10, 6, 4], [
      finished([['Léa', 1, 'u1'], ['Noé', 2], ['Ana', 3]]),
      finished([['Léa la terrible', 2, 'u1'], ['noé ', 1], ['Ana', 4]]),
      finished([['Ana', 1]], 'running'),
    ]);
    // Léa and Noé tie on points and on ranks (a first and a second each): by name.
    expect(table.map((r) => [r.participant, r.points, r.tournaments])).toEqual([
      ['Léa', 16, 2],
      ['Noé', 16, 2],
      ['Ana', 4, 2],
    ]);
  });

  it('breaks a tie on points by the better ranks', () => {
    const table = championshipStandings([5, 5, 0], [finished([['B', 2], ['A', 1]])]);
    expect(table.map((r) => r.participant)).toEqual(['A', 'B']);
  });
});
