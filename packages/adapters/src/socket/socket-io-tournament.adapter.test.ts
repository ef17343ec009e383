import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { TournamentError } from '@sortie/core';
import { FakeLogger } from '@sortie/core/testing';
import { io } from 'socket.io-client';
import { SocketIoTournamentAdapter } from './socket-io-tournament.adapter';
import { until } from '../test-support/until';

let server: Server | undefined;
const adapters: SocketIoTournamentAdapter[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const adapter of adapters.splice(0)) adapter.disconnect();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function startSocketServer(onConnection: (socket: ServerSocket) => void): Promise<string> {
  const http = createServer();
  server = new Server(http);
  server.on('connection', onConnection);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

function adapter(url: string, authHeaders?: () => Record<string, string>) {
  const logger = new FakeLogger();
  const port = new SocketIoTournamentAdapter({ url, ...(authHeaders ? { authHeaders } : {}) }, logger);
  adapters.push(port);
  return { port, logger };
}

/** The socket.io client socket inside the adapter, to read its options. */
function clientSocket(port: SocketIoTournamentAdapter) {
  return port.connection();
}

describe('SocketIoTournamentAdapter', () => {
  it('connects with SPEC.md §9’s options: websocket first, then polling, 5 attempts 10 s apart', async () => {
    const url = await startSocketServer(() => undefined);
    const { port } = adapter(url);
    const socket = await clientSocket(port);
    expect(socket.io.opts).toMatchObject({
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 10_000,
      timeout: 10_000,
      withCredentials: true,
    });
    expect((socket as unknown as { _opts: { ackTimeout: number } })._opts.ackTimeout).toBe(10_000);
    await until(() => socket.connected);
    expect(socket.io.engine.transport.name).toBe('websocket');
  });

  it('is created lazily: nothing connects before the first call', async () => {
    let connections = 0;
    const url = await startSocketServer(() => (connections += 1));
    const { port } = adapter(url);
    await new Promise((resolve) => setImmediate(resolve));
    expect(connections).toBe(0);
    port.on('x', () => undefined);
    await until(() => connections === 1);
  });

  it('loads socket.io-client only on first use, and delivers what was emitted meanwhile', async () => {
    const received: unknown[] = [];
    const url = await startSocketServer((socket) => socket.on('hello', (data: unknown) => received.push(data)));
    let loads = 0;
    const logger = new FakeLogger();
    const port = new SocketIoTournamentAdapter({ url, loadIo: async () => ((loads += 1), io) }, logger);
    adapters.push(port);
    expect(loads).toBe(0);
    port.emit('hello', 1);
    port.emit('hello', 2);
    await until(() => received.length === 2);
    expect(received).toEqual(['1', '2']);
    expect(loads).toBe(1);
  });

  it('emits a tournament action as a JSON string and resolves the acknowledgement', async () => {
    const url = await startSocketServer((socket) => {
      socket.on('tournament', (payload: string, ack: (reply: unknown) => void) => {
        const { action, tournamentId } = JSON.parse(payload) as { action: string; tournamentId: string };
        ack({ status: 'ok', tournament: { _id: tournamentId, lastAction: action } });
      });
    });
    const { port } = adapter(url);
    const payload = JSON.stringify({ action: 'start', tournamentId: 'abc', params: {} });
    await expect(port.emitWithAck('tournament', payload)).resolves.toEqual({ status: 'ok', tournament: { _id: 'abc', lastAction: 'start' } });
  });

  it('sends a generic emit as a JSON string and removes a listener when unsubscribed', async () => {
    const received: unknown[] = [];
    let serverSocket: ServerSocket | undefined;
    const url = await startSocketServer((socket) => {
      serverSocket = socket;
      socket.on('hello', (data: unknown) => received.push(data));
    });
    const { port } = adapter(url);
    const heard: unknown[] = [];
    const unsubscribe = port.on('tournament:update', (data) => heard.push(data));
    port.emit('hello', { name: 'Léa' });
    await until(() => received.length === 1 && serverSocket !== undefined);
    expect(received).toEqual(['{"name":"Léa"}']);
    serverSocket?.emit('tournament:update', { round: 1 });
    await until(() => heard.length === 1);
    unsubscribe();
    serverSocket?.emit('tournament:update', { round: 2 });
    port.emit('hello', 'sync');
    await until(() => received.length === 2);
    expect(heard).toEqual([{ round: 1 }]);
  });

  it('reconnects by itself after a server-initiated disconnect, and logs the disconnect', async () => {
    let connections = 0;
    const url = await startSocketServer((socket) => {
      connections += 1;
      if (connections === 1) socket.disconnect(true);
    });
    const { port, logger } = adapter(url);
    port.on('x', () => undefined);
    await until(() => connections === 2);
    expect(logger.entries.warn.map((e) => e.context[0])).toContain('io server disconnect');
  });

  it('sends the auth helper’s headers with the handshake', async () => {
    const seen: Array<{ header: unknown; auth: unknown }> = [];
    const url = await startSocketServer((socket) => seen.push({ header: socket.handshake.headers['x-sortie-auth'], auth: socket.handshake.auth }));
    const { port } = adapter(url, () => ({ 'x-sortie-auth': 'jeton' }));
    port.on('x', () => undefined);
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({ header: 'jeton', auth: { 'x-sortie-auth': 'jeton' } });
  });

  it('sends fresh auth headers when it reconnects (the session may have changed)', async () => {
    const seen: unknown[] = [];
    let cookie = 'sortie_session=before';
    const url = await startSocketServer((socket) => {
      seen.push(socket.handshake.headers.cookie);
      if (seen.length === 1) {
        cookie = 'sortie_session=after'; // the user signed in meanwhile
        socket.disconnect(true);
      }
    });
    const { port } = adapter(url, () => ({ cookie }));
    port.on('x', () => undefined);
    await until(() => seen.length === 2);
    expect(seen).toEqual(['sortie_session=before', 'sortie_session=after']);
  });

  it('logs connect_error and each reconnection attempt, 10 s apart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const url = await startSocketServer(() => undefined);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const { port, logger } = adapter(url);
    port.on('x', () => undefined);
    expect(port.connectionError()).toBeNull();
    await until(() => logger.messages('error').length === 1);
    expect(logger.messages('error')[0]).toMatch(/échec de connexion/);
    expect(port.connectionError()).toBeInstanceOf(Error);
    expect(logger.messages('info')).toEqual([]);
    // The delay is 10 s with socket.io's ±50 % jitter: 15 s is always enough for the first attempt.
    vi.advanceTimersByTime(15_000);
    expect(logger.messages('info')).toEqual(['Socket : tentative de reconnexion']);
    expect(logger.entries.info[0]?.context).toEqual([1]);
  });

  it('rejects with a TournamentError when the acknowledgement never comes (10 s)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const url = await startSocketServer(() => undefined);
    const { port } = adapter(url);
    const socket = await clientSocket(port);
    await until(() => socket.connected);
    const answer = port.emitWithAck('tournament', '{}').catch((e: unknown) => e);
    await new Promise((resolve) => setImmediate(resolve)); // the emit leaves after the socket is awaited
    vi.advanceTimersByTime(9_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await Promise.race([answer, 'pending'])).toBe('pending');
    vi.advanceTimersByTime(1);
    const error = await answer;
    expect(error).toBeInstanceOf(TournamentError);
    expect(error).toMatchObject({ code: 'TOURNAMENT_TIMEOUT' });
  });
});
