import { describe, expect, it } from 'vitest';
import { groupResults, type SearchAnswer } from './search-results';

const hit = (kind: string, n: number) => ({ kind, _id: `${n}`.padStart(24, 'a'), title: `${kind} ${n}`, item: { startsAt: '2026-12-01T19:00:00.000Z', city: 'Poitiers' } });

describe('groupResults', () => {
  it('groups hits in a fixed order and says « plus de » when the server stopped counting', () => {
    const answer: SearchAnswer = { q: 'jazz', counts: { event: 100, place: 3 }, estimates: { event: true, place: false }, items: [hit('place', 1), hit('event', 2)] };
    const groups = groupResults(answer, (iso) => iso.slice(0, 10));
    expect(groups.map((g) => g.kind)).toEqual(['event', 'place']);
    expect(groups[0]!.totalLabel.replace(/\s/g, ' ')).toBe('plus de 100');
    expect(groups[0]!.hits[0]).toMatchObject({ title: 'event 2', detail: '2026-12-01 · Poitiers' });
    expect(groups[1]!.totalLabel).toBe('3');
  });
});
