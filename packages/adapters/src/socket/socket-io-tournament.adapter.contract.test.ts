// TournamentSocketPort's contract (@sortie/core/testing) on the socket.io adapter, over a local socket.io server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vitest from 'vitest';
import { Server } from 'socket.io';
import { FakeLogger, tournamentSocketContract } from '@sortie/core/testing';
import { SocketIoTournamentAdapter } from './socket-io-tournament.adapter';
import { until } from '../test-support/until';

tournamentSocketContract(vitest, 'SocketIoTournamentAdapter over a local socket.io server', async () => {
  const http = createServer();
  const io = new Server(http);
  const received = new Map<string, unknown[]>();
  let reply: unknown = { status: 'ok' };
  io.on('connection', (socket) => {
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
      received.set(event, [...(received.get(event) ?? []), ...args]);
      ack?.(reply);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = new SocketIoTournamentAdapter({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }, new FakeLogger());
  return {
    port,
    server: {
      replyWith: (answer) => void (reply = answer),
      push: (event, ...args) => void io.emit(event, ...args),
      received: async (event, count) => {
        await until(() => (received.get(event)?.length ?? 0) >= count);
        return received.get(event) ?? [];
      },
    },
    teardown: async () => {
      port.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
});
