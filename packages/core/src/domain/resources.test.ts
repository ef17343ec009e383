import { describe, expect, it } from 'vitest';
import { RESOURCES } from './resources';

describe('an update’s schema', () => {
  it('leaves the fields a PATCH does not name unset, rather than reset to their defaults', () => {
    expect(RESOURCES.tournaments.patch.parse({ name: 'Pétanque du jeudi' })).toEqual({ name: 'Pétanque du jeudi' });
    expect(RESOURCES.championships.patch.parse({})).toEqual({});
  });

  it('still checks each field it is given', () => {
    expect(RESOURCES.tournaments.patch.safeParse({ format: 'belote' }).success).toBe(false);
    expect(RESOURCES.questions.patch.parse({ points: 50 })).toEqual({ points: 50 });
  });
});
