import { inject, injectable } from 'inversify';
import { CredentialsSchema, SignUpSchema } from '../domain/schemas/auth.schema';
import { AuthPort, type AuthPersistence } from '../ports/auth.port';
import { ProductApiPort } from '../ports/product-api.port';
import { PushPort } from '../ports/push.port';
import { parseInput } from './parse-input';
import { SessionService } from './session.use-case';

/** SPEC.md §4 does not show the mode; 'local' keeps the visitor signed in across visits. */
export const SIGN_IN_PERSISTENCE: AuthPersistence = 'local';

/** A Google sign-in, and whether push could be set up (SPEC.md §7: its failure is only logged, by the caller). */
export type GoogleSignInOutcome = { kind: 'signed-in' } | { kind: 'signed-in-without-push'; cause: unknown };

/**
 * The sign-in methods of SPEC.md §4 and §7. Each sets the provider's persistence first,
 * then sends the provider's idToken to the product API, through SessionService.afterLogin
 * (session reloaded on success; cleared, logged and rethrown on failure).
 */
@injectable()
export class SignIn {
  constructor(
    @inject(AuthPort) private readonly auth: AuthPort,
    @inject(PushPort) private readonly push: PushPort,
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(SessionService) private readonly session: SessionService,
  ) {}

  /** Google sign-in also registers for push: the push token goes with the login. */
  google(): Promise<GoogleSignInOutcome> {
    return this.#signIn(
      () => this.auth.signInWithGoogle(),
      async (idToken): Promise<GoogleSignInOutcome> => {
        const push = await this.#pushToken();
        await this.api.loginWeb({ idToken, messagingToken: push.token });
        return push.failure === undefined ? { kind: 'signed-in' } : { kind: 'signed-in-without-push', cause: push.failure };
      },
    );
  }

  apple(): Promise<void> {
    return this.#signIn(
      () => this.auth.signInWithApple(),
      (idToken) => this.#loginWithoutPush(idToken),
    );
  }

  /** E-mail and password; bad input is refused with a ValidationError before any call. */
  async email(credentials: unknown): Promise<void> {
    const parsed = parseInput(CredentialsSchema, credentials);
    return this.#signIn(
      () => this.auth.signInWithPassword(parsed),
      (idToken) => this.#loginWithoutPush(idToken),
    );
  }

  /** Account creation sends {idToken} only (SPEC.md §7). */
  async createAccount(signUp: unknown): Promise<void> {
    const parsed = parseInput(SignUpSchema, signUp);
    return this.#signIn(
      () => this.auth.createAccount(parsed),
      async (idToken) => {
        await this.api.loginWeb({ idToken });
      },
    );
  }

  /** Every method's steps: the provider's persistence, its sign-in, then `login` with its idToken, through SessionService.afterLogin. */
  #signIn<T>(providerSignIn: () => Promise<string>, login: (idToken: string) => Promise<T>): Promise<T> {
    return this.session.afterLogin(async () => {
      await this.auth.setPersistence(SIGN_IN_PERSISTENCE);
      return login(await providerSignIn());
    });
  }

  async #loginWithoutPush(idToken: string): Promise<void> {
    await this.api.loginWeb({ idToken, messagingToken: null });
  }

  /** SPEC.md §7: on a push failure sign-in goes on with a null token; the failure is returned, to be logged. */
  async #pushToken(): Promise<{ token: string | null; failure?: unknown }> {
    try {
      return { token: await this.push.getToken() };
    } catch (error) {
      return { token: null, failure: error };
    }
  }
}
