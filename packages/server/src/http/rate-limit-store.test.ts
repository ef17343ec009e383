import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { openTestDb } from '../testing/test-app';
import type { Db } from '../db/database';
import { databaseRateLimitStore } from './rate-limit-store';

describe('the rate-limit store in the database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  const incr = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10));

  it('counts attempts per key and route, across store instances (as across nodes), and starts again once the window is over', async () => {
    let clock = Date.parse('2026-06-01T10:00:00Z');
    const Store = databaseRateLimitStore(db, () => clock);
    // As @fastify/rate-limit hands them: the route's limit options, the route itself under routeInfo.
    const routeOf = (url: string) => ({ max: 10, timeWindow: 60_000, routeInfo: { method: 'POST', url } }) as unknown as Parameters<FastifyRateLimitStore['child']>[0];
    const route = routeOf('/api/identity/signIn');
    const [onA, onB] = [new Store({}).child(route), new Store({}).child(route)];
    const other = new Store({}).child(routeOf('/api/identity/signUp'));
    const minute = 60_000;
    expect((await incr(onA, '198.51.100.1', minute)).current).toBe(1);
    expect((await incr(onB, '198.51.100.1', minute)).current).toBe(2);
    const third = await incr(onA, '198.51.100.1', minute);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    expect(third.ttl).toBeLessThanOrEqual(minute);
    expect((await incr(other, '198.51.100.1', minute)).current).toBe(1);
    expect((await incr(onA, '198.51.100.2', minute)).current).toBe(1);
    // Counted on the app's clock: 59 s on, the same window with 1 s left; a minute on, a new one.
    clock += 59_000;
    expect(await incr(onB, '198.51.100.1', minute)).toEqual({ current: 4, ttl: 1000 });
    clock += 1000;
    expect(await incr(onB, '198.51.100.1', minute)).toEqual({ current: 1, ttl: minute });
  });
});
