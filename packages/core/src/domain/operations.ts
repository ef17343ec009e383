import { z } from 'zod';
import { CredentialsSchema, LoginWebSchema, SignUpSchema, RuntimeConfigSchema } from './schemas/auth.schema';
import { IsoDateTimeSchema, ListQuerySchema, ObjectIdSchema, PageMetaSchema } from './schemas/common.schema';
import { AddViewSchema, ShortCodeVisitSchema, VisitSchema } from './schemas/links.schema';
import { CurrentUserSchema, FollowTargetSchema } from './schemas/people.schema';
import { FormEntryInputSchema, FormEntrySchema } from './schemas/forms.schema';
import { RaffleEntryInputSchema } from './schemas/games.schema';
import { RaffleProofSchema } from './raffle-proof.schema';
import { CONTRACTS, JobOfferSchema } from './schemas/places.schema';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the product API beyond the CRUD of RESOURCES. `path` is a template
 * (`/api/me/likes/:eventId`); `params` parses what the server reads (path, query, body)
 * and `response` what it answers. The server registers from it, the HTTP adapter calls and
 * parses through it, and the contract test proves both sides list the same routes.
 */
export interface Operation<
  Path extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  name: string;
  method: HttpMethod;
  path: string;
  params: { path: Path; query: Query; body: Body };
  response: Response;
  /** What the server answers is not JSON (a CSV file, a redirect): no typed client call. */
  raw?: true;
}

const none = z.object({});
const noBody = z.undefined();
/** A stored record as the API shows it: checked for its id, every other field kept. */
const RecordSchema = z.looseObject({ _id: z.string() });
const page = <T extends z.ZodType>(item: T) => z.looseObject({ meta: PageMetaSchema, items: z.array(item) });
const IdPath = z.object({ id: z.string() });
const EventIdPath = z.object({ eventId: z.string() });
const IdTokenSchema = z.object({ idToken: z.string() });

/** What the server parses from a path, a query and a body; every part optional in the declaration. */
function op<Path extends z.ZodType = typeof none, Query extends z.ZodType = typeof none, Body extends z.ZodType = typeof noBody, Response extends z.ZodType = z.ZodType>(
  name: string,
  method: HttpMethod,
  path: string,
  response: Response,
  params: { path?: Path; query?: Query; body?: Body } = {},
  raw?: true,
): Operation<Path, Query, Body, Response> {
  return {
    name,
    method,
    path,
    params: { path: (params.path ?? none) as Path, query: (params.query ?? none) as Query, body: (params.body ?? noBody) as Body },
    response,
    ...(raw ? { raw } : {}),
  };
}

// Answers not yet described by an entity schema of their own.
export const LikeStateSchema = z.object({ liked: z.boolean(), eventId: z.string() });
export const FollowStateSchema = z.object({ follow: RecordSchema.nullable() });
export const NotificationPageSchema = page(RecordSchema).extend({ unread: z.number().int().min(0) });
export const VisitEntrySchema = z.object({ datetime: IsoDateTimeSchema, userAgent: z.string() });
export const ServerInfoSchema = z.looseObject({
  version: z.string(),
  node: z.string(),
  startedAt: IsoDateTimeSchema,
  uptimeSeconds: z.number().int().min(0),
  database: z.string(),
  sockets: z.number().int().min(0),
  health: z.enum(['ok', 'error']),
});
export const DashboardStatsSchema = z.looseObject({
  counts: z.record(z.string(), z.number()),
  recentSignUps: z.array(z.looseObject({ _id: z.string(), displayName: z.string().nullable(), email: z.string().nullable(), createdAt: z.string() })),
  recentActivity: z.array(z.looseObject({ resource: z.string(), _id: z.string(), label: z.string(), updatedAt: z.string() })),
});
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Tapez au moins un caractère.').max(200, 'Recherche trop longue (200 caractères au plus).'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  city: z.string().trim().max(100).optional(),
  /** Only events still to come; by default the past ones follow. */
  upcoming: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export const SearchAnswerSchema = z.looseObject({});
export const JobSearchQuerySchema = ListQuerySchema.extend({
  contract: z.enum(CONTRACTS, { error: 'Type de contrat inconnu.' }).optional(),
  city: z.string().trim().min(1).max(100).optional(),
});
/** POST /api/me/follows takes the target, sent as { target } or as the target itself. */
export const FollowBodySchema = z.union([z.object({ target: FollowTargetSchema }), FollowTargetSchema]);

/**
 * Every operation the server serves beyond RESOURCES, by name. A route served without a row
 * here fails server/src/contract.test.ts.
 */
export const OPERATIONS = {
  // Identity and session (SPEC.md §7).
  signUp: op('signUp', 'POST', '/api/identity/signUp', IdTokenSchema, { body: SignUpSchema }),
  signIn: op('signIn', 'POST', '/api/identity/signIn', IdTokenSchema, { body: CredentialsSchema }),
  loginWeb: op('loginWeb', 'POST', '/api/auth/login/web', z.looseObject({ user: CurrentUserSchema, sessionToken: z.string().optional() }), { body: LoginWebSchema }),
  me: op('me', 'GET', '/api/auth/me', CurrentUserSchema),
  logout: op('logout', 'POST', '/api/auth/logout', z.object({ user: CurrentUserSchema.nullable() })),
  // Links and shares.
  visitShortCode: op('visitShortCode', 'PUT', '/api/dynaLinks/shortCode', RecordSchema, { body: ShortCodeVisitSchema }),
  visitDynaLink: op('visitDynaLink', 'PUT', '/api/dynaLinks/:id/visit', z.undefined(), { path: IdPath, body: VisitSchema }),
  dynaLinkVisits: op('dynaLinkVisits', 'GET', '/api/dynaLinks/:id/visits', page(VisitEntrySchema), { path: IdPath, query: ListQuerySchema }),
  addShareView: op('addShareView', 'PUT', '/api/shares/:id/addView', z.undefined(), { path: IdPath, body: AddViewSchema }),
  // The signed-in user's own lists.
  myLikes: op('myLikes', 'GET', '/api/me/likes', page(RecordSchema), { query: ListQuerySchema }),
  likeState: op('likeState', 'GET', '/api/me/likes/:eventId', LikeStateSchema, { path: z.object({ eventId: z.string().max(100) }) }),
  like: op('like', 'PUT', '/api/me/likes/:eventId', z.unknown(), { path: EventIdPath }),
  unlike: op('unlike', 'DELETE', '/api/me/likes/:eventId', z.unknown(), { path: EventIdPath }),
  myFollows: op('myFollows', 'GET', '/api/me/follows', page(RecordSchema), { query: ListQuerySchema }),
  follow: op('follow', 'POST', '/api/me/follows', RecordSchema, { body: FollowBodySchema }),
  unfollow: op('unfollow', 'DELETE', '/api/me/follows/:id', z.undefined(), { path: IdPath }),
  followState: op('followState', 'GET', '/api/me/follows/:kind/:id', FollowStateSchema, { path: z.object({ kind: z.string(), id: z.string() }) }),
  following: op('following', 'GET', '/api/me/following', page(RecordSchema), { query: ListQuerySchema }),
  myBadges: op('myBadges', 'GET', '/api/me/badges', page(RecordSchema)),
  mySuggestions: op('mySuggestions', 'GET', '/api/me/suggestions', page(RecordSchema), { query: ListQuerySchema }),
  myNotifications: op('myNotifications', 'GET', '/api/me/notifications', NotificationPageSchema, { query: ListQuerySchema }),
  markNotificationRead: op('markNotificationRead', 'PUT', '/api/me/notifications/:id/read', RecordSchema, { path: IdPath }),
  markAllNotificationsRead: op('markAllNotificationsRead', 'PUT', '/api/me/notifications/read', z.object({ updated: z.number().int().min(0) })),
  userBadges: op('userBadges', 'GET', '/api/users/:id/badges', page(RecordSchema), { path: IdPath }),
  // Forms and raffles.
  submitFormEntry: op('submitFormEntry', 'POST', '/api/forms/:id/entries', FormEntrySchema.loose(), { path: IdPath, body: FormEntryInputSchema }),
  formEntry: op('formEntry', 'GET', '/api/forms/:id/entries/:code', FormEntrySchema.loose(), { path: z.object({ id: z.string(), code: z.string() }) }),
  formEntries: op('formEntries', 'GET', '/api/forms/:id/entries', page(FormEntrySchema.loose()), { path: IdPath }),
  formEntriesCsv: op('formEntriesCsv', 'GET', '/api/forms/:id/entries.csv', z.string(), { path: IdPath }, true),
  enterRaffle: op('enterRaffle', 'POST', '/api/raffles/:id/entries', RecordSchema.nullish(), { path: IdPath, body: RaffleEntryInputSchema }),
  raffleEntries: op('raffleEntries', 'GET', '/api/raffles/:id/entries', page(RecordSchema), { path: IdPath }),
  commitRaffle: op('commitRaffle', 'POST', '/api/raffles/:id/commit', RecordSchema, { path: IdPath }),
  drawRaffle: op('drawRaffle', 'POST', '/api/raffles/:id/draw', RecordSchema, { path: IdPath }),
  raffleProof: op('raffleProof', 'GET', '/api/raffles/:id/proof', RaffleProofSchema, { path: IdPath }),
  openJobOffers: op('openJobOffers', 'GET', '/api/jobOffers/open', page(JobOfferSchema.loose()), { query: JobSearchQuerySchema }),
  // The server itself, its documents and search.
  health: op('health', 'GET', '/api/health', z.object({ status: z.literal('ok'), database: z.string() })),
  config: op('config', 'GET', '/api/config', RuntimeConfigSchema),
  openApi: op('openApi', 'GET', '/api/openapi.json', z.looseObject({ openapi: z.string() })),
  docPage: op('docPage', 'GET', '/api/docs/*', RecordSchema, { path: z.object({ '*': z.string() }) }),
  search: op('search', 'GET', '/api/search', SearchAnswerSchema, { query: SearchQuerySchema }),
  // The back office.
  dashboardServer: op('dashboardServer', 'GET', '/api/dashboard/server', ServerInfoSchema),
  dashboardStats: op('dashboardStats', 'GET', '/api/dashboard/stats', DashboardStatsSchema),
  runTask: op('runTask', 'POST', '/api/dashboard/tasks/:id/run', RecordSchema, { path: z.object({ id: ObjectIdSchema }) }),
  purgeCaches: op('purgeCaches', 'POST', '/api/dashboard/cache/purge', z.object({ purged: z.array(z.string()) })),
};
// Checked apart: `satisfies` on the literal would give each op() call a contextual type and widen its schemas.
OPERATIONS satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;
export type AnyOperation = (typeof OPERATIONS)[OperationName];

/** z.object({}) reads as Record<string, never>: no named key. */
type NoKeys<T> = [keyof T] extends [never] ? true : string extends keyof T ? true : false;

/** What a caller passes: the path's parameters, the query and the body, each only when the operation has one. */
export type OperationParams<O extends Operation> = (NoKeys<z.input<O['params']['path']>> extends true ? { path?: undefined } : { path: z.input<O['params']['path']> }) &
  (NoKeys<z.input<O['params']['query']>> extends true ? { query?: undefined } : { query?: Partial<z.input<O['params']['query']>> }) &
  (z.input<O['params']['body']> extends undefined ? { body?: undefined } : { body: z.input<O['params']['body']> });
export type OperationResponse<O extends Operation> = z.output<O['response']>;

/** The concrete path of a call: each `:name` (and `*`) replaced by its encoded value. */
export function operationPath(operation: Operation, path: Record<string, unknown> = {}): string {
  return operation.path
    .replace(/:([A-Za-z]+)/g, (_match, name: string) => {
      const value = path[name];
      if (value === undefined || value === null) throw new TypeError(`${operation.name}: missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    })
    .replace('*', () => String(path['*'] ?? '').split('/').map(encodeURIComponent).join('/'));
}
