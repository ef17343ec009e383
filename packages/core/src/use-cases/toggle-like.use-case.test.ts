import { describe, expect, it } from 'vitest';
import { ApiError, ValidationError } from '../domain/errors';
import type { Event } from '../domain/schemas/events.schema';
import { QueryClient } from '../queries/query-client';
import { eventQueries } from '../queries/events.queries';
import { meQueries } from '../queries/me.queries';
import { aUser, anEvent, anId, createTestContainer } from '../testing';
import { SessionService } from './session.use-case';
import { ToggleLike } from './toggle-like.use-case';

const EVENT = anId(1);

/** A signed-in user on an event's page: the event (3 likes) and their like are in the cache. */
async function setup({ liked = false, signedIn = true } = {}) {
  const { container, fakes } = createTestContainer();
  fakes.api.seed('events', anEvent({ _id: EVENT, likeCount: 3 })).signedInAs(signedIn ? aUser() : null);
  await container.get(SessionService).load();
  const queries = container.get(QueryClient);
  fakes.api.answerOnce('request', { liked, eventId: EVENT });
  await queries.fetch(meQueries.like(EVENT));
  await queries.fetch(eventQueries.one(EVENT));
  // From now on the server accepts every change (PUT, DELETE answer no body).
  fakes.api.answer('request', undefined);
  const read = () => ({ liked: queries.data<{ liked: boolean }>(meQueries.like(EVENT).key)?.liked, count: queries.data<Event>(eventQueries.one(EVENT).key)?.likeCount });
  return { toggle: container.get(ToggleLike), read, ...fakes };
}

describe('ToggleLike', () => {
  it('shows the like and the count at once, before the server answers, then sends PUT', async () => {
    const { toggle, read, api } = await setup();
    const done = toggle.execute(EVENT);
    expect(read()).toEqual({ liked: true, count: 4 });
    expect(toggle.state.pending[EVENT]).toBe(true);
    expect(await done).toEqual({ kind: 'done', value: { liked: true } });
    expect(api.lastCallTo('request')).toEqual(['PUT', `/me/likes/${EVENT}`, {}]);
    expect(toggle.state.pending[EVENT]).toBeUndefined();
  });

  it('unlikes with DELETE', async () => {
    const { toggle, read, api } = await setup({ liked: true });
    expect(await toggle.execute(EVENT)).toMatchObject({ kind: 'done' });
    expect(read()).toEqual({ liked: false, count: 2 });
    expect(api.lastCallTo('request')?.[0]).toBe('DELETE');
  });

  it('puts the like and the count back when the server refuses, and returns the cause', async () => {
    const { toggle, read, api } = await setup();
    const refusal = new ApiError('Service indisponible.', { statusCode: 503 });
    api.failOnce('request', refusal);
    expect(await toggle.execute(EVENT)).toEqual({ kind: 'failed', cause: refusal });
    expect(read()).toEqual({ liked: false, count: 3 });
    expect(toggle.state.pending[EVENT]).toBeUndefined();
  });

  it('ignores a second click while the first is on its way', async () => {
    const { toggle, api } = await setup();
    const first = toggle.execute(EVENT);
    expect(await toggle.execute(EVENT)).toEqual({ kind: 'ignored' });
    await first;
    expect(api.callsTo('request').filter(([method]) => method !== 'GET')).toHaveLength(1);
  });

  it('asks a visitor to sign in and sends nothing', async () => {
    const { toggle, api } = await setup({ signedIn: false });
    expect(await toggle.execute(EVENT)).toEqual({ kind: 'sign-in' });
    expect(api.callsTo('request').filter(([method]) => method !== 'GET')).toEqual([]);
  });

  it('refuses an id that is not 24-hex, sending nothing', async () => {
    const { toggle, api } = await setup();
    await expect(toggle.execute('not-an-id')).rejects.toBeInstanceOf(ValidationError);
    expect(api.callsTo('request').filter(([method]) => method !== 'GET')).toEqual([]);
  });
});
