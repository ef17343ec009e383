import type { Db } from '../db/database';

/** Who did it: a signed-in account, or an operator's command / the server itself (actorId null). */
export interface AuditActor {
  id: string | null;
  /** A readable name kept with the entry (an e-mail, « sortie-admin », « SORTIE_ADMIN_EMAIL »), so the log reads without joins and survives a deleted account. */
  label: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** What was done, as `<target>.<verb>`: `user.roles`, … */
  action: string;
  targetType: string;
  targetId: string | null;
  /** The changed fields only, before and after. */
  before?: unknown;
  after?: unknown;
}

/** Appends one entry to the audit log, in the caller's transaction when it passes one. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (actor_id, actor_label, action, target_type, target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
    [entry.actor.id, entry.actor.label, entry.action, entry.targetType, entry.targetId, entry.before === undefined ? null : JSON.stringify(entry.before), entry.after === undefined ? null : JSON.stringify(entry.after)],
  );
}
