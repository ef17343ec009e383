// PushPort's contract (@sortie/core/testing) on the socket push adapter, over a local socket.io server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vitest from 'vitest';
import { Server, type Socket } from 'socket.io';
import { SOCKET_EVENTS } from '@sortie/core';
import { FakeLogger, pushContract } from '@sortie/core/testing';
import { SocketIoTournamentAdapter } from '../socket/socket-io-tournament.adapter';
import { SocketPushAdapter } from './socket-push.adapter';
import { until } from '../test-support/until';

pushContract(vitest, 'SocketPushAdapter over a local socket.io server', async () => {
  const http = createServer();
  const io = new Server(http);
  const clients: Socket[] = [];
  io.on('connection', (socket) => clients.push(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const logger = new FakeLogger();
  const socket = new SocketIoTournamentAdapter({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }, logger);
  return {
    port: new SocketPushAdapter(socket, logger),
    server: {
      // The adapter attaches listeners to the socket before it connects: once the server sees it, they are in place.
      listening: () => until(() => clients.length > 0),
      send: (message) => void io.emit(SOCKET_EVENTS.push, message),
    },
    teardown: async () => {
      socket.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
});
