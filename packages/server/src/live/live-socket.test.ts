import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { SOCKET_UNAVAILABLE_CODE } from '@sortie/core/domain';
import { answerLiveCalls, LIVE_INTERNAL_ERROR, type LiveProtocol } from './live-socket';

class Refusal extends Error {}

/** A socket that hands its one live event to the test: `send` emits a payload and resolves with the acknowledgement. */
function fakeSocket() {
  let handler: ((payload: unknown, ack?: unknown) => Promise<void>) | undefined;
  const socket = { on: (_event: string, listener: typeof handler) => void (handler = listener) };
  return {
    // The one method of socket.io's Socket the handler uses.
    socket: socket as unknown as Socket,
    send: (payload: unknown) => new Promise<unknown>((resolve) => void handler!(payload, resolve)),
  };
}

/** A protocol whose calls say what happens: answered, refused, the database gone, or a bug. */
const protocol: LiveProtocol<{ say: string; at?: number }> = {
  event: 'fake',
  parse: (payload) => {
    if (typeof payload !== 'string') throw new Refusal('Requête invalide : une chaîne JSON est attendue.');
    return { say: payload };
  },
  isRefusal: (error): error is Refusal => error instanceof Refusal,
  async answer({ call, at, user }) {
    if (call.say === 'refuse') throw new Refusal('Le match n’est pas prêt.');
    if (call.say === 'down') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (call.say === 'bug') throw new TypeError('x is undefined');
    return { status: 'ok', at, user: await user() };
  },
};

describe('the live games’ socket handler', () => {
  it('acknowledges a call with the protocol’s answer, timed when it arrived; a refusal as {status: error, msg} in French', async () => {
    const logged: string[] = [];
    let time = 1_000;
    const { socket, send } = fakeSocket();
    answerLiveCalls(socket, protocol, { now: () => time++, user: async () => null, log: (message) => logged.push(message) });
    expect(await send('ok')).toEqual({ status: 'ok', at: 1_000, user: null });
    expect(await send('refuse')).toEqual({ status: 'error', msg: 'Le match n’est pas prêt.' });
    expect(await send(42)).toEqual({ status: 'error', msg: 'Requête invalide : une chaîne JSON est attendue.' });
    expect(logged).toEqual([]);
  });

  it('answers a database out of reach with the temporary refusal clients retry, unlogged; a bug with the internal error, logged', async () => {
    const logged: string[] = [];
    const { socket, send } = fakeSocket();
    answerLiveCalls(socket, protocol, { now: () => 0, user: async () => null, log: (message) => logged.push(message) });
    expect(await send('down')).toMatchObject({ status: 'error', code: SOCKET_UNAVAILABLE_CODE });
    expect(logged).toEqual([]);
    expect(await send('bug')).toEqual({ status: 'error', msg: LIVE_INTERNAL_ERROR });
    expect(logged).toEqual(['fake action failed']);
  });
});
