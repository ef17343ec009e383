import { describe, expect, it } from 'vitest';
import { NEXT_EVENT_QUERY_LIMIT } from '../domain/constants';
import { anEvent, anId, createTestContainer } from '../testing';
import { GoToNextEvent } from './go-to-next-event.use-case';

const PLACE_ID = '65f1c0ffee0000000000abcd';

function setup() {
  const { container, fakes } = createTestContainer();
  return { next: container.get(GoToNextEvent), ...fakes };
}

describe('GoToNextEvent (/nextEvent?place={placeId})', () => {
  it('asks for one event of the place and goes to it, replacing the entry', async () => {
    const { next, api, navigator } = setup();
    const event = anEvent({ _id: anId(9), placeId: PLACE_ID });
    api.seed('events', event, anEvent({ placeId: PLACE_ID }));

    const navigation = await next.execute(PLACE_ID);

    expect(api.callsTo('listEvents')).toEqual([[{ placeId: PLACE_ID, limit: 1 }]]);
    expect(NEXT_EVENT_QUERY_LIMIT).toBe(1);
    expect(navigator.navigations).toEqual([{ path: `/events/${anId(9)}`, replace: true }]);
    expect(navigation).toEqual({ kind: 'internal', path: `/events/${anId(9)}` });
  });

  it('goes to the place when it has no upcoming event', async () => {
    const { next, navigator } = setup();
    const navigation = await next.execute(PLACE_ID);
    expect(navigator.navigations).toEqual([{ path: `/places/${PLACE_ID}`, replace: true }]);
    expect(navigation).toEqual({ kind: 'internal', path: `/places/${PLACE_ID}` });
  });

  it('goes to /home when the lookup fails, returning the cause and logging nothing', async () => {
    const { next, api, navigator, logger } = setup();
    const failure = new Error('500');
    api.fail('listEvents', failure);
    const navigation = await next.execute(PLACE_ID);
    expect(navigator.navigations).toEqual([{ path: '/home', replace: true }]);
    expect(navigation).toEqual({ kind: 'fallback', path: '/home', cause: failure });
    expect(logger.entries.error).toEqual([]);
  });

  it('goes to /home when the event answered has no valid id', async () => {
    const { next, api, navigator } = setup();
    api.answer('listEvents', { meta: { total: 1, limit: 1, offset: 0 }, items: [{ _id: '../admin' }] });
    expect(await next.execute(PLACE_ID)).toMatchObject({ kind: 'fallback', path: '/home', cause: expect.any(Error) });
    expect(navigator.navigations).toEqual([{ path: '/home', replace: true }]);
  });

  it.each([[undefined], [null], [''], ['poitiers'], [PLACE_ID.toUpperCase()]])('goes to /home without asking the server for place %j', async (placeId) => {
    const { next, api, navigator } = setup();
    expect(await next.execute(placeId)).toMatchObject({ kind: 'fallback', path: '/home' });
    expect(api.calls).toEqual([]);
    expect(navigator.navigations).toEqual([{ path: '/home', replace: true }]);
  });
});
