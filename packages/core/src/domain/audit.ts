import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';
import { RESOURCES, type ResourceName } from './resources';
import { fieldLabelOf, valueLabelOf } from './resource-labels';
import { ROLE_LABELS } from './schemas/people.labels';
import { elide } from './french-format';

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
  publish: 'publication',
  purge: 'vidage',
  // A tournament's actions over the socket, when staff run them.
  join: 'inscription',
  leave: 'désinscription',
  checkIn: 'pointage',
  walkInCheckIn: 'pointage à l’entrée',
  undoCheckIn: 'annulation d’un pointage',
  addParticipant: 'ajout d’un participant',
  removeParticipant: 'retrait d’un participant',
  seed: 'ordre des têtes de série',
  start: 'démarrage',
  reportScore: 'saisie d’un score',
  confirmScore: 'validation d’un score',
  undo: 'annulation d’un résultat',
  nextRound: 'passage à la ronde suivante',
  disqualify: 'disqualification',
};

/** The kinds of target that are not resources of RESOURCES, in French. */
const OTHER_TARGETS: Record<string, string> = { apiKeys: 'clé d’API', tasks: 'tâche', caches: 'cache', announcements: 'annonce' };

/** The fields that entries outside a resource's schema carry (roles, a key's scopes, a score…), in French. */
const OTHER_FIELDS: Record<string, string> = {
  roles: 'Rôles',
  email: 'E-mail',
  name: 'Nom',
  scopes: 'Droits',
  prefix: 'Début de la clé',
  revoked: 'Révoquée',
  purged: 'Vidés',
  alt: 'Texte alternatif',
  width: 'Largeur',
  height: 'Hauteur',
  seedHash: 'Empreinte de la graine',
  winners: 'Gagnants',
  permalink: 'Lien de la publication',
  target: 'Destinataires',
  body: 'Texte',
  link: 'Lien',
  sendAt: 'Envoi',
  matchId: 'Match',
  scoreA: 'Score du premier',
  scoreB: 'Score du second',
  participantId: 'Participant',
  order: 'Ordre',
};
/** The values of those fields that are codes, in French. */
const OTHER_VALUES: Record<string, Readonly<Record<string, string>>> = { roles: ROLE_LABELS };

/** Every kind of target an entry may name: the resources, then the others (a filter's choices). */
export const AUDIT_TARGET_TYPES: readonly string[] = [...new Set([...(Object.keys(RESOURCES) as string[]), ...Object.keys(OTHER_TARGETS)])];

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
  return `${said} ${elide(target)}`;
}

export interface AuditChange {
  field: string;
  /** The field's French label (the resource's, else the log's own words), the field itself when none is known. */
  label: string;
  before: unknown;
  after: unknown;
}

const resourceOf = (type: string): ResourceName | null => (type in RESOURCES ? (type as ResourceName) : null);

/** A field of an entry, as staff read it: « Titre », « Rôles ». */
export function auditFieldLabel(targetType: string, field: string): string {
  const resource = resourceOf(targetType);
  return (resource ? fieldLabelOf(resource, field)?.label : undefined) ?? OTHER_FIELDS[field] ?? field;
}

/**
 * The fields an entry changed, each with its French label and its values before and after
 * (absent side: undefined); an enum's value by its French name (« en cours », not `running`).
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after' | 'targetType'>): AuditChange[] {
  const resource = resourceOf(entry.targetType);
  const name = (field: string, value: unknown) => {
    if (typeof value !== 'string') return value;
    const named = resource ? valueLabelOf(resource, field, value) : value;
    return named === value ? (OTHER_VALUES[field]?.[value] ?? value) : named;
  };
  const named = (field: string, value: unknown) => (Array.isArray(value) ? value.map((item) => name(field, item)) : name(field, value));
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((field) => ({ field, label: auditFieldLabel(entry.targetType, field), before: named(field, entry.before?.[field]), after: named(field, entry.after?.[field]) }));
}

/** A value of a changed field as a person reads it: text as is, nothing as « (vide) », the rest as compact JSON, cut at `max` characters. */
export function auditValueText(value: unknown, max = 200): string {
  if (value === undefined || value === null || value === '') return '(vide)';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  // A list of names (roles, scopes) reads as words: « Équipe, Administration ».
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.length ? cut(value.join(', '), max) : '(vide)';
  return cut(typeof value === 'string' ? value : JSON.stringify(value), max);
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
