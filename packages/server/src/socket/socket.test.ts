import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

describe('socket.io on the same server', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let url: string;
  const sockets: Socket[] = [];
  const open = (options: { cookie?: string; origin?: string } = {}) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin } : {}) },
      });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const ask = (socket: Socket, request: unknown) => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, typeof request === 'string' ? request : JSON.stringify(request));

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('acknowledges get with {status: ok, tournament} and errors with a French msg', async () => {
    const socket = await open();
    const reply = await ask(socket, { action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
    expect(reply.status).toBe('ok');
    expect(reply.tournament).toMatchObject({ _id: DEMO_IDS.tournament, name: 'Tournoi Mario Kart' });
    expect(await ask(socket, 'pas du json')).toEqual({ status: 'error', msg: 'Requête invalide : JSON mal formé.' });
    expect(await ask(socket, { action: 'get', tournamentId: 'abc', params: {} })).toMatchObject({ status: 'error' });
    expect(await ask(socket, { action: 'danser', tournamentId: DEMO_IDS.tournament, params: {} })).toEqual({ status: 'error', msg: 'Action inconnue : danser.' });
    expect(await ask(socket, { action: 'get', tournamentId: '0123456789abcdef01234567', params: {} })).toEqual({ status: 'error', msg: 'Tournoi introuvable.' });
    expect(await ask(socket, { action: 'start', tournamentId: DEMO_IDS.tournament, params: {} })).toEqual({ status: 'error', msg: 'Réservé à l’équipe.' });
  });

  it('broadcasts join, start and reportScore to the tournament’s room', async () => {
    const spectator = await open();
    await ask(spectator, { action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
    const updates: Array<{ status: string; participants: unknown[] }> = [];
    spectator.on(SOCKET_EVENTS.tournamentUpdate, (tournament) => updates.push(tournament));

    const visitor = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.visitor.email) });
    const joined = await ask(visitor, { action: 'join', tournamentId: DEMO_IDS.tournament, params: { name: 'Valentine' } });
    expect(joined.status).toBe('ok');
    expect(joined.tournament.participants).toContainEqual({ id: DEMO_IDS.users.visitor, name: 'Valentine', seed: 7 });

    const staff = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.staff.email) });
    const started = await ask(staff, { action: 'start', tournamentId: DEMO_IDS.tournament, params: {} });
    expect(started.tournament.status).toBe('running');
    const ready = started.tournament.matches.find((m: { status: string; round: number }) => m.status === 'ready' && m.round === 1);
    const scored = await ask(staff, { action: 'reportScore', tournamentId: DEMO_IDS.tournament, params: { matchId: ready.id, scoreA: 3, scoreB: 1 } });
    expect(scored.tournament.matches.find((m: { id: string }) => m.id === ready.id)).toMatchObject({ scoreA: 3, scoreB: 1, winner: ready.a, status: 'done' });
    expect(await ask(visitor, { action: 'join', tournamentId: DEMO_IDS.tournament, params: {} })).toEqual({ status: 'error', msg: 'Les inscriptions sont closes.' });

    await expect.poll(() => updates.length).toBe(3);
    expect(updates.map((u) => u.status)).toEqual(['registration', 'running', 'running']);
  });

  it('pushes {data: {id}} to the user’s sockets when a notification is created for them', async () => {
    const visitor = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.visitor.email) });
    const other = await open({ cookie: await signIn(t.app, DEMO_ACCOUNTS.admin.email) });
    const received: unknown[] = [];
    const leaked: unknown[] = [];
    visitor.on(SOCKET_EVENTS.push, (message) => received.push(message));
    other.on(SOCKET_EVENTS.push, (message) => leaked.push(message));
    // The room is joined once the handshake's session is read; a round trip makes sure of it.
    await ask(visitor, { action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/notifications', payload: { userId: DEMO_IDS.users.visitor, title: 'Nouveau concert', body: 'Ce soir au Confort Moderne' }, headers: { cookie: staff } });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ data: { id: created.json()._id } });
    expect(leaked).toEqual([]);
  });

  it('drops a socket that sends more than 100 KB in one message', async () => {
    const socket = await open();
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    socket.emit(SOCKET_EVENTS.tournament, 'x'.repeat(150_000));
    expect(await closed).toBe('transport close');
  });

  it('refuses a handshake from another origin', async () => {
    await expect(open({ origin: 'https://pirate.example' })).rejects.toThrow();
  });
});
