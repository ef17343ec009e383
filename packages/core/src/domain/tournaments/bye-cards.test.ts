import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineTournament } from '../tournament-engine/tournament-engine.schema';
import { isBye, isByeAgainstBye, shownSections } from './bye-cards';
import { participantName } from './tournament-view';
import { disqualify } from '../tournament-engine/engine';
import { ok, played, started } from './live-night.testing';

const cards = (t: EngineTournament) => shownSections(t).flatMap((s) => s.rounds.flatMap((r) => r.matches.map((m) => `${participantName(t, m.a, m.status === 'done')} / ${participantName(t, m.b, m.status === 'done')}`)));

describe('byes on a screen', () => {
  it('shows five players’ double elimination without « Exempt / Exempt » cards, but with the top seeds’ byes', () => {
    const t = started(5, 'double_elimination');
    // The engine pads to eight: the losers’ round 1 is built with nobody on either side.
    expect(t.matches.filter(isByeAgainstBye).map((m) => m.id)).toEqual(['L1-2']);
    expect(cards(t)).not.toContain('Exempt / Exempt');
    expect(cards(t)).toContain('Joueur 1 / Exempt');
    expect(t.matches.filter(isBye).map((m) => m.id)).toEqual(['W1-1', 'W1-3', 'W1-4']);
    expect(shownSections(t).map((s) => s.title)).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
  });
});

/** The bye-against-bye matches a screen would show, and the matches it would leave out though someone plays them. */
function screenFaults(t: EngineTournament): string[] {
  const shown = shownSections(t).flatMap((s) => s.rounds.flatMap((r) => r.matches));
  const ids = new Set(shown.map((m) => m.id));
  return [
    ...shown.filter(isByeAgainstBye).map((m) => `${m.id} shown with nobody`),
    ...t.matches.filter((m) => !isByeAgainstBye(m) && !ids.has(m.id)).map((m) => `${m.id} missing`),
  ];
}

const fields = fc.constantFrom('single_elimination' as const, 'double_elimination' as const);

describe('any field from 2 to 256 (fast-check)', () => {
  it('shows no bye-against-bye match at the draw, and every other match', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fields, fc.boolean(), (n, format, thirdPlace) => {
        expect(screenFaults(started(n, format, { thirdPlace }))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }, 20_000);

  it('shows none either as the night goes on, disqualifications included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 32 }), fields, fc.boolean(), fc.infiniteStream(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }))), (n, format, thirdPlace, results) => {
        let t = started(n, format, { thirdPlace });
        const it = results[Symbol.iterator]();
        while (t.status === 'running') {
          expect(screenFaults(t)).toEqual([]);
          const [aWins, roll] = it.next().value as [boolean, number];
          const match = t.matches.find((m) => m.status === 'ready')!;
          // One time in ten, a player is disqualified instead: their matches left become forfeits or empty slots.
          t = roll === 0 ? ok(disqualify(t, (aWins ? match.a : match.b)!)) : played(t, match, aWins);
        }
        expect(screenFaults(t)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 20_000);
});
