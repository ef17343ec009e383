import { isAdminRoles } from '@sortie/core/domain';
import type { Db } from '../db/database';
import { setUserRoles } from './roles';
import type { Identity } from './tokens';
import type { UserJson } from './users';

/**
 * SORTIE_ADMIN_EMAIL: the account with that e-mail becomes admin on its first sign-in, whatever
 * the identity provider — unless the provider says the e-mail is not verified. Once only (a
 * settings row per address): an admin who later withdraws the role is not overruled at the next
 * sign-in. The change is in the audit log, by « SORTIE_ADMIN_EMAIL ».
 */
export async function grantConfiguredAdmin(db: Db, adminEmail: string | null, user: UserJson, identity: Identity): Promise<UserJson> {
  if (!adminEmail || user.email.toLowerCase() !== adminEmail || identity.emailVerified === false) return user;
  return db.transaction(async (tx) => {
    const [claimed] = await tx.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`, [`admin_email_granted:${adminEmail}`, new Date().toISOString()]);
    if (!claimed || isAdminRoles(user.roles)) return user;
    return setUserRoles(tx, { userId: user._id, roles: [...user.roles, 'admin'], actor: { id: null, label: 'SORTIE_ADMIN_EMAIL' } });
  });
}
