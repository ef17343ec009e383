import { CredentialsSchema, EmailSchema } from '@sortie/core';
import type { Db } from '../db/database';
import { Users, type UserJson } from '../auth/users';
import { setUserRoles } from '../auth/roles';
import type { AuditActor } from '../audit/audit-log';

export const ADMIN_COMMAND: AuditActor = { id: null, label: 'sortie-admin' };

export class AdminInputError extends Error {
  override readonly name = 'AdminInputError';
}

/**
 * `sortie-admin create-admin`: the account with this e-mail becomes admin — created with the
 * password asked for (only then) when it does not exist yet, given the role when it does (its
 * password unchanged). In one transaction, recorded in the audit log as « sortie-admin ».
 */
export async function createAdmin(db: Db, input: { email: string; name?: string; password: () => Promise<string> }): Promise<{ user: UserJson; created: boolean }> {
  const email = EmailSchema.safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new AdminInputError(`Adresse e-mail invalide : ${input.email}`);
  const found = await new Users(db).byEmail(email.data);
  if (found) {
    const user = await setUserRoles(db, { userId: found.user._id, roles: [...found.user.roles, 'admin'], actor: ADMIN_COMMAND });
    return { user, created: false };
  }
  const credentials = CredentialsSchema.safeParse({ email: email.data, password: await input.password() });
  if (!credentials.success) throw new AdminInputError(credentials.error.issues[0]?.message ?? 'Mot de passe invalide.');
  const displayName = input.name?.trim() || email.data.split('@')[0]!;
  const user = await db.transaction(async (tx) => {
    const created = await new Users(tx).create({ email: email.data, displayName, password: credentials.data.password }, tx);
    return setUserRoles(tx, { userId: created._id, roles: ['admin'], actor: ADMIN_COMMAND });
  });
  return { user, created: true };
}
