import type { AuthPersistence, AuthPort } from '../ports/auth.port';
import type { Credentials, SignUp } from '../domain/schemas/auth.schema';
import { ScriptedFake } from './scripted';

type AuthMethod = 'setPersistence' | 'signInWithGoogle' | 'signInWithApple' | 'signInWithPassword' | 'createAccount' | 'signOut';

/** The identity provider: every sign-in resolves `idToken` unless told otherwise. */
export class FakeAuth extends ScriptedFake<AuthMethod> implements AuthPort {
  idToken = 'provider-id-token';
  persistence: AuthPersistence | null = null;
  signedIn = false;

  /** Every provider sign-in resolves this ID token. */
  willSignInWith(idToken: string): this {
    this.idToken = idToken;
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
    return this.run('signInWithPassword', [credentials], () => this.#signIn());
  }

  createAccount(account: SignUp): Promise<string> {
    return this.run('createAccount', [account], () => this.#signIn());
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
