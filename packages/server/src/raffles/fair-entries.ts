import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, AuthError, ENTRY_RATE_LIMIT, formatWait, frenchDateTime, type EntryStep } from '@sortie/core';
import type { AppContext } from '../http/context';
import { countAttempt } from '../http/rate-limit-store';
import { builtInMail, sendMail, siteUrl } from '../jobs/mail';
import type { UserJson } from '../auth/users';

/*
 * What raffle and form entries share against ballot stuffing: a limit per address (IP) and per
 * raffle or form, counted in the shared limit store (every server process counts the same
 * attempts), who the entrant is, and the one-time link that confirms an entry by e-mail.
 */


/**
 * Counts one entry attempt of this IP to this raffle or form; over ENTRY_RATE_LIMIT, a 429 in
 * French with Retry-After. The window is fixed on the app's clock (the key names it), so that
 * a test moves it with its clock; the store keeps each count a little beyond its window.
 */
export async function limitEntries(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, target: string): Promise<void> {
  const { max, windowMs } = ENTRY_RATE_LIMIT;
  const now = ctx.now();
  const window = Math.floor(now / windowMs);
  const { current } = await countAttempt(ctx.db, `entries|${target}|${request.ip}|${window}`, 2 * windowMs);
  if (current <= max) return;
  const retryAfter = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
  void reply.header('retry-after', String(retryAfter));
  throw new AppError(`Trop de participations depuis votre connexion : réessayez dans ${formatWait(retryAfter)}.`, { code: 'RATE_LIMITED', statusCode: 429 });
}

/** Whether the signed-in visitor's address is proven (users.email_verified_at), read from the row. */
export async function entrantOf(ctx: AppContext, user: UserJson | null): Promise<{ signedIn: boolean; emailVerified: boolean }> {
  if (!user) return { signedIn: false, emailVerified: false };
  const [row] = await ctx.db.query<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [user._id]);
  return { signedIn: true, emailVerified: row?.verified === true };
}

/** The refusal of core's entry step, in French; null when the entry may go on. */
export function refusalOf(step: EntryStep, what: 'raffle' | 'form'): AppError | null {
  const reserved = what === 'raffle' ? 'Ce tirage est réservé aux comptes vérifiés' : 'Ce formulaire est réservé aux comptes vérifiés';
  if (step === 'sign_in') {
    return new AuthError(what === 'raffle' ? `${reserved} : connectez-vous pour participer.` : 'Connectez-vous pour répondre à ce formulaire (une réponse par personne).', { code: 'SIGN_IN_REQUIRED' });
  }
  if (step === 'verify_email') return new AuthError(`${reserved} : confirmez d’abord votre adresse e-mail avec le lien reçu à l’inscription.`, { code: 'EMAIL_NOT_VERIFIED', statusCode: 403 });
  return null;
}

/** A one-time link's token (sent, never stored) and its SHA-256 (stored, never sent). */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: confirmationHash(token) };
}

export const confirmationHash = (token: string) => createHash('sha256').update(token).digest('hex');


/** The mail that carries the link confirming a raffle entry (the raffle page reads `?confirmation=`). */
export async function mailRaffleConfirmation(
  ctx: AppContext,
  input: { to: string; userId: string | null; name: string; raffleId: string; title: string; token: string; expiresAt: number },
): Promise<void> {
  const link = `${siteUrl(ctx)}/raffles/${input.raffleId}?confirmation=${encodeURIComponent(input.token)}`;
  await sendMail(ctx, await builtInMail(ctx, 'raffleConfirmation', { email: input.to, userId: input.userId }, { name: input.name, title: input.title, until: frenchDateTime(input.expiresAt), link }));
}
