import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { BACKENDS, openTestDb, signIn, testApp } from '../testing/test-app';
import { openDatabase, PostgresDb } from '../db/open-database';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

type Tournament = { _id: string; name: string; participants: Array<{ name: string }> };
type Reply = { status: string; msg?: string; tournament: Tournament };

// Two server processes on one PostgreSQL (the scale-out): what one writes, the other's `get`
// answers at once, and its spectators receive. Needs SORTIE_TEST_DATABASE_URL (CI).
describe.skipIf(!BACKENDS.includes('postgres'))('two servers on one PostgreSQL', () => {
  let a: Awaited<ReturnType<typeof testApp>>;
  let b: Awaited<ReturnType<typeof testApp>>;
  const sockets: Socket[] = [];
  const open = (app: typeof a, cookie?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const port = (app.app.server.address() as { port: number }).port;
      const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const act = (socket: Socket, action: string, params: Record<string, unknown> = {}): Promise<Reply> =>
    socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action, tournamentId: DEMO_IDS.tournament, params }));

  beforeAll(async () => {
    const shared = await openTestDb('postgres');
    a = await testApp({ db: shared });
    const url = (shared as PostgresDb).pool.options.connectionString!;
    b = await testApp({ db: await openDatabase({ databaseUrl: url }) });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await a?.close();
  });

  it('answers a get on one server with what the other just stored, and sends it to its room', async () => {
    const spectator = await open(b);
    const before = await act(spectator, 'get');
    expect(before.status).toBe('ok');
    const updates: Tournament[] = [];
    spectator.on(SOCKET_EVENTS.tournamentUpdate, (tournament) => updates.push(tournament));

    const staff = await open(a, await signIn(a.app, DEMO_ACCOUNTS.staff.email));
    expect(await act(staff, 'addParticipant', { name: 'Venu de l’autre serveur' })).toMatchObject({ status: 'ok' });
    await expect.poll(async () => (await act(await open(b), 'get')).tournament.participants.map((p) => p.name), { timeout: 2000 }).toContain('Venu de l’autre serveur');
    await expect.poll(() => updates.at(-1)?.participants.map((p) => p.name), { timeout: 2000 }).toContain('Venu de l’autre serveur');

    const cookie = await signIn(a.app, DEMO_ACCOUNTS.staff.email);
    const patched = await a.app.inject({ method: 'PATCH', url: `/api/tournaments/${DEMO_IDS.tournament}`, headers: { cookie }, payload: { name: 'Tournoi Mario Kart du samedi' } });
    expect(patched.statusCode).toBe(200);
    await expect.poll(async () => (await act(spectator, 'get')).tournament.name, { timeout: 2000 }).toBe('Tournoi Mario Kart du samedi');
  });

  it('loses none of the writes both servers make at once to one tournament', async () => {
    const [onA, onB] = [await open(a, await signIn(a.app, DEMO_ACCOUNTS.staff.email)), await open(b, await signIn(b.app, DEMO_ACCOUNTS.staff.email))];
    // Both servers hold a copy first, so that each write starts from a copy the other may have outdated.
    await act(onA, 'get');
    await act(onB, 'get');
    const names = Array.from({ length: 10 }, (_, i) => `Joueur ${i}`);
    const replies = await Promise.all(names.map((name, i) => act(i % 2 ? onA : onB, 'addParticipant', { name })));
    expect(replies.map((r) => r.msg)).toEqual(names.map(() => undefined));
    for (const socket of [onA, onB]) {
      await expect.poll(async () => (await act(socket, 'get')).tournament.participants.map((p) => p.name), { timeout: 2000 }).toEqual(expect.arrayContaining(names));
    }
  });

  it('trusts no copy while its LISTEN connection is down, and listens again', async () => {
    const spectator = await open(b);
    await act(spectator, 'get');
    // The database drops B's listening connection (a restart, a proxy timeout…).
    const killed = await a.db.query<{ ok: boolean }>(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND datname = current_database() AND pid <> pg_backend_pid()`);
    expect(killed.length).toBeGreaterThan(0);
    const staff = await open(a, await signIn(a.app, DEMO_ACCOUNTS.staff.email));
    expect(await act(staff, 'addParticipant', { name: 'Pendant la coupure' })).toMatchObject({ status: 'ok' });
    await expect.poll(async () => (await act(spectator, 'get')).tournament.participants.map((p) => p.name), { timeout: 3000 }).toContain('Pendant la coupure');
    // Listening again, B hears the next change.
    await expect.poll(async () => (await a.db.query(`SELECT 1 FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND datname = current_database()`)).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await act(spectator, 'get');
    expect(await act(staff, 'addParticipant', { name: 'Après la coupure' })).toMatchObject({ status: 'ok' });
    await expect.poll(async () => (await act(spectator, 'get')).tournament.participants.map((p) => p.name), { timeout: 2000 }).toContain('Après la coupure');
  });
});
