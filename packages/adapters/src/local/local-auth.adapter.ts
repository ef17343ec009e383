import { inject, injectable } from 'inversify';
import { AppError, OPERATION_ROUTES, type AuthPersistence, type AuthPort, type Credentials, type SignUp } from '@sortie/core';
import { ApiClient } from '../http/api-client';
import { AUTH_FAILURES, authFailure } from '../auth-errors';

/** The server's answer to sign-up and sign-in: a signed idToken, as Firebase would give. */
interface IdentityAnswer {
  idToken?: unknown;
}

/**
 * AuthPort over the embedded identity provider (OPERATION_ROUTES.signUp and .signIn), so
 * the core sees what it sees with Firebase: an idToken, or an AuthError with the same codes.
 */
@injectable()
export class LocalAuthAdapter implements AuthPort {
  constructor(@inject(ApiClient) private readonly client: ApiClient) {}

  /** The server's session cookie is the only persistence; nothing to set. */
  async setPersistence(_mode: AuthPersistence): Promise<void> {}

  signInWithGoogle(): Promise<string> {
    return Promise.reject(providerDisabled('Google'));
  }

  signInWithApple(): Promise<string> {
    return Promise.reject(providerDisabled('Apple'));
  }

  signInWithPassword(credentials: Credentials): Promise<string> {
    return this.identity(OPERATION_ROUTES.signIn, { email: credentials.email, password: credentials.password });
  }

  createAccount(account: SignUp): Promise<string> {
    return this.identity(OPERATION_ROUTES.signUp, account);
  }

  /** The session lives in the server's cookie, ended by OPERATION_ROUTES.logout (the core's call). */
  async signOut(): Promise<void> {}

  private async identity(route: typeof OPERATION_ROUTES.signIn | typeof OPERATION_ROUTES.signUp, body: object): Promise<string> {
    let answer: IdentityAnswer | undefined;
    try {
      answer = await this.client.call<IdentityAnswer>(route.method, route.path, { body });
    } catch (error) {
      throw translate(error);
    }
    if (typeof answer?.idToken !== 'string' || answer.idToken === '') throw authFailure('AUTH_FAILED');
    return answer.idToken;
  }
}

function providerDisabled(name: string) {
  const error = authFailure('PROVIDER_DISABLED');
  return Object.assign(error, { message: `La connexion avec ${name} n’est pas activée sur ce serveur : utilisez votre adresse e-mail et un mot de passe.` });
}

/** The server's refusals, under the codes the Firebase adapter uses for the same situations. */
function translate(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.statusCode === 409) return authFailure('EMAIL_ALREADY_IN_USE', error);
  if (error.statusCode === 429) {
    // An account whose sign-ins are suspended (too many wrong passwords): the server's words say for how long and what to do.
    const failure = authFailure('TOO_MANY_REQUESTS', error);
    return error.code === 'ACCOUNT_LOCKED' ? Object.assign(failure, { message: error.message }) : failure;
  }
  if (error.statusCode === 401 && !(error.code in AUTH_FAILURES)) return authFailure('INVALID_CREDENTIALS', error);
  // 400 (ValidationError with its issues), 401 INVALID_CREDENTIALS, network (status 0), 5xx: as they are.
  return error;
}
