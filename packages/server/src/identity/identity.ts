import { AppError, EMAIL_VERIFICATION_TTL_MS, PASSWORD_RESET_TTL_MS, SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_LOCK_MS } from '@sortie/core';
import type { Db } from '../db/database';
import type { AppContext } from '../http/context';
import { forbidden } from '../http/errors';
import { builtInMail, sendMail, siteUrl } from '../jobs/mail';
import { consumeLink, issueLink, linksSentSince, retireLinks, InvalidLinkError } from './one-time-links';
import { liftSignInLock } from './sign-in-lock';

/** At most this many links of one kind mailed to one account per hour (the rest are not sent). */
export const LINKS_PER_HOUR = 3;
const HOUR_MS = 3600_000;

/** Whether the account's address is proven (a link followed, a provider that vouches for it, or an account made by staff, the CLI or the demo). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.query<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [userId]);
  return row?.verified === true;
}

// --- Mails leave after the answer: a reset request answers alike (and as fast) whether or not the account exists. ---

const pending = new Set<Promise<unknown>>();

/** Runs `work` after the answer; its failure is logged, never the caller's. */
function later(work: () => Promise<unknown>): void {
  const task: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'identity mail failed', error: error instanceof Error ? error.message : String(error) })))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every mail scheduled so far is written (tests; the server's close). */
export async function identityMailsSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** How a mail greets the account: its display name, else the start of its address. */
const nameOf = (user: { email: string; displayName?: string }) => user.displayName || user.email.split('@')[0]!;

/** Issues a verification link (valid 24 h) and mails it to the account's address after the answer. */
export async function sendVerificationLink(ctx: AppContext, user: { _id: string; email: string; displayName?: string }): Promise<void> {
  const token = await issueLink(ctx.db, { userId: user._id, email: user.email, purpose: 'verifyEmail', now: ctx.now(), ttlMs: EMAIL_VERIFICATION_TTL_MS });
  later(async () => sendMail(ctx, await builtInMail(ctx, 'verifyEmail', { email: user.email, userId: user._id }, { name: nameOf(user), link: `${siteUrl(ctx)}/account/verify?token=${token}` })));
}

/** Another verification link, for a signed-in account whose address is not proven yet (3 an hour at most). */
export async function resendVerification(ctx: AppContext, user: { _id: string; email: string; displayName?: string }): Promise<{ message: string }> {
  if (await isEmailVerified(ctx.db, user._id)) return { message: 'Votre adresse e-mail est déjà vérifiée.' };
  const sent = await linksSentSince(ctx.db, { userId: user._id, purpose: 'verifyEmail', sinceMs: ctx.now() - HOUR_MS });
  if (sent >= LINKS_PER_HOUR) throw new AppError('Plusieurs liens vous ont déjà été envoyés dans l’heure : vérifiez votre boîte de réception (et les indésirables), ou réessayez plus tard.', { code: 'TOO_MANY_MAILS', statusCode: 429 });
  await sendVerificationLink(ctx, user);
  return { message: `Un nouveau lien vient de partir à ${user.email}. Il est valable 24 heures.` };
}

/**
 * Asks for a new address (the password proves the owner is asking): a link valid 24 h goes to the
 * new address, and a notice to the current one; the account keeps its address until the link is
 * followed. Three links an hour at most.
 */
export async function requestEmailChange(ctx: AppContext, user: { _id: string; email: string; displayName?: string }, input: { email: string; password: string }): Promise<{ message: string }> {
  const email = input.email.toLowerCase();
  if (email === user.email.toLowerCase()) throw new AppError('C’est déjà l’adresse de votre compte.', { code: 'SAME_EMAIL', statusCode: 400 });
  const check = await ctx.users.checkPassword(user._id, input.password);
  if (!check.hasPassword) throw new AppError('Ce compte se connecte par Google, Apple ou un autre fournisseur : son adresse est celle de ce fournisseur.', { code: 'PROVIDER_EMAIL', statusCode: 403 });
  if (!check.ok) throw new AppError('Le mot de passe est incorrect.', { code: 'WRONG_PASSWORD', statusCode: 403 });
  if (await ctx.users.byEmail(email)) throw new AppError('Cette adresse est déjà celle d’un autre compte.', { code: 'EMAIL_TAKEN', statusCode: 409 });
  const sent = await linksSentSince(ctx.db, { userId: user._id, purpose: 'changeEmail', sinceMs: ctx.now() - HOUR_MS });
  if (sent >= LINKS_PER_HOUR) throw new AppError('Plusieurs liens sont déjà partis dans l’heure : vérifiez la boîte de la nouvelle adresse, ou réessayez plus tard.', { code: 'TOO_MANY_MAILS', statusCode: 429 });
  const token = await issueLink(ctx.db, { userId: user._id, email, purpose: 'changeEmail', now: ctx.now(), ttlMs: EMAIL_VERIFICATION_TTL_MS });
  const name = nameOf(user);
  later(async () => {
    await sendMail(ctx, await builtInMail(ctx, 'changeEmail', { email, userId: user._id }, { name, email, link: `${siteUrl(ctx)}/account/verify?token=${token}` }));
    // The current address hears of it: someone else asking would be noticed.
    await sendMail(ctx, await builtInMail(ctx, 'changeEmailNotice', { email: user.email, userId: user._id }, { name, email, link: `${siteUrl(ctx)}/account/password` }));
  });
  return { message: `Un lien de confirmation vient de partir à ${email}. Votre adresse reste ${user.email} tant qu’il n’est pas ouvert.` };
}

/** Follows a link for a new address: it becomes the account's, proven. */
async function confirmEmailChange(tx: Db, token: string, now: number): Promise<{ emailVerified: true; message: string }> {
  const link = await consumeLink(tx, { token, purpose: 'changeEmail', now });
  if ((await tx.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [link.email, link.userId])).length) {
    throw new AppError('Cette adresse est devenue celle d’un autre compte entre-temps : demandez-en une autre.', { code: 'EMAIL_TAKEN', statusCode: 409 });
  }
  const [row] = await tx.query(`UPDATE users SET email = $2, data = jsonb_set(data, '{email}', to_jsonb($2::text)), email_verified_at = $3, updated_at = $3 WHERE id = $1 RETURNING id`, [
    link.userId,
    link.email,
    new Date(now).toISOString(),
  ]);
  if (!row) throw new InvalidLinkError();
  await retireLinks(tx, { userId: link.userId, purpose: 'changeEmail', now });
  return { emailVerified: true as const, message: `C’est fait : ${link.email} est désormais l’adresse de votre compte.` };
}

/** Follows a verification link: the address it was sent to is proven, if it is still the account's (or, for a change of address, becomes it). */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ emailVerified: true; message: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const link = await consumeLink(tx, { token, purpose: 'verifyEmail', now }).catch((error: unknown) => {
      if (error instanceof InvalidLinkError) return null;
      throw error;
    });
    if (!link) return confirmEmailChange(tx, token, now);
    const [row] = await tx.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1 AND email = $2 RETURNING id', [
      link.userId,
      link.email,
      new Date(now).toISOString(),
    ]);
    if (!row) throw new InvalidLinkError('Ce lien a été envoyé à une adresse qui n’est plus celle du compte.');
    await retireLinks(tx, { userId: link.userId, purpose: 'verifyEmail', now });
    return { emailVerified: true as const, message: 'Merci : votre adresse e-mail est vérifiée.' };
  });
}

/** The answer to every reset request, whether or not an account has that address. */
export const PASSWORD_RESET_ANSWER = {
  message: 'Si un compte existe avec cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Le lien est valable une heure.',
};

/** Mails a reset link (valid one hour) when the address is an account's; the same answer, as fast, either way. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<typeof PASSWORD_RESET_ANSWER> {
  const found = await ctx.users.byEmail(email);
  const now = ctx.now();
  // Everything else happens after the answer, for an unknown address too (it then finds nothing to do).
  later(async () => {
    if (!found) return;
    if ((await linksSentSince(ctx.db, { userId: found.user._id, purpose: 'passwordReset', sinceMs: now - HOUR_MS })) >= LINKS_PER_HOUR) return;
    const token = await issueLink(ctx.db, { userId: found.user._id, email: found.user.email, purpose: 'passwordReset', now, ttlMs: PASSWORD_RESET_TTL_MS });
    await sendMail(ctx, await builtInMail(ctx, 'passwordReset', { email: found.user.email, userId: found.user._id }, { name: nameOf(found.user), link: `${siteUrl(ctx)}/account/reset?token=${token}` }));
  });
  return PASSWORD_RESET_ANSWER;
}

/**
 * Tells the owner of the account of `email` that its sign-ins are suspended (too many wrong
 * passwords), with a reset link valid one hour that lifts the suspension; after the answer, and
 * nothing at all for an address without an account.
 */
export function mailSignInLock(ctx: AppContext, email: string): void {
  const now = ctx.now();
  later(async () => {
    const found = await ctx.users.byEmail(email);
    if (!found) return;
    const token = await issueLink(ctx.db, { userId: found.user._id, email: found.user.email, purpose: 'passwordReset', now, ttlMs: PASSWORD_RESET_TTL_MS });
    await sendMail(
      ctx,
      await builtInMail(ctx, 'signInLocked', { email: found.user.email, userId: found.user._id }, {
        name: nameOf(found.user),
        failures: String(SIGN_IN_FAILURES_PER_ACCOUNT),
        window: String(Math.round(SIGN_IN_FAILURE_WINDOW_MS / 60_000)),
        minutes: String(Math.round(SIGN_IN_LOCK_MS / 60_000)),
        link: `${siteUrl(ctx)}/account/reset?token=${token}`,
      }),
    );
  });
}

/**
 * Follows a reset link: the new password is set, every session of the account ends (their
 * sockets' rooms are answered, to close), the other reset links stop working, the address
 * counts as proven (the link reached it), and sign-ins suspended after wrong passwords open again.
 */
export async function confirmPasswordReset(ctx: AppContext, input: { token: string; password: string }): Promise<{ message: string; rooms: string[] }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const link = await consumeLink(tx, { token: input.token, purpose: 'passwordReset', now });
    const [row] = await tx.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1 AND email = $2 RETURNING id', [
      link.userId,
      link.email,
      new Date(now).toISOString(),
    ]);
    if (!row) throw new InvalidLinkError('Ce lien a été envoyé à une adresse qui n’est plus celle du compte.');
    await ctx.users.setPassword(link.userId, input.password, tx);
    await retireLinks(tx, { userId: link.userId, purpose: 'passwordReset', now });
    // Sign-ins suspended after wrong passwords open again: the owner just proved who they are.
    await liftSignInLock(tx, link.email);
    const rooms = await ctx.users.endSessions(link.userId, {}, tx);
    return { message: 'Votre mot de passe est changé, et toutes vos sessions sont fermées. Connectez-vous avec le nouveau.', rooms };
  });
}

/**
 * Changes the password of a signed-in account, once the current one is checked (403 in French for
 * an account that signs in through a provider, or a wrong current password): the new one is set
 * and the account's other sessions end in one transaction (their sockets' rooms are answered, to
 * close); the session `token` that asked stays open.
 */
export async function changePassword(ctx: AppContext, userId: string, input: { currentPassword: string; newPassword: string }, token: string): Promise<{ message: string; rooms: string[] }> {
  const check = await ctx.users.checkPassword(userId, input.currentPassword);
  if (!check.hasPassword) throw forbidden('Ce compte se connecte sans mot de passe Sortie (Google, Apple ou un autre fournisseur) : changez-le chez ce fournisseur.');
  if (!check.ok) throw forbidden('Le mot de passe actuel est incorrect.');
  const rooms = await ctx.db.transaction(async (tx) => {
    await ctx.users.setPassword(userId, input.newPassword, tx);
    return ctx.users.endSessions(userId, { except: token }, tx);
  });
  const others = rooms.length;
  return { message: others ? `Mot de passe changé. ${others === 1 ? 'Votre autre session est fermée' : `Vos ${others} autres sessions sont fermées`}.` : 'Mot de passe changé.', rooms };
}
