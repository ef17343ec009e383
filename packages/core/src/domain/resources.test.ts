import { describe, expect, it } from 'vitest';
import { isDraft, RESOURCES, RESOURCES_WITH_STATUS, withoutOwnerOnly } from './resources';

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

describe('which records are drafts, and which fields only their owner reads', () => {
  it('reads each resource’s statuses from its schema: drafts where a status can be « draft »', () => {
    expect(RESOURCES.blindtests.statuses).toEqual(['draft', 'live', 'finished']);
    expect(RESOURCES_WITH_STATUS.filter((name) => RESOURCES[name].drafts).sort()).toEqual(['blindtests', 'events', 'raffles']);
    // A tournament is public from its registration on; collections and tasks are staff's anyway.
    expect(RESOURCES_WITH_STATUS.filter((name) => !RESOURCES[name].drafts).sort()).toEqual(['scrape', 'tasks', 'tournaments']);
    expect(RESOURCES.artists.statuses).toEqual([]);
  });

  it('tells a draft from a published record', () => {
    expect(isDraft('blindtests', { status: 'draft' })).toBe(true);
    expect(isDraft('blindtests', { status: 'live' })).toBe(false);
    expect(isDraft('raffles', { status: 'draft' })).toBe(true);
    expect(isDraft('tournaments', { status: 'registration' })).toBe(false);
  });

  it('keeps a share’s author for its author alone', () => {
    const share = { _id: 'a', target: { kind: 'event', id: 'b' }, userId: '0123456789abcdef01234567', viewCount: 2 };
    expect(withoutOwnerOnly('shares', share, null)).toEqual({ _id: 'a', target: { kind: 'event', id: 'b' }, viewCount: 2 });
    expect(withoutOwnerOnly('shares', share, 'ffffffffffffffffffffffff')).not.toHaveProperty('userId');
    expect(withoutOwnerOnly('shares', share, '0123456789abcdef01234567')).toEqual(share);
    expect(withoutOwnerOnly('artists', { _id: 'a', userId: 'x' }, null)).toEqual({ _id: 'a', userId: 'x' });
  });
});
