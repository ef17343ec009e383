import type { FastifyReply, FastifyRequest } from 'fastify';

/** A limit's state, as the IETF draft's RateLimit headers tell it (draft-ietf-httpapi-ratelimit-headers). */
export interface RateLimitState {
  /** Requests allowed in a window. */
  limit: number;
  windowSeconds: number;
  /** Requests still allowed in the window that is running. */
  remaining: number;
  /** Seconds until that window is over. */
  resetSeconds: number;
}

/** The policy header's value: `600;w=60` is 600 requests in 60 s. */
export const rateLimitPolicy = (limit: number, windowSeconds: number): string => `${limit};w=${windowSeconds}`;

/** `RateLimit-Limit`, `-Remaining`, `-Reset` and `-Policy` on an answer. */
export function setRateLimitHeaders(reply: FastifyReply, state: RateLimitState): void {
  void reply.header('ratelimit-limit', String(state.limit));
  void reply.header('ratelimit-remaining', String(Math.max(0, state.remaining)));
  void reply.header('ratelimit-reset', String(state.resetSeconds));
  void reply.header('ratelimit-policy', rateLimitPolicy(state.limit, state.windowSeconds));
}

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600 };

/** A route's `timeWindow` in seconds: milliseconds, or « 1 minute » as the routes write it; null for another form. */
export function windowSeconds(timeWindow: unknown): number | null {
  if (typeof timeWindow === 'number') return Math.ceil(timeWindow / 1000);
  const match = typeof timeWindow === 'string' ? /^(\d+)\s*(second|minute|hour)s?$/.exec(timeWindow.trim()) : null;
  return match ? Number(match[1]) * UNIT_SECONDS[match[2]!]! : null;
}

/**
 * @fastify/rate-limit writes the draft's Limit, Remaining and Reset (and Retry-After on a 429),
 * not the policy: this onSend hook adds it from the route's own limit.
 */
export async function rateLimitPolicyHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const limit = request.routeOptions.config?.rateLimit;
  if (!limit || !reply.hasHeader('ratelimit-limit') || typeof limit.max !== 'number') return;
  const seconds = windowSeconds(limit.timeWindow);
  if (seconds !== null) void reply.header('ratelimit-policy', rateLimitPolicy(limit.max, seconds));
}
