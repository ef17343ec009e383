import { isAdminRoles, RoleSchema, type Role } from '@sortie/core';
import type { Db } from '../db/database';
import { Store } from '../db/store';
import { ConflictError, notFound } from '../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { userJsonOf, type UserJson } from './users';

/** Any number; the same in every Sortie process: held while one process changes roles. */
const ROLES_LOCK = 7_240_518_021;

export class LastAdminError extends ConflictError {
  constructor() {
    super('Impossible de retirer ce rôle : c’est le dernier compte administrateur. Nommez d’abord un autre administrateur.', 'LAST_ADMIN');
  }
}

/** The account read again in the transaction that holds its row (it cannot have gone). */
function found<T>(user: T | null): T {
  if (!user) throw notFound('Utilisateur introuvable.');
  return user;
}

/** The roles in their canonical order, each once, unknown ones dropped. */
function canonical(roles: readonly string[]): Role[] {
  return RoleSchema.options.filter((role) => roles.includes(role));
}

/**
 * Sets an account's roles, and records the change in the audit log. The admin role is never
 * taken from the last account that holds it: the change is refused (409) rather than leaving a
 * town's Sortie with nobody to manage it. Changes are serialised across processes, so two admins
 * withdrawing each other's role at the same moment cannot both succeed.
 */
export async function setUserRoles(db: Db, input: { userId: string; roles: readonly string[]; actor: AuditActor }): Promise<UserJson> {
  const store = new Store(db);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLES_LOCK]);
    const existing = await store.getStored('users', input.userId, { db: tx, forUpdate: true });
    if (!existing) throw notFound('Utilisateur introuvable.');
    const before = canonical(Array.isArray(existing.roles) ? existing.roles.filter((role) => typeof role === 'string') : []);
    const after = canonical(input.roles);
    if (before.join() === after.join()) return userJsonOf(found(await store.get('users', input.userId, tx)));
    if (isAdminRoles(before) && !isAdminRoles(after)) {
      const [other] = await tx.query(`SELECT 1 FROM users WHERE id <> $1 AND data->'roles' ? 'admin' LIMIT 1`, [input.userId]);
      if (!other) throw new LastAdminError();
    }
    const updated = userJsonOf(found(await store.replace('users', input.userId, { ...existing, roles: after }, tx)));
    await recordAudit(tx, { actor: input.actor, action: 'user.roles', targetType: 'users', targetId: input.userId, before: { roles: before }, after: { roles: after } });
    return updated;
  });
}

export class LastAdminAccountError extends ConflictError {
  constructor() {
    super('Impossible de supprimer ce compte : c’est le dernier compte administrateur. Nommez d’abord un autre administrateur.', 'LAST_ADMIN');
  }
}

/**
 * Before an account is deleted (in the delete's transaction): never the last admin's, and the
 * deletion goes to the audit log with the roles the account had.
 */
export async function guardAccountRemoval(tx: Db, userId: string, actor: AuditActor): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLES_LOCK]);
  const [row] = await tx.query<{ email: string; roles: string[] | null }>(`SELECT email, data->'roles' AS roles FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  if (!row) return;
  const roles = canonical(row.roles ?? []);
  if (isAdminRoles(roles)) {
    const [other] = await tx.query(`SELECT 1 FROM users WHERE id <> $1 AND data->'roles' ? 'admin' LIMIT 1`, [userId]);
    if (!other) throw new LastAdminAccountError();
  }
  await recordAudit(tx, { actor, action: 'user.delete', targetType: 'users', targetId: userId, before: { email: row.email, roles } });
}
