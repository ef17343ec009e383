import { describe, expect, it } from 'vitest';
import { act, registered, reported, reportedByA, started, TOURNAMENT_ID } from '../../test/tournament-states';
import { formatTournament, formatTournamentView } from './tournament-format';

/** Six players in a double elimination: two byes, a played match, a forfeit, a report to confirm. */
function doubleElimination() {
  let t = started('double_elimination', ['Léa', 'Noé', 'Hugo', 'Zoé', 'Inès', 'Maël']);
  t = reported(t, ['W1-2', 3, 1], ['W1-4', 0, 2]);
  t = act(t, 'disqualify', { participantId: 'p2' });
  return reportedByA(t, 'W2-1', 2, 0);
}

/** Four players, two Swiss rounds: a draw in the first. */
function swiss(finished: boolean) {
  let t = started('swiss', ['Léa', 'Noé', 'Hugo', 'Zoé'], { swissRounds: 2 });
  t = reported(t, ...t.matches.filter((m) => m.status === 'ready').map((m, i) => [m.id, i === 0 ? 1 : 2, 1] as const));
  t = act(t, 'nextRound');
  if (!finished) return t;
  return reported(t, ...t.matches.filter((m) => m.status === 'ready').map((m) => [m.id, 3, 0] as const));
}

describe('a tournament in the terminal', () => {
  it('draws a double elimination section by section, round by round, in core’s French titles', () => {
    const lines = formatTournamentView(doubleElimination());
    expect(lines.slice(0, 5)).toEqual([
      `Tournoi « Coupe de Poitiers » (${TOURNAMENT_ID})`,
      '  Jeu          : Mario Kart',
      '  Format       : double élimination',
      '  Statut       : en cours',
      '  Participants : 6',
    ]);
    expect(lines.filter((line) => /^\S/.test(line)).slice(1)).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
    expect(lines).toContain('  Quarts de finale');
    expect(lines).toContain('  Finale des perdants');
    const match = (id: string) => lines.find((line) => line.includes(` ${id} `))?.trim();
    expect(match('W1-1')).toMatch(/^W1-1 +Léa +– +Exempt$/);
    expect(match('W1-2')).toMatch(/^W1-2 +Zoé 3 – 1 Inès$/);
    expect(match('W2-1')).toMatch(/^▶ W2-1 +Léa 2 – 0 Zoé +en attente de confirmation$/);
    expect(match('W2-2')).toMatch(/^W2-2 +Noé +– +Maël +victoire de Maël par forfait$/);
    expect(match('W3-1')).toMatch(/^W3-1 +À déterminer +– +Maël$/);
    expect(match('L1-1')).toMatch(/^L1-1 +Exempt – Inès$/);
    // Only the match being played is marked: W2-1, whose score waits for Zoé.
    expect(lines.filter((line) => line.includes('▶'))).toHaveLength(1);
  });

  it('cuts long names so that every line fits the terminal’s width', () => {
    let t = registered('single_elimination', ['Maximilien-Alexandre de la Tour d’Auvergne', 'Noé', 'Hugo', 'Zoé']);
    t = reportedByA(act(t, 'start'), 'W1-1', 1, 0);
    const narrow = formatTournamentView(t, 40).slice(6);
    expect(Math.max(...narrow.map((line) => line.length))).toBeLessThanOrEqual(40);
    expect(narrow).toContain('  ▶ W1-1  Maximilien… 1 – 0 Zoé');
    expect(narrow).toContain('          en attente de confirmation');
    expect(formatTournamentView(t, 120)).toContain('  ▶ W1-1  Maximilien-Alexandre de la To… 1 – 0 Zoé           en attente de confirmation');
  });

  it('shows a Swiss tournament as its standings with Buchholz and Sonneborn-Berger, then the matches to play', () => {
    const lines = formatTournamentView(swiss(false));
    const table = lines.indexOf('Classement');
    expect(lines[table + 1]!.split(/ +/)).toEqual(['RANG', 'JOUEUR', 'J', 'V', 'N', 'D', 'PTS', 'BUCHHOLZ', 'SB']);
    expect(lines.slice(table + 3, table + 7)).toHaveLength(4);
    expect(lines).toContain('À jouer');
    expect(lines).toContain('  Ronde 2');
    expect(lines.filter((line) => line.includes('▶') && line.endsWith('à jouer'))).toHaveLength(2);
  });

  it('names the winner of a finished Swiss and keeps the final table', () => {
    const t = swiss(true);
    const lines = formatTournamentView(t);
    expect(t.status).toBe('finished');
    expect(lines).toContain(`  Vainqueur    : ${t.participants.find((p) => p.id === t.winnerId)!.name}`);
    expect(lines).not.toContain('À jouer');
    const table = lines.indexOf('Classement');
    expect(lines.slice(table + 1)).toEqual([
      'RANG  JOUEUR  J  V  N  D  PTS  BUCHHOLZ   SB',
      '────  ──────  ─  ─  ─  ─  ───  ────────  ───',
      '   1  Noé     2  2  0  0    6         1    1',
      '   2  Hugo    2  1  1  0    4         1  0,5',
      '   3  Léa     2  0  1  1    1        10    2',
      '   4  Zoé     2  0  0  2    0        10    0',
    ]);
  });

  it('gives groups a table each, and says which group a match to play belongs to', () => {
    let t = started('groups_then_elimination', ['Léa', 'Noé', 'Hugo', 'Zoé', 'Inès', 'Maël', 'Jade', 'Tom'], { groupSize: 4 });
    t = reported(t, [t.matches.find((m) => m.status === 'ready')!.id, 2, 0]);
    const lines = formatTournamentView(t);
    expect(lines.filter((line) => line.startsWith('Classement'))).toEqual(['Classement — Poule A', 'Classement — Poule B']);
    expect(lines).toContain('  Poule A — Journée 1');
    expect(lines).toContain('  Poule B — Journée 1');
    // Poule A's first day is half played, Poule B's not at all: their first day only.
    expect(lines.filter((line) => line.includes('▶'))).toHaveLength(3);
    expect(lines.filter((line) => line.includes('Journée 2'))).toEqual([]);
  });

  it('lists the participants while registrations are open, and sums up a tournament for `get`', () => {
    const t = act(registered('round_robin', ['Léa', 'Noé'], { checkIn: true }), 'checkIn', {}, { id: 'u1', name: 'Léa', staff: false });
    expect(formatTournamentView(t).slice(-4)).toEqual(['N°  ID  NOM  PRÉSENT', '──  ──  ───  ───────', ' 1  p1  Léa  oui', ' 2  p2  Noé  non']);
    expect(formatTournament(t)).toContain('  Participants : 2 : Léa, Noé');
  });
});
