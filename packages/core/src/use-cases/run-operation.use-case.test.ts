import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../domain/operations';
import { OPERATION_ROUTES } from '../domain/operation-routes';
import { QueryClient } from '../queries/query-client';
import { accountQueries } from '../queries/account.queries';
import { createTestContainer } from '../testing';
import { RunOperation } from './run-operation.use-case';

const session = (id: string, current = false) => ({ id, device: 'Firefox sur Linux', createdAt: '2026-01-01T10:00:00.000Z', lastUsedAt: '2026-01-02T10:00:00.000Z', current });

function setup() {
  const { container, fakes } = createTestContainer();
  let open = [session('a', true), session('b')];
  fakes.api.serve(OPERATIONS.mySessions, () => ({ items: open }));
  fakes.api.serve(OPERATIONS.endSession, ({ path }) => {
    open = open.filter((s) => s.id !== path.id);
    return { ended: 1 };
  });
  return { run: container.get(RunOperation), queries: container.get(QueryClient), ...fakes };
}

describe('RunOperation', () => {
  it('answers the server’s answer and reloads the queries it changes', async () => {
    const { run, queries, api } = setup();
    const sessions = accountQueries.sessions();
    await queries.fetch(sessions);
    const stop = queries.watch(sessions);
    expect(await run.execute({ operation: OPERATION_ROUTES.endSession, params: { path: { id: 'b' } }, invalidates: [sessions.key] })).toEqual({ kind: 'done', value: { ended: 1 } });
    await queries.fetch(sessions);
    expect(queries.data<{ items: Array<{ id: string }> }>(sessions.key)?.items.map((s) => s.id)).toEqual(['a']);
    expect(api.callsOf(OPERATIONS.endSession)).toEqual([{ path: { id: 'b' } }]);
    stop();
  });

  it('answers the server’s refusal as an outcome, and leaves the queries as they were', async () => {
    const { run, queries, api } = setup();
    const sessions = accountQueries.sessions();
    await queries.fetch(sessions);
    const refusal = new Error('hors ligne');
    api.failOnce('call', refusal);
    expect(await run.execute({ operation: OPERATION_ROUTES.endAllSessions, invalidates: [sessions.key] })).toEqual({ kind: 'failed', cause: refusal });
    expect(queries.entry(sessions)).toMatchObject({ status: 'success', fetching: false });
    expect(queries.data<{ items: unknown[] }>(sessions.key)?.items).toHaveLength(2);
  });
});

describe('accountQueries', () => {
  it('reads the sessions and the API keys under the user’s own key', async () => {
    const { api } = setup();
    api.serve(OPERATIONS.myApiKeys, () => ({ items: [] }));
    expect((await accountQueries.sessions().load(api)).items.map((s) => s.id)).toEqual(['a', 'b']);
    expect(await accountQueries.apiKeys().load(api)).toEqual({ items: [] });
    expect(accountQueries.sessions().key[0]).toBe('me');
    expect(accountQueries.apiKeys().key[0]).toBe('me');
  });

  it('reads the notification preferences, and saving them reloads the ones on screen', async () => {
    const { run, queries, api } = setup();
    let stored = { reminder: { inApp: true, email: true } };
    api.serve(OPERATIONS.notificationPreferences, () => stored);
    api.serve(OPERATIONS.updateNotificationPreferences, ({ body }) => (stored = { reminder: { inApp: body.reminder?.inApp ?? true, email: body.reminder?.email ?? true } }));
    const preferences = accountQueries.notificationPreferences();
    const stop = queries.watch(preferences);
    expect((await queries.fetch(preferences)).reminder).toEqual({ inApp: true, email: true });
    await run.execute({ operation: OPERATION_ROUTES.updateNotificationPreferences, params: { body: { ...queries.data<typeof stored>(preferences.key)!, reminder: { inApp: true, email: false } } }, invalidates: [preferences.key] });
    expect((await queries.fetch(preferences)).reminder).toEqual({ inApp: true, email: false });
    stop();
  });
});
