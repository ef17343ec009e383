import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';

/** One `incr` in this many also deletes the windows that are over. */
const SWEEP_EVERY = 200;

let calls = 0;

/**
 * Counts one attempt under `key` in the window of `timeWindow` ms that is running (a new one
 * once the last is over): the count so far and the milliseconds left. The API keys' limit
 * (api-key-gate.ts) counts with it too. The database's clock by default; `now` (ms) counts on
 * the app's clock instead (the per-account sign-in limit, whose tests move it).
 */
export async function countAttempt(db: Db, key: string, timeWindow: number, now?: number): Promise<{ current: number; ttl: number }> {
  calls += 1;
  const at = now === undefined ? null : new Date(now).toISOString();
  if (calls % SWEEP_EVERY === 0) void db.query(`DELETE FROM rate_limits WHERE reset_at < COALESCE($1::timestamptz, now())`, [at]).catch(() => undefined);
  const [row] = await db.query<{ count: number; ttl: number }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at) VALUES ($1, 1, COALESCE($3::timestamptz, now()) + make_interval(secs => $2::double precision / 1000))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= COALESCE($3::timestamptz, now()) THEN 1 ELSE r.count + 1 END,
       reset_at = CASE WHEN r.reset_at <= COALESCE($3::timestamptz, now()) THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING count, GREATEST(0, ceil(extract(epoch FROM reset_at - COALESCE($3::timestamptz, now())) * 1000))::int AS ttl`,
    [key, timeWindow, at],
  );
  return { current: row!.count, ttl: row!.ttl };
}

interface RouteInfo {
  method?: string | string[];
  url?: string;
  path?: string;
}
type RouteLimitOptions = RouteInfo & { routeInfo?: RouteInfo };

/**
 * @fastify/rate-limit's counters in the `rate_limits` table, so that every server process on the
 * database counts the same attempts: ten wrong passwords spread over two nodes still hit the
 * limit. One statement per attempt (an upsert that starts a new window once the last is over).
 * The embedded default uses it too: one code path, and the counts survive a restart. Counted on
 * `now` (the app's clock) when given, as the API keys are.
 */
export function databaseRateLimitStore(db: Db, now?: () => number): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countAttempt(db, `${this.prefix}${key}`, timeWindow, now?.()).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** One counter per route: the plugin hands the route's method and URL under `routeInfo` (its merged options). */
    child(options: RouteLimitOptions): FastifyRateLimitStore {
      const route = options.routeInfo ?? options;
      return new DatabaseRateLimitStore(options, `${[route.method].flat().join(',')} ${route.url ?? route.path ?? ''}|`);
    }
  }
  return DatabaseRateLimitStore;
}
