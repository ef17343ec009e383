import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io';
import { CALLS_DRAIN_MS, callsInFlight, RESTARTING_REPLY } from './socket';

type Middleware = (packet: unknown[], next: () => void) => void;

/** A socket as callsInFlight sees it: its middleware, and its `disconnect`. */
function fakeSocket() {
  let middleware: Middleware = () => undefined;
  let gone: () => void = () => undefined;
  const socket = {
    use: (fn: Middleware) => void (middleware = fn),
    once: (_event: string, fn: () => void) => void (gone = fn),
  } as unknown as Socket;
  /** A call arriving: whether it went on to its handler, and the packet as the handler sees it. */
  const call = (ack: (...args: unknown[]) => void) => {
    const packet: unknown[] = ['blindTest', '{}', ack];
    let passed = false;
    middleware(packet, () => (passed = true));
    return { passed, ack: packet[2] as (...args: unknown[]) => void };
  };
  return { socket, call, disconnect: () => gone() };
}

/** Whether `promise` settled by now (after the microtasks queued). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the live games’ calls while a node stops', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the calls under way to be acknowledged, and refuses the new ones with « le serveur redémarre »', async () => {
    vi.useFakeTimers();
    const calls = callsInFlight();
    const { socket, call } = fakeSocket();
    calls.track(socket);
    const acks: unknown[] = [];
    const underWay = call((answer) => acks.push(answer));
    expect(underWay.passed).toBe(true);

    const closing = calls.close(CALLS_DRAIN_MS);
    expect(await settled(closing)).toBe(false);
    const late = call((answer) => acks.push(answer));
    expect(late.passed).toBe(false);
    expect(acks).toEqual([RESTARTING_REPLY]);

    underWay.ack({ status: 'ok' });
    expect(acks).toEqual([RESTARTING_REPLY, { status: 'ok' }]);
    expect(await settled(closing)).toBe(true);
  });

  it('stops waiting for a call whose socket is gone', async () => {
    vi.useFakeTimers();
    const calls = callsInFlight();
    const phone = fakeSocket();
    calls.track(phone.socket);
    phone.call(() => undefined);
    const closing = calls.close(CALLS_DRAIN_MS);
    expect(await settled(closing)).toBe(false);
    phone.disconnect();
    expect(await settled(closing)).toBe(true);
  });

  it('stops waiting after CALLS_DRAIN_MS for a call never acknowledged', async () => {
    vi.useFakeTimers();
    const calls = callsInFlight();
    const stuck = fakeSocket();
    calls.track(stuck.socket);
    stuck.call(() => undefined);
    const closing = calls.close(CALLS_DRAIN_MS);
    await vi.advanceTimersByTimeAsync(CALLS_DRAIN_MS - 1);
    expect(await settled(closing)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(closing)).toBe(true);
  });
});
