import { inject, injectable } from 'inversify';
import type { CurrentUser } from '../domain/schemas/people.schema';
import { AuthPort } from '../ports/auth.port';
import { LoggerPort } from '../ports/logger.port';
import { ProductApiPort } from '../ports/product-api.port';
import { createSessionState, type SessionState } from '../state/session.store';
import { isStaffRoles } from '../domain/roles';

/**
 * The session (SPEC.md §4): unknown until `load` has run the me call at app start; a failed
 * me call is ignored and leaves it empty. Logins go through `afterLogin`, which reloads the
 * session on success, and clears it and rethrows on failure. This class is the only writer
 * of `state`; components read it with useSnapshot.
 */
/** The logout, done on the server in both cases; the identity provider may have failed to follow. */
export type LogoutOutcome = { kind: 'signed-out' } | { kind: 'provider-sign-out-failed'; cause: unknown };

@injectable()
export class SessionService {
  readonly state: SessionState = createSessionState();

  constructor(
    @inject(ProductApiPort) private readonly api: ProductApiPort,
    @inject(AuthPort) private readonly auth: AuthPort,
    @inject(LoggerPort) private readonly logger: LoggerPort,
  ) {}

  /** Runs the me call; the session is the user it answers, or empty if it fails. */
  async load(): Promise<CurrentUser | null> {
    try {
      this.#become(await this.api.me());
    } catch (error) {
      // Not signed in is the usual reason: ignored, as SPEC.md §4 says.
      this.logger.debug('No session', error);
      this.#become(null);
    }
    return this.state.user;
  }

  /** Asks the server again who is signed in. */
  reload(): Promise<CurrentUser | null> {
    return this.load();
  }

  /** Runs a login; on success the session is reloaded from the server, on failure cleared. */
  async afterLogin<T>(login: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await login();
    } catch (error) {
      this.logger.error('Sign-in failed', error);
      this.clear();
      throw error;
    }
    await this.reload();
    return result;
  }

  /**
   * Logs out on the server (the session becomes the user it answers) and at the identity
   * provider. A provider failure does not undo the logout: it is returned, for the caller to log.
   */
  async logout(): Promise<LogoutOutcome> {
    const { user } = await this.api.logout();
    this.#become(user ?? null);
    try {
      await this.auth.signOut();
      return { kind: 'signed-out' };
    } catch (error) {
      return { kind: 'provider-sign-out-failed', cause: error };
    }
  }

  /** Empties the session. */
  clear(): void {
    this.#become(null);
  }

  /** Staff and admins may open the dashboard. */
  isStaff(): boolean {
    return isStaffRoles(this.state.user?.roles);
  }

  #become(user: CurrentUser | null): void {
    this.state.user = user;
    this.state.status = user ? 'authenticated' : 'anonymous';
  }
}
