import { describe, expect, it } from 'vitest';
import { start } from '../tournament-engine/engine';
import { EngineTournamentSchema, type Format } from '../tournament-engine/tournament-engine.schema';
import { bracketSections, currentMatches, showsStandings } from './tournament-layout';

function started(n: number, format: Format, settings: Record<string, unknown> = {}) {
  const participants = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `J${i + 1}`, seed: i + 1 }));
  const result = start(EngineTournamentSchema.parse({ format, settings, participants }));
  if (!result.ok) throw result.error;
  return result.tournament;
}

describe('the layout of a tournament', () => {
  it('titles an 8-player double elimination’s sections and rounds in French, in reading order', () => {
    const sections = bracketSections(started(8, 'double_elimination'));
    expect(sections.map((s) => s.title)).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
    expect(sections[0]!.rounds.map((r) => [r.title, r.matches.length])).toEqual([['Quarts de finale', 4], ['Demi-finales', 2], ['Finale', 1]]);
    expect(sections[1]!.rounds.at(-1)!.title).toBe('Finale des perdants');
  });

  it('names groups by letter and the second stage apart', () => {
    const t = started(8, 'groups_then_elimination', { groupSize: 4 });
    expect(bracketSections(t).map((s) => s.title)).toEqual(['Poule A', 'Poule B']);
    expect(showsStandings(t)).toBe(true);
    expect(currentMatches(t).length).toBeGreaterThan(0);
  });

  it('reads a Swiss tournament as rounds and a table', () => {
    const t = started(6, 'swiss');
    expect(bracketSections(t)).toMatchObject([{ title: 'Ronde suisse', rounds: [{ title: 'Ronde 1' }] }]);
    expect(showsStandings(t)).toBe(true);
    expect(showsStandings(started(4, 'single_elimination'))).toBe(false);
  });
});
