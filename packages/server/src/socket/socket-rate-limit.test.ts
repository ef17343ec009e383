import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_RATE_LIMITS } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

type Reply = { status: string; msg?: string; code?: string };

const LIMITED = { status: 'error', msg: 'Trop de requêtes : patientez un instant.', code: 'rate_limited' };

/*
 * Core's per-connection limit on a live game's socket (issue 32), on the app's socket.io: Date is
 * faked, so the buckets refill only when the test moves the clock.
 */
describe('a socket past its limit of events', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let url: string;
  let staffCookie: string;
  const sockets: Socket[] = [];
  const open = (cookie?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const getTournament = (socket: Socket): Promise<Reply> => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action: 'get', tournamentId: DEMO_IDS.tournament, params: {} }));
  const getBlindTest = (socket: Socket): Promise<Reply> => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.blindTest, JSON.stringify({ action: 'get', blindTestId: DEMO_IDS.blindTest, params: {} }));
  /** `count` calls sent at once (alternating the two protocols): their replies in order. */
  const burst = (socket: Socket, count: number) => Promise.all(Array.from({ length: count }, (_, i) => (i % 2 ? getBlindTest(socket) : getTournament(socket))));
  const limitedCount = (replies: Reply[]) => replies.filter((r) => r.code === 'rate_limited').length;

  beforeAll(async () => {
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    staffCookie = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T20:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('serves a phone’s burst on both protocols, refuses the next call in French, and serves another phone meanwhile', async () => {
    const phone = await open();
    const other = await open();
    const replies = await burst(phone, SOCKET_RATE_LIMITS.player.burst + 3);
    expect(replies.slice(0, SOCKET_RATE_LIMITS.player.burst).every((r) => r.status === 'ok')).toBe(true);
    expect(replies.slice(SOCKET_RATE_LIMITS.player.burst)).toEqual([LIMITED, LIMITED, LIMITED]);
    expect(await getTournament(other)).toMatchObject({ status: 'ok' });
    expect(await getBlindTest(other)).toMatchObject({ status: 'ok' });
    expect(phone.connected).toBe(true);
  });

  it('serves the phone again once time has passed, as many calls as the time gave back', async () => {
    const phone = await open();
    await burst(phone, SOCKET_RATE_LIMITS.player.burst);
    expect(await getTournament(phone)).toEqual(LIMITED);
    vi.advanceTimersByTime(1000);
    const replies = await burst(phone, SOCKET_RATE_LIMITS.player.perSecond + 1);
    expect(replies.slice(0, SOCKET_RATE_LIMITS.player.perSecond).every((r) => r.status === 'ok')).toBe(true);
    expect(replies.at(-1)).toEqual(LIMITED);
  });

  it('disconnects a phone that keeps flooding, and the room goes on for the others', async () => {
    const flooder = await open();
    const other = await open();
    const reason = new Promise<string>((resolve) => flooder.on('disconnect', resolve));
    const { burst: allowed, refusalsBeforeDisconnect } = SOCKET_RATE_LIMITS.player;
    for (let i = 0; i < allowed + refusalsBeforeDisconnect + 100; i++) flooder.emit(SOCKET_EVENTS.tournament, 'pas du json');
    // « io server disconnect »: the client does not reconnect by itself.
    expect(await reason).toBe('io server disconnect');
    expect(await getTournament(other)).toMatchObject({ status: 'ok' });
  });

  it('lets the host’s desk send more than a phone before it is refused', async () => {
    const desk = await open(staffCookie);
    // The session is read at the handshake: the desk's first call is already counted as staff's.
    const replies = await burst(desk, SOCKET_RATE_LIMITS.staff.burst + 1);
    expect(SOCKET_RATE_LIMITS.staff.burst).toBeGreaterThan(SOCKET_RATE_LIMITS.player.burst);
    expect(limitedCount(replies.slice(0, SOCKET_RATE_LIMITS.staff.burst))).toBe(0);
    expect(replies.at(-1)).toEqual(LIMITED);
    expect(desk.connected).toBe(true);
  });
});

describe('SORTIE_SOCKET_RATE_LIMIT=0 (a load test from one machine)', () => {
  it('serves every call of a socket sending faster than a phone', async () => {
    const t = await testApp({ config: { socketRateLimit: false } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
      const socket = await new Promise<Socket>((resolve, reject) => {
        const s = connect(url, { transports: ['websocket'], reconnection: false });
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
      const payload = JSON.stringify({ action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
      const replies: Reply[] = await Promise.all(Array.from({ length: 3 * SOCKET_RATE_LIMITS.player.burst }, () => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, payload)));
      expect(replies.every((r) => r.status === 'ok')).toBe(true);
      socket.disconnect();
    } finally {
      await t.close();
    }
  });
});
