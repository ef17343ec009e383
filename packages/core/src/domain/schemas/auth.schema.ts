import { z } from 'zod';
import { EmailSchema, HttpUrlSchema } from './common.schema';

const IdTokenSchema = z.string().min(1, 'Jeton d’identité manquant.').max(8192);

/** POST /api/auth/login/web: {idToken, messagingToken}; account creation sends {idToken} only (SPEC.md §7). */
export const LoginWebSchema = z.object({ idToken: IdTokenSchema, messagingToken: z.string().max(4096).nullable().optional() });
export type LoginWeb = z.infer<typeof LoginWebSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const CredentialsSchema = z.object({
  email: z.string({ error: 'L’adresse e-mail est obligatoire.' }).pipe(EmailSchema),
  password: z
    .string({ error: 'Le mot de passe est obligatoire.' })
    .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit faire au moins ${PASSWORD_MIN_LENGTH} caractères.`)
    .max(PASSWORD_MAX_LENGTH, `Le mot de passe doit faire au plus ${PASSWORD_MAX_LENGTH} caractères.`),
});
export type Credentials = z.infer<typeof CredentialsSchema>;
export const SignUpSchema = CredentialsSchema.extend({ displayName: z.string().trim().min(1, 'Le nom affiché ne peut pas être vide.').max(80, 'Le nom affiché : 80 caractères au plus.').optional() });
export type SignUp = z.infer<typeof SignUpSchema>;

export const IdentityProviderSchema = z.enum(['local', 'firebase']);

/** GET /api/config: the web app's public runtime config. Nothing secret goes here. */
export const RuntimeConfigSchema = z.object({
  identityProvider: IdentityProviderSchema,
  /** Which sign-in methods the configured identity provider offers. */
  signInMethods: z.object({ google: z.boolean(), apple: z.boolean(), password: z.boolean() }),
  firebase: z
    .object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string(), messagingSenderId: z.string().optional() })
    .nullable()
    .default(null),
  pushPublicKey: z.string().nullable().default(null),
  /** The server's VAPID public key (Web Push, RFC 8292): what PushManager.subscribe() takes as applicationServerKey. */
  vapidPublicKey: z.string().nullable().default(null),
  spotify: z.object({ clientId: z.string(), redirectUri: HttpUrlSchema }).nullable().default(null),
  audioAnalysisBaseUrl: HttpUrlSchema.nullable().default(null),
  storePages: z.object({ ios: HttpUrlSchema.nullable(), android: HttpUrlSchema.nullable() }),
  appLinkScheme: z.string().nullable().default(null),
  mapsApiKey: z.string().nullable().default(null),
  defaultCity: z.string().default('Poitiers'),
  cities: z.array(z.string()).default([]),
  version: z.string().default('0.0.0'),
  /** SORTIE_PUBLIC_URL's origin when set: what a screen shows and its QR codes open (`{publicUrl}/j`); null: the page's own origin. */
  publicUrl: HttpUrlSchema.nullable().default(null),
});
export type RuntimeConfigData = z.infer<typeof RuntimeConfigSchema>;
