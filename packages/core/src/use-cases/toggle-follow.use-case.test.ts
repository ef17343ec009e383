import { describe, expect, it } from 'vitest';
import type { FollowTarget } from '../domain/schemas/people.schema';
import { QueryClient } from '../queries/query-client';
import { meQueries, type FollowStatus } from '../queries/me.queries';
import { aUser, anId, createTestContainer } from '../testing';
import { SessionService } from './session.use-case';
import { followKey, ToggleFollow } from './toggle-follow.use-case';

const PLACE: FollowTarget = { kind: 'place', id: anId(2) };
const FOLLOW_ID = anId(7);

async function setup(existing: string | null = null) {
  const { container, fakes } = createTestContainer();
  fakes.api.signedInAs(aUser());
  await container.get(SessionService).load();
  const queries = container.get(QueryClient);
  fakes.api.answerOnce('request', { follow: existing ? { _id: existing } : null });
  await queries.fetch(meQueries.follow(PLACE));
  // From now on the server accepts every change (PUT, DELETE answer no body).
  fakes.api.answer('request', undefined);
  const read = () => queries.data<FollowStatus>(meQueries.follow(PLACE).key);
  return { toggle: container.get(ToggleFollow), read, ...fakes };
}

describe('ToggleFollow', () => {
  it('follows at once, then keeps the id the server gave for a later unfollow', async () => {
    const { toggle, read, api } = await setup();
    api.answerOnce('request', { _id: FOLLOW_ID });
    const done = toggle.execute(PLACE);
    expect(read()).toEqual({ following: true, followId: null });
    expect(toggle.state.pending[followKey(PLACE)]).toBe(true);
    expect(await done).toEqual({ kind: 'done', value: { following: true, followId: FOLLOW_ID } });
    expect(api.lastCallTo('request')).toEqual(['POST', '/me/follows', { body: PLACE }]);
    await toggle.execute(PLACE);
    expect(api.lastCallTo('request')).toEqual(['DELETE', `/me/follows/${FOLLOW_ID}`, {}]);
    expect(read()).toEqual({ following: false, followId: null });
  });

  it('rolls a failed follow back', async () => {
    const { toggle, read, api } = await setup();
    api.failOnce('request', new Error('hors ligne'));
    expect(await toggle.execute(PLACE)).toMatchObject({ kind: 'failed' });
    expect(read()).toEqual({ following: false, followId: null });
  });

  it('rolls a failed unfollow back, keeping the follow’s id', async () => {
    const { toggle, read, api } = await setup(FOLLOW_ID);
    api.failOnce('request', new Error('hors ligne'));
    const done = toggle.execute(PLACE);
    expect(read()).toEqual({ following: false, followId: null });
    expect(await done).toMatchObject({ kind: 'failed' });
    expect(read()).toEqual({ following: true, followId: FOLLOW_ID });
    expect(toggle.state.pending[followKey(PLACE)]).toBeUndefined();
  });

  it('ignores a click while a change is on its way', async () => {
    const { toggle, api } = await setup();
    api.answerOnce('request', { _id: FOLLOW_ID });
    const first = toggle.execute(PLACE);
    expect(await toggle.execute(PLACE)).toEqual({ kind: 'ignored' });
    await first;
    expect(api.callsTo('request').filter(([method]) => method !== 'GET')).toHaveLength(1);
  });
});
