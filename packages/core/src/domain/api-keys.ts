import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';
import type { OperationName } from './operation-routes';
import type { ResourceName } from './resources';

/*
 * API keys: what a script, a cron job or a partner site sends as `Authorization: Bearer …`
 * instead of a session cookie. A key acts as its owner (same role rules as their session),
 * limited to its scopes; the rule of which scope a route needs lives here, once.
 */

export const API_KEY_SCOPES = ['read', 'links', 'tournaments', 'content'] as const;

// Where a person reads the API's reference: a row of FILE_ROUTES, re-exported here where the dashboard's API keys page finds it.
export { API_REFERENCE_PATH } from './operation-routes';
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** French names of the scopes, and what each opens (the dashboard's checkboxes). */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Lecture', description: 'Lire ce qui demande une connexion (listes réservées à l’équipe, statistiques, réponses aux formulaires).' },
  links: { label: 'Liens courts', description: 'Créer, modifier et supprimer des liens courts et des partages.' },
  tournaments: { label: 'Tournois', description: 'Mener les tournois et les championnats (actions en direct comprises).' },
  content: { label: 'Contenus', description: 'Créer, modifier et supprimer les autres contenus (événements, lieux, articles, documentation…) et lancer les tâches.' },
};

/** Every key starts so: a bearer token is told from a session token at a glance, and secret scanners can spot a leaked one. */
export const API_KEY_PREFIX = 'sortie_';
/** How many characters of a key are kept in clear to recognise it in a list (the prefix included). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
/** Requests per minute and per key, counted on every server process alike. */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;
/** Active keys per account: enough for every script, few enough to review. */
export const API_KEY_MAX_PER_USER = 20;
/** The last use is written at most this often per key, not on every request. */
export const API_KEY_LAST_USED_PRECISION_MS = 60_000;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'Portée inconnue : read, links, tournaments ou content.' });

export const ApiKeyInputSchema = z.object({
  name: z.string({ error: 'Donnez un nom à la clé.' }).trim().min(1, 'Donnez un nom à la clé.').max(80, 'Nom trop long (80 caractères au plus).'),
  scopes: z
    .array(ApiKeyScopeSchema, { error: 'Choisissez au moins une portée.' })
    .min(1, 'Choisissez au moins une portée.')
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiKeyInput = z.input<typeof ApiKeyInputSchema>;

/** A key as its owner sees it in the list: never the key itself, only its first characters. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  prefix: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to a creation: the only time the whole key is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string().startsWith(API_KEY_PREFIX) });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The resources whose writes belong to one scope; `null`: never with a key (granting roles takes a person). */
const RESOURCE_WRITE_SCOPES: Partial<Record<ResourceName, ApiKeyScope | null>> = {
  dynaLinks: 'links',
  shares: 'links',
  tournaments: 'tournaments',
  championships: 'tournaments',
  users: null,
};

/** The scope a write on a resource needs (any other resource: `content`). */
export const resourceWriteScope = (resource: ResourceName): ApiKeyScope | null => (resource in RESOURCE_WRITE_SCOPES ? RESOURCE_WRITE_SCOPES[resource]! : 'content');

/**
 * The operations open to keys beyond the rule « a read needs `read` »; every other write
 * (a visitor's likes, follows, entries, sign-in, the keys themselves) needs a session.
 */
const OPERATION_SCOPES: Partial<Record<OperationName, ApiKeyScope | null>> = {
  visitShortCode: 'links',
  visitDynaLink: 'links',
  addShareView: 'links',
  commitRaffle: 'content',
  drawRaffle: 'content',
  runTask: 'content',
  runCollector: 'content',
  purgeCaches: 'content',
  setFederation: 'content',
  followRemoteActor: 'content',
  uploadImage: 'content',
  // Roles are granted by a person, with a session.
  setUserRoles: null,
  // A key never lists, makes or revokes keys: a leaked key cannot hide itself or breed.
  myApiKeys: null,
  createApiKey: null,
  revokeApiKey: null,
};

/** The scope an operation needs with a key, or null when only a session may call it. */
export function operationScope(name: OperationName, method: string): ApiKeyScope | null {
  if (name in OPERATION_SCOPES) return OPERATION_SCOPES[name]!;
  return method === 'GET' ? 'read' : null;
}

/** Why a key is refused a route, in French, for the 403. */
export function scopeRefusal(scope: ApiKeyScope | null): string {
  return scope ? `Cette clé d’API n’a pas la portée « ${scope} » (${API_KEY_SCOPE_LABELS[scope].label}).` : 'Cette action demande une session : elle n’est pas ouverte aux clés d’API.';
}
