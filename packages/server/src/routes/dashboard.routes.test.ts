import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, demoId } from '../demo/ids';

describe('dashboard routes', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let visitor: string;
  let clock = Date.parse('2026-05-01T10:00:00Z');
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST', url: string, cookie?: string) => t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

  it('tells staff the version, uptime, database kind, sockets and health', async () => {
    clock += 90_000;
    const res = await call('GET', '/api/dashboard/server', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '0.1.0', database: 'pglite', sockets: 0, health: 'ok', uptimeSeconds: 90 });
    expect((await call('GET', '/api/dashboard/server')).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/server', visitor)).statusCode).toBe(403);
  });

  it('counts every dashboard resource and lists recent sign-ups and activity', async () => {
    const res = await call('GET', '/api/dashboard/stats', staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.counts)).toHaveLength(18);
    expect(body.counts.events).toBeGreaterThan(5);
    expect(body.counts.users).toBeGreaterThanOrEqual(3);
    expect(body.recentSignUps.length).toBeGreaterThan(0);
    expect(body.recentSignUps[0]).toHaveProperty('email');
    expect(body.recentActivity.length).toBeGreaterThan(0);
    expect(body.recentActivity.length).toBeLessThanOrEqual(10);
    expect((await call('GET', '/api/dashboard/stats', visitor)).statusCode).toBe(403);
  });

  it('runs a task now: its last run is the clock’s time, and joins its history', async () => {
    const id = demoId('task:collecte');
    const res = await call('POST', `/api/dashboard/tasks/${id}/run`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, lastRunAt: new Date(clock).toISOString() });
    const runs = (await call('GET', `/api/dashboard/tasks/${id}/runs`, staff)).json();
    expect(runs.items[0]).toMatchObject({ trigger: 'manual', startedAt: new Date(clock).toISOString(), finishedAt: new Date(clock).toISOString() });
    expect(res.json().lastError).toBe(runs.items[0].error);
    expect((await call('POST', '/api/dashboard/tasks/0123456789abcdef01234567/run', staff)).statusCode).toBe(404);
    expect((await call('POST', '/api/dashboard/tasks/pas-un-id/run', staff)).statusCode).toBe(400);
  });

  it('purges the caches for staff only', async () => {
    expect((await call('POST', '/api/dashboard/cache/purge', staff)).json()).toEqual({ purged: ['liens courts'] });
    expect((await call('POST', '/api/dashboard/cache/purge', visitor)).statusCode).toBe(403);
  });
});
