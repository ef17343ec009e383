import { describe, expect, it } from 'vitest';
import { FakeProductApi } from '../testing';
import { eventQueries } from './events.queries';

describe('eventQueries.highlights', () => {
  it('reads a city’s first upcoming events in the range, keyed by the range’s end alone', async () => {
    const api = new FakeProductApi();
    api.answer('listEvents', { items: [], meta: { total: 0, limit: 4, offset: 0 } });
    const tonight = eventQueries.highlights('highlight-today', 'Lyon', { from: '2026-11-26T18:00:00.000Z', to: '2026-11-26T23:00:00.000Z' }, 4);
    await tonight.load(api);
    expect(api.lastCallTo('listEvents')).toEqual([{ city: 'Lyon', upcoming: 'true', limit: 4, offset: 0, from: '2026-11-26T18:00:00.000Z', to: '2026-11-26T23:00:00.000Z' }]);
    // A minute later the range starts later, but it is the same query.
    const later = eventQueries.highlights('highlight-today', 'Lyon', { from: '2026-11-26T18:01:00.000Z', to: '2026-11-26T23:00:00.000Z' }, 4);
    expect(later.key).toEqual(tonight.key);
    expect(tonight.key[0]).toBe('events');
  });
});

describe('eventQueries.games', () => {
  it('reads every game of an event in one request, under the event’s key', async () => {
    const api = new FakeProductApi();
    const games = { tournaments: [], championships: [], blindTests: [], raffles: [], forms: [] };
    api.answer('request', games);
    expect(await eventQueries.games('e1').load(api)).toEqual(games);
    expect(api.lastCallTo('request')).toEqual(['GET', '/events/e1/games', {}]);
    expect(eventQueries.games('e1').key.slice(0, 2)).toEqual(['events', 'e1']);
  });
});
