import type { ServiceIdentifier } from 'inversify';
import type { Credentials, SignUp } from '../domain/schemas/auth.schema';

/** How long an identity provider keeps the sign-in (SPEC.md §4: set before each provider login). */
export type AuthPersistence = 'local' | 'session' | 'none';

export const AuthPort = Symbol.for('AuthPort') as ServiceIdentifier<AuthPort>;
/** The identity provider: Firebase in production, our own server in the embedded default. */
export interface AuthPort {
  /** Sets how the provider keeps the sign-in; called before each provider login. */
  setPersistence(mode: AuthPersistence): Promise<void>;
  /** Signs in with Google and resolves the provider's ID token. */
  signInWithGoogle(): Promise<string>;
  /** Signs in with Apple and resolves the provider's ID token. */
  signInWithApple(): Promise<string>;
  /** Signs in with e-mail and password and resolves the provider's ID token. */
  signInWithPassword(credentials: Credentials): Promise<string>;
  /** Creates an account with e-mail and password and resolves the provider's ID token. */
  createAccount(account: SignUp): Promise<string>;
  /** Ends the provider's own sign-in. */
  signOut(): Promise<void>;
}
