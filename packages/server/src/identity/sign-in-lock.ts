import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError, formatWait, SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_LOCK_MS } from '@sortie/core';
import type { Db } from '../db/database';
import type { AppContext } from '../http/context';
import { countAttempt } from '../http/rate-limit-store';

/*
 * Issue 30: wrong passwords are counted per account too, not only per address (an attacker with
 * many addresses would otherwise guess without end). Past SIGN_IN_FAILURES_PER_ACCOUNT within
 * SIGN_IN_FAILURE_WINDOW_MS, from any addresses, every sign-in to that account is refused for
 * SIGN_IN_LOCK_MS, the right password included. Both the count and the lock are rows of the shared
 * `rate_limits` table, on the app's clock: they hold across server processes.
 *
 * An address without an account is counted and locked alike (its answers tell nothing of whether
 * the account exists); only a real account's owner is mailed. The address is kept hashed.
 */

const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
const failuresKey = (email: string) => `signin-failures|${accountKey(email)}`;
const lockKey = (email: string) => `signin-lock|${accountKey(email)}`;


/** The refusal while an account's sign-ins are suspended, in French. */
export class SignInLockedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      `Trop de mots de passe erronés pour ce compte : par sécurité, les connexions y sont suspendues. Réessayez dans ${formatWait(retryAfterSeconds)}, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».`,
      { code: 'ACCOUNT_LOCKED', statusCode: 429 },
    );
  }
}

/** Refuses (429, Retry-After) a sign-in to an account whose sign-ins are suspended; before the password is even checked. */
export async function refuseWhileLocked(ctx: AppContext, email: string, reply: FastifyReply): Promise<void> {
  const now = ctx.now();
  const [lock] = await ctx.db.query<{ reset_at: string | Date }>('SELECT reset_at FROM rate_limits WHERE key = $1 AND reset_at > $2', [lockKey(email), new Date(now).toISOString()]);
  if (!lock) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(lock.reset_at).getTime() - now) / 1000));
  void reply.header('retry-after', String(retryAfter));
  throw new SignInLockedError(retryAfter);
}

/**
 * Counts a wrong password for the account of `email`. The one that reaches the limit suspends
 * its sign-ins and answers true (one request alone, whatever the number of processes): its
 * caller mails the owner.
 */
export async function countSignInFailure(ctx: AppContext, email: string): Promise<boolean> {
  const now = ctx.now();
  const { current } = await countAttempt(ctx.db, failuresKey(email), SIGN_IN_FAILURE_WINDOW_MS, now);
  if (current < SIGN_IN_FAILURES_PER_ACCOUNT) return false;
  // Only a lock that is not running already is set: two processes reaching the limit together set it once.
  const [locked] = await ctx.db.query(
    `INSERT INTO rate_limits AS r (key, count, reset_at) VALUES ($1, 1, $3)
     ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = EXCLUDED.reset_at WHERE r.reset_at <= $2
     RETURNING key`,
    [lockKey(email), new Date(now).toISOString(), new Date(now + SIGN_IN_LOCK_MS).toISOString()],
  );
  // After the lock, the count starts again from zero.
  await ctx.db.query('DELETE FROM rate_limits WHERE key = $1', [failuresKey(email)]);
  return Boolean(locked);
}

/** A sign-in that worked forgets the wrong passwords before it. */
export async function forgetSignInFailures(ctx: Pick<AppContext, 'db'>, email: string): Promise<void> {
  await ctx.db.query('DELETE FROM rate_limits WHERE key = $1', [failuresKey(email)]);
}

/** A password just set by a reset link: the owner may sign in at once (the lock and the count go). */
export async function liftSignInLock(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = ANY($1::text[])', [[failuresKey(email), lockKey(email)]]);
}
