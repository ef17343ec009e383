import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/test-app';
import type { Db } from './database';
import { recordFields } from './records';
import { Store } from './store';

const PLACE = '5f0c1b2a3d4e5f6a7b8c9d0e';
const COVER = { id: '0123456789abcdef01234567', alt: 'La scène', width: 800, height: 600, variants: [{ url: '/api/images/files/0123456789abcdef01234567-800-0123456789abcdef.jpg', width: 800, height: 600, format: 'jpeg' }] };

describe('a stored record read through its resource’s fields', () => {
  it('types the fields the server reads and passes every other field through unchanged', () => {
    const event = recordFields('events', { title: 'Concert', placeId: PLACE, categoryIds: [PLACE], coverImage: COVER, price: { free: true } });
    expect(event).toEqual({ title: 'Concert', placeId: PLACE, categoryIds: [PLACE], coverImage: COVER, price: { free: true } });
    expect(event.coverImage).toEqual(COVER);
    expect(recordFields('places', { name: 'Le TAP', address: { city: 'Poitiers', street: '6 rue' } }).address?.city).toBe('Poitiers');
  });

  it('reads a field that holds something else as absent, and keeps the record readable', () => {
    const event = recordFields('events', { title: 'Concert', placeId: 42, categoryIds: 'musique', coverImage: { url: 'nope' } });
    expect(event.placeId).toBeUndefined();
    expect(event.categoryIds).toBeUndefined();
    expect(event.coverImage).toBeUndefined();
    expect(event.title).toBe('Concert');
    expect(recordFields('tournaments', { name: 'Mario Kart', eventId: null }).eventId).toBeUndefined();
  });
});

describe('Store.getRecord', () => {
  let db: Db;
  let store: Store;
  beforeAll(async () => {
    db = await openTestDb();
    store = new Store(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers the record as the API shows it, its id and dates included, or null when there is none', async () => {
    const stored = await store.insert('places', { name: 'Lieu du test', slug: 'lieu-du-test-des-champs', address: { city: 'Poitiers' }, organizationId: PLACE });
    const place = await store.getRecord('places', stored._id);
    expect(place).toEqual(stored);
    expect(place?.organizationId).toBe(PLACE);
    expect(await store.getRecord('places', '000000000000000000000000')).toBeNull();
  });
});

describe('Store.listJson', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('frames the same records as list, dates included to the millisecond in ISO 8601', async () => {
    const store = new Store(db);
    // A date with microseconds, as PostgreSQL keeps them: both ways cut it to the millisecond.
    await db.query(`UPDATE events SET created_at = '2026-03-10 12:34:56.789654+00' WHERE id = (SELECT id FROM events ORDER BY id LIMIT 1)`);
    const options = { limit: 5, offset: 0, order: 'id' } as const;
    const framed = JSON.parse((await store.listJson('events', options)).items) as unknown[];
    expect(framed).toEqual((await store.list('events', options)).items);
    expect(framed[0]).toMatchObject({ createdAt: '2026-03-10T12:34:56.789Z' });
  });
});
