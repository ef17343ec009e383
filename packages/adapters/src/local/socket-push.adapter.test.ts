import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server, type Socket } from 'socket.io';
import { SOCKET_EVENTS, type PushMessage } from '@sortie/core';
import { FakeLogger } from '@sortie/core/testing';
import { SocketIoTournamentAdapter } from '../socket/socket-io-tournament.adapter';
import { SocketPushAdapter } from './socket-push.adapter';
import { until } from '../test-support/until';

let server: Server | undefined;
let socketPort: SocketIoTournamentAdapter | undefined;
afterEach(async () => {
  socketPort?.disconnect();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function setup() {
  const http = createServer();
  server = new Server(http);
  const clients: Socket[] = [];
  server.on('connection', (socket) => clients.push(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const logger = new FakeLogger();
  socketPort = new SocketIoTournamentAdapter({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }, logger);
  return { push: new SocketPushAdapter(socketPort, logger), clients, logger };
}

describe('SocketPushAdapter', () => {
  it('gives the stable token "socket": the server pushes to the user’s open sockets', async () => {
    const { push } = await setup();
    await expect(push.getToken()).resolves.toBe('socket');
  });

  it('hands each push {data: {id}} from the socket to the listener until unsubscribed', async () => {
    const { push, clients, logger } = await setup();
    const received: PushMessage[] = [];
    const unsubscribe = push.onMessage((message) => received.push(message));
    await until(() => clients.length === 1);
    clients[0]?.emit(SOCKET_EVENTS.push, { data: { id: '0123456789abcdef01234567' } });
    clients[0]?.emit(SOCKET_EVENTS.push, JSON.stringify({ data: { id: 'fedcba9876543210fedcba98' } }));
    clients[0]?.emit(SOCKET_EVENTS.push, { data: {} });
    await until(() => received.length === 2 && logger.entries.warn.length === 1);
    expect(received.map((m) => m.data.id)).toEqual(['0123456789abcdef01234567', 'fedcba9876543210fedcba98']);
    unsubscribe();
    // A second listener shows the next push did arrive, and the first no longer hears it.
    const later: PushMessage[] = [];
    push.onMessage((message) => later.push(message));
    clients[0]?.emit(SOCKET_EVENTS.push, { data: { id: 'aaaaaaaaaaaaaaaaaaaaaaaa' } });
    await until(() => later.length === 1);
    expect(received).toHaveLength(2);
  });
});
