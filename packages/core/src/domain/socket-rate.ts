/**
 * How many actions one live-game connection (a phone, a host's desk) may send: a token bucket per
 * socket. A phone sends a few actions a second with a small burst (a join and a get on a
 * reconnect, a double tap); the host's desk a few more. Past the limit a call is refused with
 * SOCKET_RATE_LIMITED_MESSAGE; a sender that keeps going past it is disconnected, so that one
 * flooding socket cannot slow the room (issue 32).
 */
export interface SocketRateLimit {
  /** Actions a second, kept up for as long as one likes. */
  perSecond: number;
  /** Actions at once from a full bucket. */
  burst: number;
  /** Refused calls, beyond which the socket is disconnected; they are forgiven at `perSecond`. */
  refusalsBeforeDisconnect: number;
}

export type SocketRateRole = 'player' | 'staff';

export const SOCKET_RATE_LIMITS: Readonly<Record<SocketRateRole, SocketRateLimit>> = {
  player: { perSecond: 5, burst: 10, refusalsBeforeDisconnect: 50 },
  staff: { perSecond: 20, burst: 60, refusalsBeforeDisconnect: 200 },
};

export const SOCKET_RATE_LIMITED_MESSAGE = 'Trop de requêtes : patientez un instant.';
export const SOCKET_RATE_LIMITED_CODE = 'rate_limited';

/** One socket's bucket: the tokens left, the refusals not yet forgiven, at a time (ms). */
export interface SocketRateBucket {
  tokens: number;
  refusals: number;
  at: number;
}

export type SocketRateVerdict = 'allowed' | 'refused' | 'disconnect';

/** A full bucket, as a new connection starts. */
export const freshSocketBucket = (limit: SocketRateLimit, now: number): SocketRateBucket => ({ tokens: limit.burst, refusals: 0, at: now });

/**
 * One call arriving at `now`: the bucket refilled for the time passed (and as many refusals
 * forgiven), then one token taken; without a token the call is refused, and a socket whose
 * refusals pass `refusalsBeforeDisconnect` is to be disconnected.
 */
export function takeSocketToken(bucket: SocketRateBucket, limit: SocketRateLimit, now: number): { bucket: SocketRateBucket; verdict: SocketRateVerdict } {
  const refill = (Math.max(0, now - bucket.at) / 1000) * limit.perSecond;
  const tokens = Math.min(limit.burst, bucket.tokens + refill);
  const refusals = Math.max(0, bucket.refusals - refill);
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, refusals, at: now }, verdict: 'allowed' };
  const refused = { tokens, refusals: refusals + 1, at: now };
  return { bucket: refused, verdict: refused.refusals > limit.refusalsBeforeDisconnect ? 'disconnect' : 'refused' };
}
