import type { Db } from '../db/database';
import { sameJson } from '@sortie/core';

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

/** The columns of one entry, in the order of `auditValues`. */
export const AUDIT_COLUMNS = 'actor_id, actor_label, action, target_type, target_id, before, after';

/**
 * One entry's values for AUDIT_COLUMNS, numbered from `$first`: the placeholders (the JSON ones
 * cast) and the parameters. A write that must log in its own single statement (a CTE) embeds them.
 */
export function auditValues(entry: AuditEntry, first = 1): { placeholders: string; params: unknown[] } {
  const params = [entry.actor.id, entry.actor.label, entry.action, entry.targetType, entry.targetId, entry.before === undefined ? null : JSON.stringify(entry.before), entry.after === undefined ? null : JSON.stringify(entry.after)];
  const placeholders = params.map((_, i) => `$${first + i}${i >= 5 ? '::jsonb' : ''}`).join(', ');
  return { placeholders, params };
}

/** Appends one entry to the audit log, in the caller's transaction when it passes one. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const { placeholders, params } = auditValues(entry);
  await db.query(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (${placeholders})`, params);
}

/** The actor of a signed-in user's write, as the log names it. */
export const actorOf = (user: { _id: string; email: string }): AuditActor => ({ id: user._id, label: user.email });

/** Keys of a record that are bookkeeping, not content: never reported as changed. */
const META_KEYS = new Set(['_id', 'createdAt', 'updatedAt']);

/**
 * The fields that differ between two versions of a record, before and after (a key absent on
 * one side is null there). Null when nothing changed. `hidden` keys (tokens, game state) are
 * named as changed but their values are not copied into the log.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, hidden: readonly string[] = []): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (META_KEYS.has(key) || sameJson(before[key] ?? null, after[key] ?? null)) continue;
    const masked = hidden.includes(key);
    was[key] = masked ? '…' : (before[key] ?? null);
    is[key] = masked ? '…' : (after[key] ?? null);
  }
  return Object.keys(was).length ? { before: was, after: is } : null;
}

/** A record's content for the log (its creation or deletion): without bookkeeping or hidden keys. */
export function contentOf(record: Record<string, unknown>, hidden: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !META_KEYS.has(key) && !hidden.includes(key)));
}

