import type { TournamentSocketPort } from '../../ports/tournament-socket.port';
import { waitFor, withSubject, type ContractRunner, type Teardown } from './runner';

/** The server's side of the socket, as a test drives it. */
export interface SocketServerControl {
  /** From now on, every acknowledgement the server sends is `reply`. */
  replyWith(reply: unknown): void;
  /** The server pushes `event` with `args` to the connected client. */
  push(event: string, ...args: unknown[]): void;
  /** Resolves once the server has received `count` messages named `event`: their payloads, as received. */
  received(event: string, count: number): Promise<unknown[]>;
}

export interface TournamentSocketSubject extends Teardown {
  port: TournamentSocketPort;
  server: SocketServerControl;
}

/** What a caller of TournamentSocketPort may rely on, whoever implements it. */
export function tournamentSocketContract(t: ContractRunner, name: string, setup: () => Promise<TournamentSocketSubject> | TournamentSocketSubject): void {
  const { it, expect } = t;
  withSubject(t, `TournamentSocketPort contract: ${name}`, setup, (subject) => {
    it('emitWithAck sends the payload string as is and resolves the server’s acknowledgement as received', async () => {
      const { port, server } = subject();
      server.replyWith({ status: 'ok', tournament: { _id: 't1', state: 'running' } });
      const payload = JSON.stringify({ tournamentId: 't1', action: 'start' });
      await expect(port.emitWithAck('tournament:action', payload)).resolves.toEqual({ status: 'ok', tournament: { _id: 't1', state: 'running' } });
      await expect(server.received('tournament:action', 1)).resolves.toEqual([payload]);
    });

    it('resolves a string acknowledgement as a string (parsing it is the caller’s rule)', async () => {
      const { port, server } = subject();
      server.replyWith('{"status":"error","message":"Action refusée."}');
      await expect(port.emitWithAck('tournament:action', '{}')).resolves.toBe('{"status":"error","message":"Action refusée."}');
    });

    it('emit sends the data as one JSON string, in order', async () => {
      const { port, server } = subject();
      port.emit('tournament:join', { tournamentId: 't1' });
      port.emit('tournament:join', { tournamentId: 't2' });
      await expect(server.received('tournament:join', 2)).resolves.toEqual(['{"tournamentId":"t1"}', '{"tournamentId":"t2"}']);
    });

    it('delivers the server’s pushes to each listener, until it unsubscribes', async () => {
      const { port, server } = subject();
      const kept: unknown[][] = [];
      const dropped: unknown[][] = [];
      port.on('tournament:update', (...args) => kept.push(args));
      const unsubscribe = port.on('tournament:update', (...args) => dropped.push(args));
      // An acknowledged round trip: the listeners are in place on the server's side of it.
      await port.emitWithAck('tournament:join', '{}');
      server.push('tournament:update', { _id: 't1' });
      await waitFor(() => kept.length === 1);
      expect(kept).toEqual([[{ _id: 't1' }]]);
      expect(dropped).toEqual([[{ _id: 't1' }]]);
      unsubscribe();
      server.push('tournament:update', { _id: 't2' });
      await waitFor(() => kept.length === 2);
      expect(dropped).toHaveLength(1);
    });

    it('has no connection error once it talks to the server', async () => {
      const { port } = subject();
      await port.emitWithAck('tournament:join', '{}');
      expect(port.connectionError()).toBeNull();
    });

    it('disconnects, and a later call connects again', async () => {
      const { port, server } = subject();
      await port.emitWithAck('tournament:join', '{}');
      port.disconnect();
      server.replyWith({ status: 'ok' });
      await expect(port.emitWithAck('tournament:join', '{}')).resolves.toEqual({ status: 'ok' });
    });

    it('reconnects with its listeners: a push after the new handshake reaches them, and calls go on', async () => {
      const { port, server } = subject();
      const seen: string[] = [];
      port.on('connect', () => seen.push('connect'));
      port.on('tournament:update', (tournament) => seen.push((tournament as { _id: string })._id));
      await port.emitWithAck('tournament:join', '{}');
      port.reconnect();
      server.replyWith({ status: 'ok' });
      await expect(port.emitWithAck('tournament:join', '{}')).resolves.toEqual({ status: 'ok' });
      await waitFor(() => seen.includes('connect'));
      server.push('tournament:update', { _id: 't3' });
      await waitFor(() => seen.includes('t3'));
      expect(seen.filter((item) => item === 'connect').length).toBeGreaterThanOrEqual(1);
    });
  });
}
