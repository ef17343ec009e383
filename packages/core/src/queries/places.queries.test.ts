import { describe, expect, it } from 'vitest';
import { FakeProductApi, anId } from '../testing';
import { placeQueries } from './places.queries';

const PLACE = anId(2);
const TYPE = anId(3);

describe('placeQueries.details', () => {
  it('reads a place with its type’s name, its menu and its number of job offers', async () => {
    const api = new FakeProductApi()
      .seed('places', { _id: PLACE, name: 'Le Plan B', typeId: TYPE })
      .seed('placeTypes', { _id: TYPE, name: 'Bar' })
      .seed('menus', { _id: anId(4), placeId: PLACE })
      .seed('jobOffers', { placeId: PLACE }, { placeId: PLACE });
    const details = await placeQueries.details(PLACE).load(api);
    expect(details).toMatchObject({ place: { name: 'Le Plan B' }, typeName: 'Bar', menu: { _id: anId(4) }, jobOfferCount: 2 });
  });

  it('still shows the place when the rest fails', async () => {
    const api = new FakeProductApi().seed('places', { _id: PLACE, name: 'Le Plan B', typeId: TYPE }).fail('list');
    const details = await placeQueries.details(PLACE).load(api);
    expect(details).toEqual({ place: expect.objectContaining({ name: 'Le Plan B' }), typeName: undefined, menu: undefined, jobOfferCount: 0 });
  });
});
