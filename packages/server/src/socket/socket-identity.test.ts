import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { buildApp } from '../app';
import { signIn, testApp, testConfig } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

/**
 * Who a socket is follows the session: the handshake is read before socket.io says `connect`
 * (a push sent right then arrives), a new handshake after a sign-in puts the socket in the
 * user's room, and a sign-out closes the session's sockets, which come back anonymous.
 */
describe('the socket’s identity across sign-in and sign-out', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let url: string;
  const sockets: Socket[] = [];
  const open = (headers: Record<string, string> = {}) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: headers });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  /** The pushes a socket receives, in order. */
  const inbox = (socket: Socket) => {
    const received: string[] = [];
    socket.on(SOCKET_EVENTS.push, (message: { data: { id: string }; notification: { title: string } }) => received.push(message.notification.title));
    return received;
  };
  /** Waits until a push reaches every socket of the room it goes to: a ping on an anonymous socket's round trip. */
  const settle = (socket: Socket) => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action: 'get', tournamentId: DEMO_IDS.tournament, params: {} }));
  const userId = async (cookie: string) => ((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json() as { _id: string })._id;

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('reaches a socket the moment it is connected, and one re-identified after signing in', async () => {
    const anonymous = await open();
    const before = inbox(anonymous);
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const id = await userId(cookie);
    await t.app.ctx.notify({ userId: id, title: 'Avant la nouvelle poignée de main' });
    await settle(anonymous);
    expect(before).toEqual([]);

    // What the web app does once signed in: a new handshake, which carries the new cookie.
    anonymous.disconnect();
    const signedIn = await open({ cookie });
    const after = inbox(signedIn);
    // No wait and no retry: the room was joined before `connect`.
    await t.app.ctx.notify({ userId: id, title: 'Concert ce soir' });
    await settle(signedIn);
    expect(after).toEqual(['Concert ce soir']);
  });

  it('closes the session’s sockets at sign-out: they come back anonymous and receive nothing more', async () => {
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const id = await userId(cookie);
    const other = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const socket = await open({ cookie });
    const elsewhere = await open({ cookie: other });
    const received = inbox(elsewhere);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');

    // Reconnecting with the ended session's cookie is an anonymous handshake.
    const again = await open({ cookie });
    const afterSignOut = inbox(again);
    await t.app.ctx.notify({ userId: id, title: 'Après la déconnexion' });
    await settle(again);
    await settle(elsewhere);
    expect(afterSignOut).toEqual([]);
    // The same person's other session (another browser) still receives it.
    expect(received).toEqual(['Après la déconnexion']);
  });

  it('closes the sockets of the token a device held when it signs in again (its row is reused, the old token opens nothing)', async () => {
    const login = async (cookie = '') => {
      const { idToken } = (await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: DEMO_ACCOUNTS.visitor.email, password: 'sortie-demo' } })).json() as { idToken: string };
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken }, headers: cookie ? { cookie } : {} });
      const session = answer.cookies.find((c) => c.name.endsWith('sortie_session'))!;
      const device = answer.cookies.find((c) => c.name.endsWith('sortie_device'))!;
      return { session: `${session.name}=${session.value}`, device: `${device.name}=${device.value}` };
    };
    const first = await login();
    const socket = await open({ cookie: first.session });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const second = await login(first.device);
    expect(await closed).toBe('io server disconnect');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first.session } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second.session } })).statusCode).toBe(200);
  });

  it('lets an API key act in the live games only with the `tournaments` scope, and drops its sockets when it is revoked', async () => {
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const create = async (scopes: string[]) =>
      (await t.app.inject({ method: 'POST', url: '/api/me/apiKeys', headers: { cookie: staff }, payload: { name: 'Régie', scopes } })).json() as { id: string; key: string };
    const act = (socket: Socket) =>
      socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action: 'addParticipant', tournamentId: DEMO_IDS.tournament, params: {} })) as Promise<{ status: string; msg?: string }>;

    const links = await create(['links']);
    expect(await act(await open({ authorization: `Bearer ${links.key}` }))).toEqual({ status: 'error', msg: 'Réservé à l’équipe.' });
    const games = await create(['tournaments']);
    const socket = await open({ authorization: `Bearer ${games.key}` });
    // Staff get past the role check: the missing name is what is refused.
    const answer = await act(socket);
    expect(answer.status).toBe('error');
    expect(answer.msg).not.toBe('Réservé à l’équipe.');

    // From a page of another site the server lets in for sessions (SORTIE_ALLOWED_ORIGINS), a key still identifies nobody.
    const partner = await buildApp({ db: t.db, config: testConfig({ allowedOrigins: ['https://partenaire.example'] }) });
    await partner.listen({ port: 0, host: '127.0.0.1' });
    try {
      const partnerUrl = `http://127.0.0.1:${(partner.server.address() as { port: number }).port}`;
      const foreign = await new Promise<Socket>((resolve, reject) => {
        const client = connect(partnerUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { authorization: `Bearer ${games.key}`, origin: 'https://partenaire.example' } });
        sockets.push(client);
        client.once('connect', () => resolve(client));
        client.once('connect_error', reject);
      });
      expect(await act(foreign)).toEqual({ status: 'error', msg: 'Réservé à l’équipe.' });
    } finally {
      await partner.close();
    }

    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/apiKeys/${games.id}`, headers: { cookie: staff } })).statusCode).toBe(204);
    expect(await closed).toBe('io server disconnect');
  });
});
