import type { AppContext } from '../http/context';
import type { Identity } from '../auth/tokens';
import type { UserJson } from '../auth/users';
import { setUserRoles } from '../auth/roles';
import { grantConfiguredAdmin } from '../auth/admin-email';
import { actorOf } from '../audit/audit-log';

/**
 * Accounts' roles (admin, staff): set by an admin, or admin granted once to the account of
 * SORTIE_ADMIN_EMAIL as it signs in. Each change is a transaction of its own, written to the
 * audit log (auth/roles.ts); who may set them is the router's business.
 */
export class RoleService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'config'>) {}

  /** An admin sets `userId`'s roles; the last admin's role is never withdrawn (LastAdminError, 409). */
  async set(userId: string, roles: readonly string[], by: { _id: string; email: string }): Promise<UserJson> {
    return setUserRoles(this.ctx.db, { userId, roles, actor: actorOf(by) });
  }

  /** The account signing in, admin from now on when it is SORTIE_ADMIN_EMAIL's first sign-in with a proven address. */
  async grantConfiguredAdmin(user: UserJson, identity: Identity): Promise<UserJson> {
    return grantConfiguredAdmin(this.ctx.db, this.ctx.config.adminEmail, user, identity);
  }
}
