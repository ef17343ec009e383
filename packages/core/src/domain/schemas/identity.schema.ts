import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema } from './common.schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.schema';
import { CurrentUserSchema } from './people.schema';

/*
 * Issue 22: verified e-mails, password reset and the sessions of an account. The one-time links
 * carry a random token (43 characters, base64url); the server keeps only its SHA-256.
 */

/** How long a link is valid: verification a day, password reset an hour. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3600_000;
export const PASSWORD_RESET_TTL_MS = 3600_000;

const LinkTokenSchema = z
  .string({ error: 'Le lien est incomplet : ouvrez-le tel qu’il figure dans l’e-mail.' })
  .trim()
  .min(20, 'Le lien est incomplet : ouvrez-le tel qu’il figure dans l’e-mail.')
  .max(200, 'Ce lien n’est pas valable.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Ce lien n’est pas valable.');

export const NewPasswordSchema = z
  .string({ error: 'Le nouveau mot de passe est obligatoire.' })
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit faire au moins ${PASSWORD_MIN_LENGTH} caractères.`)
  .max(PASSWORD_MAX_LENGTH, `Le mot de passe doit faire au plus ${PASSWORD_MAX_LENGTH} caractères.`);

/** POST /api/identity/verifyEmail */
export const EmailVerificationInputSchema = z.object({ token: LinkTokenSchema });
/** POST /api/identity/passwordReset */
export const PasswordResetRequestSchema = z.object({ email: z.string({ error: 'L’adresse e-mail est obligatoire.' }).pipe(EmailSchema) });
/** POST /api/identity/passwordReset/confirm */
export const PasswordResetConfirmSchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });
/** POST /api/me/password */
export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Le mot de passe actuel est obligatoire.' }).min(1, 'Le mot de passe actuel est obligatoire.').max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});

/** POST /api/me/email: the new address, proven by a link mailed to it; the password says it is the account's owner asking. */
export const EmailChangeSchema = z.object({
  email: z.string({ error: 'La nouvelle adresse est obligatoire.' }).pipe(EmailSchema),
  password: z.string({ error: 'Le mot de passe est obligatoire.' }).min(1, 'Le mot de passe est obligatoire.').max(PASSWORD_MAX_LENGTH),
});

/** What the identity routes answer: a sentence to show. */
export const IdentityMessageSchema = z.object({ message: z.string() });
export const EmailVerifiedSchema = z.object({ emailVerified: z.literal(true), message: z.string() });

/** One session of the signed-in account (GET /api/me/sessions): never its token nor the token's hash. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  /** The browser and system, in French (« Chrome sur Android »). */
  device: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema,
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionListSchema = z.object({ items: z.array(AccountSessionSchema) });
export const SessionsEndedSchema = z.object({ ended: z.number().int().min(0) });

/** The signed-in account as GET /api/auth/me answers it: whether its address is proven comes along. */
export const SignedInUserSchema = CurrentUserSchema.extend({ emailVerified: z.boolean().optional() });
export type SignedInUser = z.infer<typeof SignedInUserSchema>;
