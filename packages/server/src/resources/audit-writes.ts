import type { ResourceName } from '@sortie/core';
import type { UserJson } from '../auth/users';
import type { Db } from '../db/database';
import { ENTITIES, type Data } from '../db/entities';
import { isStaff } from '../auth/user-roles';
import { actorOf, changedFields, contentOf, recordAudit } from '../audit/audit-log';

/*
 * The audit log of the generic CRUD: every create, update and delete by staff or an admin is
 * written in the write's own transaction (`tx`), so that a write and its entry stand or fall
 * together. A visitor's writes to their own records (shares) are theirs, not the back office's:
 * not logged. Actions read `<resource>.create|update|delete`; target ids are the record's.
 */

const hiddenOf = (resource: ResourceName) => ENTITIES[resource].hidden ?? [];

/** Logs a creation (the record's fields, as after); answers the record. */
export async function auditCreate<T extends Data & { _id: string }>(tx: Db, resource: ResourceName, actor: UserJson, created: T): Promise<T> {
  if (isStaff(actor)) await recordAudit(tx, { actor: actorOf(actor), action: `${resource}.create`, targetType: resource, targetId: created._id, after: contentOf(created, hiddenOf(resource)) });
  return created;
}

/** Logs an update: the changed fields only, before and after; nothing when nothing changed. */
export async function auditUpdate(tx: Db, resource: ResourceName, id: string, actor: UserJson, before: Data, after: Data): Promise<void> {
  if (!isStaff(actor)) return;
  const changed = changedFields(before, after, hiddenOf(resource));
  if (changed) await recordAudit(tx, { actor: actorOf(actor), action: `${resource}.update`, targetType: resource, targetId: id, ...changed });
}

/** Logs a deletion with what the record held (not called when the policy's beforeRemove logs it itself: `removalAudited`). */
export async function auditRemove(tx: Db, resource: ResourceName, id: string, actor: UserJson, existing: Data): Promise<void> {
  if (!isStaff(actor)) return;
  await recordAudit(tx, { actor: actorOf(actor), action: `${resource}.delete`, targetType: resource, targetId: id, before: contentOf(existing, hiddenOf(resource)) });
}
