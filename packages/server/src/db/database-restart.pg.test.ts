import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_UNAVAILABLE_MESSAGE } from '@sortie/core';
import { findPgBin, runRestartDrill, startScratchPostgres, startServerProcess } from '../testing/db-restart-drill';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

// The CI's PostgreSQL binaries (.ci/run exports SORTIE_TEST_PG_BIN beside SORTIE_TEST_DATABASE_URL). The drill
// runs a cluster of its own with them: restarting the shared server would fail the suites running beside it.
const pgBin = process.env.SORTIE_TEST_DATABASE_URL && process.env.SORTIE_TEST_PG_BIN ? findPgBin() : null;

describe.skipIf(!pgBin)('PostgreSQL restarting under load (issue 22)', () => {
  it('the server never exits, answers 503 (never 500) while it is down, recovers within 5 s and stores every visit it redirected', async () => {
    const result = await runRestartDrill({ pgBin: pgBin!, connections: 20, before: 1500, after: 1500 });
    expect(result.survived).toBe(true);
    // While the database is down: /api answers 503, within a second; /r keeps redirecting the links it knows.
    expect(result.probesWhileDown['503'] ?? 0).toBeGreaterThanOrEqual(5);
    expect(result.probesWhileDown['500'] ?? 0).toBe(0);
    expect(result.probeStatuses['500'] ?? 0).toBe(0);
    expect(result.slowestDownAnswerMs).toBeLessThan(1500);
    expect(result.statuses['500'] ?? 0).toBe(0);
    expect(result.statuses['0'] ?? 0).toBe(0);
    expect(Object.keys(result.statuses).filter((s) => s !== '302' && s !== '503')).toEqual([]);
    expect(result.recoveryMs).toBeGreaterThanOrEqual(0);
    expect(result.recoveryMs).toBeLessThan(5000);
    // Every redirect to the link is a visit stored, none lost over the restart.
    expect(result.redirects).toBeGreaterThanOrEqual(3000);
    expect(result.recorded).toBe(result.redirects);
  }, 300_000);
});

/** The session cookie of a demo account, signed in through the embedded identity provider. */
async function sessionCookie(url: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { idToken } = (await (await post('/api/identity/signIn', { email, password: 'sortie-demo' })).json()) as { idToken: string };
  const login = await post('/api/auth/login/web', { idToken });
  const cookie = login.headers.getSetCookie().find((c) => c.split('=')[0]!.endsWith('sortie_session'));
  if (!cookie) throw new Error(`no session cookie (${login.status})`);
  return cookie.split(';')[0]!;
}

type Reply = { status: string; msg?: string; code?: string; tournament?: { participants: Array<{ userId?: string }> } };

function openSocket(url: string, cookie: string): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const tournamentAction = (socket: Socket, action: string): Promise<Reply> =>
  socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action, tournamentId: DEMO_IDS.tournament, params: {} }));

const UNAVAILABLE = { status: 'error', msg: SOCKET_UNAVAILABLE_MESSAGE, code: 'unavailable' };

describe.skipIf(!pgBin)('live actions while PostgreSQL restarts (issue 30)', () => {
  it('a tournament or blind test action gets the temporary French refusal while the database is down, and goes through once it is back; /api/ready says 503 meanwhile', async () => {
    const postgres = await startScratchPostgres(pgBin!);
    const sockets: Socket[] = [];
    const server = await startServerProcess(postgres.url).catch(async (error: unknown) => {
      await postgres.destroy();
      throw error;
    });
    try {
      const visitorCookie = await sessionCookie(server.url, DEMO_ACCOUNTS.visitor.email);
      const staffCookie = await sessionCookie(server.url, DEMO_ACCOUNTS.staff.email);
      const visitor = await openSocket(server.url, visitorCookie);
      sockets.push(visitor);
      expect(await tournamentAction(visitor, 'get')).toMatchObject({ status: 'ok' });
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

      await postgres.stop();
      expect(SOCKET_UNAVAILABLE_MESSAGE).toBe('Service momentanément indisponible, réessayez dans un instant.');
      expect(await tournamentAction(visitor, 'join')).toEqual(UNAVAILABLE);
      // A socket opened during the outage: its session cannot be read, which makes it neither anonymous nor refused.
      const staff = await openSocket(server.url, staffCookie);
      sockets.push(staff);
      expect(await tournamentAction(staff, 'join')).toEqual(UNAVAILABLE);
      const open = await staff.timeout(5000).emitWithAck(SOCKET_EVENTS.blindTest, JSON.stringify({ action: 'open', blindTestId: DEMO_IDS.blindTest, params: {} }));
      expect(open).toEqual(UNAVAILABLE);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(503);

      await postgres.start();
      // Back: the same action, tried again, goes through (the pool reconnects on a try within a second or so).
      let reply = await tournamentAction(visitor, 'join');
      for (const deadline = Date.now() + 10_000; reply.code === 'unavailable' && Date.now() < deadline; reply = await tournamentAction(visitor, 'join')) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(reply, reply.msg).toMatchObject({ status: 'ok' });
      // The socket opened during the outage is staff's now that the session can be read.
      const joined = await tournamentAction(staff, 'join');
      expect(joined, joined.msg).toMatchObject({ status: 'ok' });
      expect(joined.tournament!.participants.map((p) => p.userId)).toEqual(expect.arrayContaining([DEMO_IDS.users.visitor, DEMO_IDS.users.staff]));
      // Ready again: on the next check (a load balancer polls every few seconds), not necessarily the
      // first one, which may still meet a pooled connection the restart closed.
      let ready = (await fetch(`${server.url}/api/ready`)).status;
      for (const deadline = Date.now() + 5_000; ready !== 200 && Date.now() < deadline; ready = (await fetch(`${server.url}/api/ready`)).status) {
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(ready).toBe(200);
      // /api/ready wrote to tell (write-check.ts), rather than fall back to a mere SELECT 1.
      expect(server.stderr()).not.toContain('l’écriture de contrôle est refusée');
      expect(server.child.exitCode).toBeNull();
    } finally {
      for (const socket of sockets) socket.disconnect();
      await server.stop();
      await postgres.destroy();
    }
  }, 300_000);
});
