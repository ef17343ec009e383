import type { AuthPersistence, AuthPort } from '../ports/auth.port';
import type { Credentials, SignUp } from '../domain/schemas/auth.schema';
import { AuthError } from '../domain/errors';
import { ScriptedFake } from './scripted';

// The adapters' messages for these codes (adapters/src/auth-errors.ts).
const INVALID_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';
const EMAIL_ALREADY_IN_USE = 'Un compte existe déjà avec cette adresse e-mail.';

type AuthMethod = 'setPersistence' | 'signInWithGoogle' | 'signInWithApple' | 'signInWithPassword' | 'createAccount' | 'signOut';

/**
 * The identity provider: every sign-in resolves `idToken` unless told otherwise. Once an
 * account is known (`knowAccount`, or one created here), e-mail sign-in checks the password
 * and sign-up refuses a taken address, with the codes and messages of the real adapters.
 */
export class FakeAuth extends ScriptedFake<AuthMethod> implements AuthPort {
  idToken = 'provider-id-token';
  readonly accounts = new Map<string, string>();
  persistence: AuthPersistence | null = null;
  signedIn = false;

  /** Every provider sign-in resolves this ID token. */
  willSignInWith(idToken: string): this {
    this.idToken = idToken;
    return this;
  }

  /** An account the provider knows: from now on, e-mail sign-in checks passwords. */
  knowAccount(account: Credentials): this {
    this.accounts.set(account.email.toLowerCase(), account.password);
    return this;
  }

  /** The order of the calls, e.g. ['setPersistence', 'signInWithGoogle']. */
  get sequence(): AuthMethod[] {
    return this.calls.map((call) => call.method);
  }

  setPersistence(mode: AuthPersistence): Promise<void> {
    return this.run('setPersistence', [mode], () => {
      this.persistence = mode;
    });
  }

  signInWithGoogle(): Promise<string> {
    return this.run('signInWithGoogle', [], () => this.#signIn());
  }

  signInWithApple(): Promise<string> {
    return this.run('signInWithApple', [], () => this.#signIn());
  }

  signInWithPassword(credentials: Credentials): Promise<string> {
    return this.run('signInWithPassword', [credentials], () => {
      const known = this.accounts.get(credentials.email.toLowerCase());
      if (this.accounts.size > 0 && known !== credentials.password) throw new AuthError(INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });
      return this.#signIn();
    });
  }

  createAccount(account: SignUp): Promise<string> {
    return this.run('createAccount', [account], () => {
      const email = account.email.toLowerCase();
      if (this.accounts.has(email)) throw new AuthError(EMAIL_ALREADY_IN_USE, { code: 'EMAIL_ALREADY_IN_USE' });
      this.accounts.set(email, account.password);
      return this.#signIn();
    });
  }

  signOut(): Promise<void> {
    return this.run('signOut', [], () => {
      this.signedIn = false;
    });
  }

  #signIn(): string {
    this.signedIn = true;
    return this.idToken;
  }
}
