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
    const Store = databaseRateLimitStore(db);
    const routeOf = (url: string) => ({ method: 'POST', url }) as unknown as Parameters<FastifyRateLimitStore['child']>[0];
    const route = routeOf('/api/identity/signIn');
    const [onA, onB] = [new Store({}).child(route), new Store({}).child(route)];
    const other = new Store({}).child(routeOf('/api/identity/signUp'));
    expect((await incr(onA, '198.51.100.1', 300)).current).toBe(1);
    expect((await incr(onB, '198.51.100.1', 300)).current).toBe(2);
    const third = await incr(onA, '198.51.100.1', 300);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    expect(third.ttl).toBeLessThanOrEqual(300);
    expect((await incr(other, '198.51.100.1', 300)).current).toBe(1);
    expect((await incr(onA, '198.51.100.2', 300)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await incr(onB, '198.51.100.1', 300)).current).toBe(1);
  });
});
