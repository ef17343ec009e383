import { isObjectId, type AuditEntry } from '@sortie/core';
import type { AppContext } from '../http/context';
import { whereClauses } from '../db/where';

/** What GET /api/dashboard/audit asks for (core's AuditQuerySchema, parsed). */
export interface AuditLogQuery {
  limit: number;
  offset: number;
  actor?: string;
  resource?: string;
  targetId?: string;
}

type AuditRow = { id: string | number; at: string | Date; actor_id: string | null; actor_label: string; action: string; target_type: string; target_id: string | null; before: unknown; after: unknown; total: string | number };

/** A field map as the log stores it (jsonb), or null for anything else. */
const isFields = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const fields = (value: unknown) => (isFields(value) ? value : null);

/**
 * Reads the audit log (audit-log.ts writes it): newest first, by page; `actor` is an account's id
 * or an e-mail (the label kept with each entry, so a deleted account's changes are still found),
 * `resource` a target type, `targetId` one target. Who may read it is the router's business.
 */
export class AuditLogService {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  async page(query: AuditLogQuery): Promise<{ total: number; items: AuditEntry[] }> {
    const { where, params, add } = whereClauses();
    if (query.actor) {
      if (isObjectId(query.actor)) add('actor_id = {}', query.actor);
      // The e-mail kept with the entry, or the account's e-mail now (it may have changed since).
      else add('(lower(actor_label) = lower({}) OR actor_id IN (SELECT id FROM users WHERE lower(email) = lower({})))', query.actor);
    }
    if (query.resource) add('target_type = {}', query.resource);
    if (query.targetId) add('target_id = {}', query.targetId);
    params.push(query.limit, query.offset);
    const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const rows = await this.ctx.db.query<AuditRow>(
      `SELECT *, count(*) OVER () AS total FROM audit_log${filter} ORDER BY at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length ? Number(rows[0]!.total) : Number((await this.ctx.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM audit_log${filter}`, params.slice(0, -2)))[0]?.n ?? 0);
    return {
      total,
      items: rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        actorId: row.actor_id,
        actorLabel: row.actor_label,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: fields(row.before),
        after: fields(row.after),
      })),
    };
  }
}
