import type { Socket } from 'socket.io';
import {
  freshSocketBucket,
  SOCKET_RATE_LIMITED_CODE,
  SOCKET_RATE_LIMITED_MESSAGE,
  SOCKET_RATE_LIMITS,
  takeSocketToken,
  type SocketRateLimit,
  type SocketRateRole,
} from '@sortie/core/domain';

export interface SocketRateOptions {
  /** The role's limits (core's SOCKET_RATE_LIMITS by default). */
  limits?: Readonly<Record<SocketRateRole, SocketRateLimit>>;
  /** Wall-clock milliseconds (Date.now by default: fake timers move it). */
  now?: () => number;
  /** Told once when a socket is disconnected for flooding. */
  flooded?: (socket: Socket) => void;
}

/** The acknowledgement of a call refused by the limit (both live protocols). */
export const RATE_LIMITED_REPLY = { status: 'error', msg: SOCKET_RATE_LIMITED_MESSAGE, code: SOCKET_RATE_LIMITED_CODE } as const;

/**
 * Core's per-connection limit on a socket's incoming events (every event, before its payload is read):
 * a call past it is acknowledged with RATE_LIMITED_REPLY and goes no further; a socket that keeps
 * going is disconnected (its client is told « io server disconnect » and does not reconnect by
 * itself). `role` is read at each call: a phone until the handshake's session says staff.
 */
export function limitSocketEvents(socket: Socket, role: () => SocketRateRole, options: SocketRateOptions = {}): void {
  const limits = options.limits ?? SOCKET_RATE_LIMITS;
  const now = options.now ?? Date.now;
  let current = role();
  let bucket = freshSocketBucket(limits[current], now());
  let gone = false;
  socket.use((packet, next) => {
    if (gone) return;
    const as = role();
    // Known as staff once the session is read: its desk starts with a full bucket of its own.
    if (as !== current) {
      current = as;
      bucket = freshSocketBucket(limits[as], now());
    }
    const taken = takeSocketToken(bucket, limits[as], now());
    bucket = taken.bucket;
    if (taken.verdict === 'allowed') return next();
    const ack: unknown = packet.at(-1);
    if (taken.verdict === 'disconnect') {
      gone = true;
      options.flooded?.(socket);
      stopReading(socket);
      return;
    }
    if (typeof ack === 'function') ack(RATE_LIMITED_REPLY);
  });
}

/** How long a flooding socket's connection is given to take its « disconnect » before it is cut. */
const CUT_AFTER_MS = 1000;

/**
 * Disconnects the socket and stops reading its connection at once: a flooder's events already
 * on their way (thousands, in the kernel's buffers) are not parsed one by one while the
 * websocket's closing handshake waits for it; the connection is cut a second later.
 */
function stopReading(socket: Socket): void {
  // engine.io's websocket transport holds the `ws` WebSocket as `socket`: pause() stops reading, terminate() cuts.
  const transport = socket.conn.transport as unknown as { name: string; socket?: { pause?(): void; terminate?(): void } };
  const ws = transport.name === 'websocket' ? transport.socket : undefined;
  socket.disconnect(true);
  ws?.pause?.();
  if (ws?.terminate) setTimeout(() => ws.terminate?.(), CUT_AFTER_MS).unref();
}
