import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@sortie/core';
import type { Db } from '../db/database';

/** What a one-time link is for, and how long it lives (EMAIL_VERIFICATION_TTL_MS, PASSWORD_RESET_TTL_MS). */
export type LinkPurpose = 'verifyEmail' | 'passwordReset' | 'changeEmail';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The refusal of a link that is unknown, already used or expired: one answer for all three. */
export class InvalidLinkError extends AppError {
  constructor(message = 'Ce lien n’est plus valable : il a déjà servi ou il a expiré. Demandez-en un nouveau.') {
    super(message, { code: 'INVALID_LINK', statusCode: 400 });
  }
}

/** A random token for a link; only its SHA-256 is kept, with the account, the address it proves and its expiry. */
export async function issueLink(db: Db, input: { userId: string; email: string; purpose: LinkPurpose; now: number; ttlMs: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO identity_tokens (token_hash, user_id, purpose, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    sha256(token),
    input.userId,
    input.purpose,
    input.email,
    new Date(input.now).toISOString(),
    new Date(input.now + input.ttlMs).toISOString(),
  ]);
  return token;
}

/** Uses a link, once: the account and the address it was sent to, or InvalidLinkError. Atomic (two clicks, one use). */
export async function consumeLink(db: Db, input: { token: string; purpose: LinkPurpose; now: number }): Promise<{ userId: string; email: string }> {
  const now = new Date(input.now).toISOString();
  const [row] = await db.query<{ user_id: string; email: string }>(
    'UPDATE identity_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id, email',
    [sha256(input.token), input.purpose, now],
  );
  if (!row) throw new InvalidLinkError();
  return { userId: row.user_id, email: row.email };
}

/** The other links of the same kind of an account stop working (a password just reset, an address just verified). */
export async function retireLinks(db: Db, input: { userId: string; purpose: LinkPurpose; now: number }): Promise<void> {
  await db.query('UPDATE identity_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [input.userId, input.purpose, new Date(input.now).toISOString()]);
}

/** How many links of that kind were sent to the account since `sinceMs` (the limit on mails per account). */
export async function linksSentSince(db: Db, input: { userId: string; purpose: LinkPurpose; sinceMs: number }): Promise<number> {
  const [row] = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM identity_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3', [
    input.userId,
    input.purpose,
    new Date(input.sinceMs).toISOString(),
  ]);
  return Number(row?.n ?? 0);
}
