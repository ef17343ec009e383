import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtistSchema, EventSchema, OrganizationSchema, PlaceSchema } from '@sortie/core';
import type { z } from 'zod';
import type { Db, Row } from '../db/database';
import { ENTITIES } from '../db/entities';
import { toJson } from '../db/store';
import { BACKENDS, openTestDb, testApp } from '../testing/test-app';
import { seedVolume, VOLUME_CITIES, volumeId, volumeSizes, type VolumeCounts } from './volume';

const RESOURCES = ['events', 'places', 'organizations', 'artists'] as const;
const SCHEMAS: Record<keyof VolumeCounts, z.ZodType> = { events: EventSchema, places: PlaceSchema, organizations: OrganizationSchema, artists: ArtistSchema };
const NOW = Date.parse('2026-03-10T12:00:00Z');

describe.each(BACKENDS)('seedVolume on %s', (backend) => {
  let db: Db;
  const counts = async (): Promise<VolumeCounts> => {
    const [row] = await db.query<Record<keyof VolumeCounts, string>>(`SELECT ${RESOURCES.map((r) => `(SELECT count(*) FROM ${ENTITIES[r].table}) AS "${r}"`).join(', ')}`);
    return Object.fromEntries(RESOURCES.map((r) => [r, Number(row![r])])) as unknown as VolumeCounts;
  };
  const generatedRows = (resource: keyof VolumeCounts, n: number) =>
    db.query(`SELECT * FROM ${ENTITIES[resource].table} WHERE id = ANY($1::text[]) ORDER BY id`, [Array.from({ length: n }, (_, i) => volumeId(resource, i))]);
  let demo: VolumeCounts;

  beforeAll(async () => {
    db = await openTestDb(backend);
    demo = await counts();
    await seedVolume(db, { events: 2000, now: NOW });
  });
  afterAll(() => db.close());

  it('adds the events and one place, organisation and artist per ten events', async () => {
    expect(volumeSizes(2000)).toEqual({ events: 2000, places: 200, organizations: 200, artists: 200 });
    const after = await counts();
    for (const resource of RESOURCES) expect(after[resource] - demo[resource]).toBe(volumeSizes(2000)[resource]);
    // A handful at least, so that every city has its places.
    expect(volumeSizes(3)).toEqual({ events: 3, places: 10, organizations: 10, artists: 10 });
  });

  it('spreads the events over the ten cities and a year, mostly published', async () => {
    const rows = await generatedRows('events', 2000);
    expect(new Set(rows.map((row) => row.city))).toEqual(new Set(VOLUME_CITIES.map((city) => city.name)));
    expect(VOLUME_CITIES).toHaveLength(10);
    const starts = rows.map((row) => new Date(row.starts_at as string).getTime());
    const past = starts.filter((t) => t < NOW).length / rows.length;
    expect(past).toBeGreaterThan(0.25);
    expect(past).toBeLessThan(0.42);
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThan(300 * 86_400_000);
    const published = rows.filter((row) => row.status === 'published').length / rows.length;
    expect(published).toBeGreaterThan(0.9);
    expect(rows.some((row) => row.status === 'draft')).toBe(true);
    expect(new Set(rows.map((row) => row.title)).size).toBeGreaterThan(200);
    expect(rows.some((row) => /[éèàçô]/.test(row.title as string))).toBe(true);
  });

  it('writes rows as the API does: core schema, typed columns, search text', async () => {
    for (const resource of RESOURCES) {
      const kind = ENTITIES[resource];
      for (const row of await generatedRows(resource, volumeSizes(2000)[resource])) {
        const parsed = SCHEMAS[resource].safeParse(toJson(kind, row));
        expect(parsed.error?.issues, `${resource} ${row.id as string}`).toBeUndefined();
        const data = row.data as Row;
        for (const [column, value] of Object.entries(kind.columns)) {
          const stored = row[column] instanceof Date ? (row[column] as Date).toISOString() : row[column];
          expect(stored, `${resource}.${column}`).toEqual(value(data) ?? null);
        }
        expect(row.search).toBe(kind.search!(data));
        expect(row.search_tsv).toBeTruthy();
      }
    }
    const [event] = await generatedRows('events', 1);
    expect((event!.data as Row).likeCount).toBe(0);
  });

  it('refers only to records that exist, in the event’s city', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => volumeId('events', i));
    const [counted] = await db.query<Record<string, string | number>>(
      `SELECT
         (SELECT count(*) FROM events e LEFT JOIN places p ON p.id = e.place_id WHERE e.id = ANY($1::text[]) AND (p.id IS NULL OR p.city <> e.city)) AS places,
         (SELECT count(*) FROM events e WHERE e.id = ANY($1::text[]) AND e.organization_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = e.organization_id)) AS organizations,
         (SELECT count(*) FROM events e, jsonb_array_elements_text(e.data->'artistIds') a(id) WHERE e.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM artists x WHERE x.id = a.id)) AS artists,
         (SELECT count(*) FROM events e, jsonb_array_elements_text(e.data->'categoryIds') c(id) WHERE e.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM event_categories x WHERE x.id = c.id)) AS categories,
         (SELECT count(*) FROM events e WHERE e.id = ANY($1::text[]) AND jsonb_array_length(e.data->'categoryIds') > 0) AS categorised,
         (SELECT count(*) FROM events e WHERE e.id = ANY($1::text[]) AND jsonb_array_length(e.data->'artistIds') > 0) AS withArtists`,
      [ids],
    );
    // bigint counts: numbers from PGlite, strings from node-postgres.
    const row = Object.fromEntries(Object.entries(counted!).map(([key, value]) => [key, Number(value)]));
    expect(row).toMatchObject({ places: 0, organizations: 0, artists: 0, categories: 0, categorised: 2000 });
    expect(row.withartists).toBeGreaterThan(200);
  });

  it('adds nothing the second time, and only what is missing for a larger volume', async () => {
    const before = await counts();
    const again = await seedVolume(db, { events: 2000, now: NOW + 86_400_000 });
    expect(again.added).toEqual({ events: 0, places: 0, organizations: 0, artists: 0 });
    expect(await counts()).toEqual(before);

    const more = await seedVolume(db, { events: 2500, now: NOW });
    expect(more.added).toEqual({ events: 500, places: 50, organizations: 50, artists: 50 });
    expect((await counts()).events).toBe(before.events + 500);
  });

  it('builds the same records from the same index (stable ids and data)', async () => {
    const other = await openTestDb(backend);
    try {
      await seedVolume(other, { events: 300, now: NOW });
      const ids = Array.from({ length: 300 }, (_, i) => volumeId('events', i));
      const mine = await db.query(`SELECT id, data FROM events WHERE id = ANY($1::text[]) ORDER BY id`, [ids]);
      const theirs = await other.query(`SELECT id, data FROM events WHERE id = ANY($1::text[]) ORDER BY id`, [ids]);
      expect(theirs).toHaveLength(300);
      // Places, organisations and artists are drawn among as many as the volume has; the rest depends on the index only.
      const summary = (rows: Row[]) => rows.map(({ id, data }) => [id, ...['startsAt', 'endsAt', 'city', 'status', 'price', 'categoryIds'].map((key) => (data as Row)[key])]);
      expect(summary(theirs)).toEqual(summary(mine));
    } finally {
      await other.close();
    }
  });

  it('serves the generated events in the API’s city list', async () => {
    // The app's clock at the volume's own date: its events from then on are the city's upcoming ones.
    const t = await testApp({ db, now: () => NOW });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/events?city=Lyon&limit=20' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { meta: { total: number }; items: Array<{ _id: string; city: string; status: string; startsAt: string }> };
      expect(body.items).toHaveLength(20);
      expect(body.meta.total).toBeGreaterThan(20);
      // 2,500 by now: the test above added 500.
      const generated = new Set(Array.from({ length: 2500 }, (_, i) => volumeId('events', i)));
      for (const item of body.items) {
        expect(generated.has(item._id)).toBe(true);
        expect(item).toMatchObject({ city: 'Lyon', status: 'published' });
        expect(Date.parse(item.startsAt)).toBeGreaterThanOrEqual(NOW);
      }
    } finally {
      await t.app.close();
    }
  });
});
