import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';
import { RESOURCES, type ResourceName } from './resources';

/*
 * The audit log: who among staff and admins changed what, and when. Each entry names its actor
 * (an account's id, or null for an operator's command or the server itself, with a readable
 * label kept either way), an action `<target>.<verb>`, the target, and the changed fields only,
 * before and after. Read by admins at GET /api/dashboard/audit and on « Journal d'audit ».
 */

const Fields = z.record(z.string(), z.unknown());
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: IsoDateTimeSchema,
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: Fields.nullable(),
  after: Fields.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const Filter = (max: number) => z.string().trim().min(1).max(max, `${max} caractères au plus.`).optional();
/** Newest first, by page; filtered by who (an account's id or e-mail), by the kind of target and by one target. */
export const AuditQuerySchema = z.object({
  limit: z.coerce.number({ error: 'Nombre attendu.' }).int().min(1, 'Au moins 1.').max(100, '100 au plus.').default(50),
  offset: z.coerce.number({ error: 'Nombre attendu.' }).int().min(0).max(1_000_000).default(0),
  actor: Filter(200),
  resource: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'Type de ressource invalide.').optional(),
  targetId: Filter(100),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;
export const AuditPageSchema = z.object({ total: z.number().int().min(0), items: z.array(AuditEntrySchema) });

/** The verbs of the log, in French (`events.update` → « modification »). */
const VERBS: Record<string, string> = {
  create: 'création',
  update: 'modification',
  delete: 'suppression',
  roles: 'changement de rôles',
  commit: 'publication de l’empreinte du tirage',
  draw: 'tirage',
  run: 'lancement',
  revoke: 'révocation',
};

/** The kinds of target that are not resources of RESOURCES, in French. */
const OTHER_TARGETS: Record<string, string> = { apiKeys: 'clé d’API', tasks: 'tâche' };

/** What a target type is called (« événement », « clé d’API »), or the type itself when unknown. */
export function auditTargetLabel(type: string): string {
  if (type in RESOURCES) return RESOURCES[type as ResourceName].label.one;
  return OTHER_TARGETS[type] ?? type;
}

/** « modification d’événement »: an entry's action, readable. */
export function auditActionLabel(action: string, targetType: string): string {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  const target = auditTargetLabel(targetType);
  const said = VERBS[verb] ?? verb;
  return `${said} ${/^[aeiouéèêàâîôûh]/i.test(target) ? 'd’' : 'de '}${target}`;
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry changed, each with its value before and after (absent side: undefined). */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }));
}

/** A value of a changed field as a person reads it: text as is, nothing as « (vide) », the rest as compact JSON, cut at `max` characters. */
export function auditValueText(value: unknown, max = 200): string {
  if (value === undefined || value === null || value === '') return '(vide)';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
