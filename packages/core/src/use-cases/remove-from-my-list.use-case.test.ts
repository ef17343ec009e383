import { describe, expect, it } from 'vitest';
import type { Page } from '../domain/schemas/common.schema';
import type { Event } from '../domain/schemas/events.schema';
import { QueryClient } from '../queries/query-client';
import { meQueries, type FollowedTarget, type FollowStatus } from '../queries/me.queries';
import { anEvent, anId, createTestContainer } from '../testing';
import { RemoveFromMyList } from './remove-from-my-list.use-case';

const LIKED = anId(1);
const OTHER = anId(2);
const FOLLOW = anId(7);
const pageOf = <T>(items: T[]): Page<T> => ({ meta: { total: items.length, limit: 20, offset: 0 }, items });
const follow = (id: string, placeId: string): FollowedTarget => ({ _id: id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', userId: anId(9), target: { kind: 'place', id: placeId }, name: 'Le Plan B' });

async function setup() {
  const { container, fakes } = createTestContainer();
  const queries = container.get(QueryClient);
  fakes.api
    .answerOnce('request', pageOf([anEvent({ _id: LIKED }), anEvent({ _id: OTHER })]))
    .answerOnce('request', { liked: true, eventId: LIKED })
    .answerOnce('request', pageOf([follow(FOLLOW, anId(3)), follow(anId(8), anId(4))]))
    .answerOnce('request', { follow: { _id: FOLLOW } });
  await queries.fetch(meQueries.likedEvents(20, 0));
  await queries.fetch(meQueries.like(LIKED));
  await queries.fetch(meQueries.following(20, 0));
  await queries.fetch(meQueries.follow({ kind: 'place', id: anId(3) }));
  fakes.api.answer('request', undefined);
  const read = () => ({
    liked: queries.data<Page<Event>>(meQueries.likedEvents(20, 0).key)!.items.map((e) => e._id),
    likeStatus: queries.data<{ liked: boolean }>(meQueries.like(LIKED).key),
    following: queries.data<Page<FollowedTarget>>(meQueries.following(20, 0).key)!.items.map((f) => f._id),
    followStatus: queries.data<FollowStatus>(meQueries.follow({ kind: 'place', id: anId(3) }).key),
  });
  return { remove: container.get(RemoveFromMyList), read, ...fakes };
}

describe('RemoveFromMyList', () => {
  it('takes a liked event off the list and unlikes it at once, then tells the server', async () => {
    const { remove, read, api } = await setup();
    const done = remove.execute({ list: 'likes', eventId: LIKED });
    expect(read()).toMatchObject({ liked: [OTHER], likeStatus: { liked: false } });
    expect(await done).toEqual({ kind: 'done' });
    expect(api.lastCallTo('request')).toEqual(['DELETE', `/me/likes/${LIKED}`, {}]);
  });

  it('takes a follow off the list and off its target’s button', async () => {
    const { remove, read, api } = await setup();
    await remove.execute({ list: 'following', followId: FOLLOW });
    expect(read()).toMatchObject({ following: [anId(8)], followStatus: { following: false, followId: null } });
    expect(api.lastCallTo('request')).toEqual(['DELETE', `/me/follows/${FOLLOW}`, {}]);
  });

  it('puts everything back when the server refuses', async () => {
    const { remove, read, api } = await setup();
    const before = read();
    const refusal = new Error('hors ligne');
    api.failOnce('request', refusal).failOnce('request', refusal);
    expect(await remove.execute({ list: 'likes', eventId: LIKED })).toEqual({ kind: 'failed', cause: refusal });
    expect(await remove.execute({ list: 'following', followId: FOLLOW })).toEqual({ kind: 'failed', cause: refusal });
    expect(read()).toEqual(before);
  });
});
