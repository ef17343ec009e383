import type { PushMessage, PushPort } from '../../ports/push.port';
import { waitFor, withSubject, type ContractRunner, type Teardown } from './runner';

export interface PushSubject extends Teardown {
  port: PushPort;
  server: {
    /** Resolves once a push sent now reaches the listeners given so far (the channel is open). */
    listening(): Promise<void>;
    /** The push service sends this payload to the app, as it is. */
    send(message: unknown): void;
  };
}

const ID = '0123456789abcdef01234567';
const OTHER = 'fedcba9876543210fedcba98';

/** What a caller of PushPort may rely on while the app is open, whoever carries the messages. */
export function pushContract(t: ContractRunner, name: string, setup: () => Promise<PushSubject> | PushSubject): void {
  const { it, expect } = t;
  withSubject(t, `PushPort contract: ${name}`, setup, (subject) => {
    it('gives a push token as a non-empty string', async () => {
      const token = await subject().port.getToken();
      expect(token).toEqual(expect.any(String));
      expect(token).not.toBe('');
    });

    it('hands each message, data id and notification, to every listener', async () => {
      const { port, server } = subject();
      const first: PushMessage[] = [];
      const second: PushMessage[] = [];
      port.onMessage((message) => first.push(message));
      port.onMessage((message) => second.push(message));
      await server.listening();
      server.send({ data: { id: ID, kind: 'event' }, notification: { title: 'Concert ce soir', body: 'À 21 h' } });
      await waitFor(() => first.length === 1 && second.length === 1);
      expect(first).toEqual([{ data: { id: ID, kind: 'event' }, notification: { title: 'Concert ce soir', body: 'À 21 h' } }]);
      expect(second).toEqual(first);
    });

    it('never hands on a message without a data id', async () => {
      const { port, server } = subject();
      const received: PushMessage[] = [];
      port.onMessage((message) => received.push(message));
      await server.listening();
      server.send({ data: {} });
      server.send({ data: { id: ID } });
      await waitFor(() => received.length === 1);
      expect(received.map((message) => message.data.id)).toEqual([ID]);
    });

    it('stops handing messages to a listener that unsubscribed', async () => {
      const { port, server } = subject();
      const dropped: PushMessage[] = [];
      const kept: PushMessage[] = [];
      const unsubscribe = port.onMessage((message) => dropped.push(message));
      port.onMessage((message) => kept.push(message));
      await server.listening();
      server.send({ data: { id: ID } });
      await waitFor(() => kept.length === 1 && dropped.length === 1);
      unsubscribe();
      server.send({ data: { id: OTHER } });
      await waitFor(() => kept.length === 2);
      expect(dropped.map((message) => message.data.id)).toEqual([ID]);
    });
  });
}
