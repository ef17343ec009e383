import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownSections } from './bye-cards';
import { SCREEN_COLUMN_MATCHES, screenPages } from './screen-pages';
import { registered, started } from './live-night.testing';
import { start } from '../tournament-engine/engine';

const titles = (n: number, format: 'single_elimination' | 'double_elimination', thirdPlace = false) => screenPages(shownSections(started(n, format, { thirdPlace }))).map((p) => p.title);

describe('the parts of a bracket on the venue’s screen', () => {
  it('shows a double elimination of 8 as the main bracket, the losers’ and the final, in that order', () => {
    expect(titles(8, 'double_elimination')).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
  });

  it('shows the grand final and the third place together', () => {
    expect(titles(8, 'single_elimination', true)).toEqual(['Tableau principal', 'Petite finale']);
  });

  it('cuts rounds of 64 and 32 matches into parts of 16, then shows the rest of the bracket on one page', () => {
    expect(titles(128, 'single_elimination')).toEqual([
      'Tableau principal · Tour 1 (1/4)',
      'Tableau principal · Tour 1 (2/4)',
      'Tableau principal · Tour 1 (3/4)',
      'Tableau principal · Tour 1 (4/4)',
      'Tableau principal · Tour 2 (1/2)',
      'Tableau principal · Tour 2 (2/2)',
      'Tableau principal · Seizièmes de finale, Huitièmes de finale, Quarts de finale, Demi-finales, Finale',
    ]);
  });

  it('shows groups two by two', () => {
    const t = start(registered(16, 'groups_then_elimination', { groupSize: 4 }));
    if (!t.ok) throw t.error;
    expect(screenPages(shownSections(t.tournament)).map((p) => p.title)).toEqual(['Poule A et Poule B', 'Poule C et Poule D']);
  });

  it('puts every match the screen shows on exactly one page, never more than a column holds in a round (2 to 256 players, fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.constantFrom('single_elimination' as const, 'double_elimination' as const), (n, format) => {
        const sections = shownSections(started(n, format));
        const pages = screenPages(sections);
        const onPages = pages.flatMap((p) => p.sections.flatMap((s) => s.rounds.flatMap((r) => r.matches.map((m) => m.id))));
        expect(onPages.sort()).toEqual(sections.flatMap((s) => s.rounds.flatMap((r) => r.matches.map((m) => m.id))).sort());
        for (const page of pages) for (const s of page.sections) for (const r of s.rounds) expect(r.matches.length).toBeLessThanOrEqual(SCREEN_COLUMN_MATCHES);
        expect(new Set(pages.map((p) => p.key)).size).toBe(pages.length);
      }),
      { numRuns: 60 },
    );
  });
});
