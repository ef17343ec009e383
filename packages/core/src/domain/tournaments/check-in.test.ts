import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { start } from '../tournament-engine/engine';
import type { EngineTournament } from '../tournament-engine/tournament-engine.schema';
import { absentAtStart, checkInSummary, presentAtStart, startWarning } from './check-in';
import { ok, played, registered } from './live-night.testing';

// A bar night: ten walk-ins registered, the tenth does not come.
const night = registered(10, 'double_elimination', { checkIn: true }, (i) => i !== 9);

describe('check-in at the door', () => {
  it('counts who is here and warns the host of who the start will remove', () => {
    expect(checkInSummary(night)).toBe('9 présents sur 10');
    expect(startWarning(night)).toBe('1 absent sera retiré du tableau.');
    expect(absentAtStart(night).map((p) => p.name)).toEqual(['Joueur 10']);
    expect(startWarning(registered(4, 'swiss', { checkIn: true }, (i) => i < 1))).toBe('3 absents seront retirés du tableau.');
    expect(checkInSummary(registered(3, 'swiss', { checkIn: true }, () => false))).toBe('0 présent sur 3');
  });

  it('removes nobody when the tournament does not check in', () => {
    const open = registered(10, 'double_elimination', {}, (i) => i !== 9);
    expect(startWarning(open)).toBeNull();
    expect(presentAtStart(open)).toHaveLength(10);
  });

  it('draws only the players present at the start', () => {
    const t = ok(start(night));
    expect(t.participants.find((p) => p.name === 'Joueur 10')?.dropped).toBe(true);
    expect(t.matches.some((m) => m.a === 'p10' || m.b === 'p10')).toBe(false);
  });
});

/** Plays every match out, a winning when `aWins` says so: the bracket must lead to a champion. */
function playToTheEnd(t: EngineTournament, aWins: () => boolean): EngineTournament {
  for (let guard = 0; t.status === 'running'; guard++) {
    if (guard > 2_000) throw new Error('the bracket never ends');
    t = played(t, t.matches.find((m) => m.status === 'ready')!, aWins());
  }
  return t;
}

describe('check-in removal (fast-check)', () => {
  it('leaves a valid bracket: the present seeded among themselves as if the absent had never registered, played to a champion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 256 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.boolean(), { minLength: n, maxLength: n }))),
        fc.constantFrom('single_elimination' as const, 'double_elimination' as const),
        fc.infiniteStream(fc.boolean()),
        ([n, here], format, results) => {
          fc.pre(here.filter(Boolean).length >= 2);
          const t = ok(start(registered(n, format, { checkIn: true }, (i) => here[i]!)));
          const present = presentAtStart(registered(n, format, { checkIn: true }, (i) => here[i]!)).map((p) => p.id);
          // The same field registered without the absent, seeds 1…k in the same order.
          const alone = ok(start(registered(present.length, format)));
          const rename = (id: string | null) => (id === null ? null : present[Number(id.slice(1)) - 1]!);
          expect(t.matches.map((m) => [m.id, m.a, m.b])).toEqual(alone.matches.map((m) => [m.id, rename(m.a), rename(m.b)]));
          const drawn = new Set(t.matches.flatMap((m) => [m.a, m.b]).filter((id) => id !== null));
          expect([...drawn].sort()).toEqual([...present].sort());
          expect(t.matches.filter((m) => m.round === 1 && m.bracket === 'winners').flatMap((m) => [m.a, m.b]).filter((id) => id !== null)).toHaveLength(present.length);
          // Played out where it is quick (a report costs ~15 ms at 256 players).
          if (present.length > 32) return;
          const it = results[Symbol.iterator]();
          const end = playToTheEnd(t, () => it.next().value as boolean);
          expect(present).toContain(end.winnerId);
        },
      ),
      { numRuns: 30 },
    );
  }, 20_000);
});
