import { z } from 'zod';
import { OPERATION_ROUTES, type OperationName, type OperationRoute } from './operation-routes';
import { CredentialsSchema, LoginWebSchema, SignUpSchema, RuntimeConfigSchema } from './schemas/auth.schema';
import { IsoDateTimeSchema, ListQuerySchema, ObjectIdSchema, PageMetaSchema, refuseUnstorableText } from './schemas/common.schema';
import { CursorListQuerySchema } from './schemas/list-cursor.schema';
import { AddViewSchema, LinkStatsQuerySchema, LinkStatsSchema, ShortCodeVisitSchema, VisitSchema } from './schemas/links.schema';
import { CurrentUserSchema, ProfilePatchSchema, FollowTargetSchema, NotificationKindSchema, NotificationPreferencesSchema, UserRolesSchema, UserSchema } from './schemas/people.schema';
import { FormEntryInputSchema, FormEntrySchema } from './schemas/forms.schema';
import { MyRaffleEntrySchema, RaffleEntryConfirmSchema, RaffleEntryInputSchema } from './schemas/games.schema';
import { RaffleProofSchema } from './raffle-proof.schema';
import { GameReportSchema } from './blind-test/report';
import { EventGamesSchema, PlaceTonightSchema } from './schemas/games-at.schema';
import { CONTRACTS, JobOfferSchema } from './schemas/places.schema';
import { ImageRefSchema, ImageUploadBodySchema, ImageUploadQuerySchema } from './schemas/image.schema';
import { ApiKeyInputSchema, ApiKeyListSchema, CreatedApiKeySchema } from './api-keys';
import { AccountExportSchema, DeleteAccountSchema } from './account-data';
import { DocArticleSchema, DocSearchAnswerSchema, DocSearchQuerySchema, DocTocSchema } from './docs';
import {
  AccountSessionListSchema, EmailVerificationInputSchema, EmailVerifiedSchema, IdentityMessageSchema, PasswordChangeSchema, PasswordResetConfirmSchema,
  PasswordResetRequestSchema, SessionsEndedSchema, SignedInUserSchema, EmailChangeSchema } from './schemas/identity.schema';
import { AuditPageSchema, AuditQuerySchema } from './audit';
import { BrightDataStatusSchema, BrightDataTestSchema, DiagnosticCheckSchema, DiagnosticListSchema, DiagnosticResultSchema, InstagramPublicationListSchema, InstagramPublicationSchema, InstagramPublishSchema, InstagramStatusSchema } from './integrations';
import { StripeRedirectSchema, StripeSessionCheckSchema, StripeStatusSchema, StripeSubscriptionListSchema } from './stripe';
import { AnnouncementInputSchema, AnnouncementListSchema, AnnouncementRecipientsSchema, AnnouncementSchema, AnnouncementTargetSchema } from './schemas/announcements.schema';
import { PushDeviceListSchema, PushDeviceSchema, PushSubscriptionInputSchema } from './push';
import { LiveCodeSchema, LiveGameSchema } from './live-code';
import { SeriesCreatedSchema, SeriesFollowingEditSchema, SeriesInputSchema, SeriesViewSchema } from './schemas/series.schema';
import { EventPatchSchema } from './schemas/events.schema';
import { FederationFollowInputSchema, FederationOverviewSchema, FederationPathSchema, FederationSwitchSchema } from './federation';
import { OEmbedQuerySchema, OEmbedSchema } from './oembed';

export type { HttpMethod } from './http-method';
export { ENTRY_ROUTES, FILE_ROUTES, OPERATION_ROUTES, operationPath, RESOURCE_ROUTES, type FileRouteName, type OperationName, type OperationRoute, type ResourceRoutes } from './operation-routes';
export * from './account-data';

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
> extends OperationRoute {
  params: { path: Path; query: Query; body: Body };
  response: Response;
}

const none = z.object({});
const noBody = z.undefined();
/** A stored record as the API shows it: checked for its id, every other field kept. */
const RecordSchema = z.looseObject({ _id: z.string() });
const page = <T extends z.ZodType>(item: T) => z.looseObject({ meta: PageMetaSchema, items: z.array(item) });
const IdPath = z.object({ id: z.string() });
const EventIdPath = z.object({ eventId: z.string() });
const IdTokenSchema = z.object({ idToken: z.string() });

/** The designer's poster size, and the short link its visuals print (issue 23). */
const PosterQuerySchema = z.object({ size: z.enum(['A4', 'A3'], 'Format attendu : A4 ou A3.').default('A4') });
/** A bracket is pinned up in A3 unless asked otherwise. */
const BracketPrintQuerySchema = z.object({ size: z.enum(['A4', 'A3'], 'Format attendu : A4 ou A3.').default('A3') });
const DesignerLinkSchema = z.object({ code: z.string(), url: z.string(), target: z.string() });

/** What the server parses from a path, a query and a body; every part optional in the declaration. */
function op<Path extends z.ZodType = typeof none, Query extends z.ZodType = typeof none, Body extends z.ZodType = typeof noBody, Response extends z.ZodType = z.ZodType>(
  name: OperationName,
  response: Response,
  params: { path?: Path; query?: Query; body?: Body } = {},
): Operation<Path, Query, Body, Response> {
  return {
    ...OPERATION_ROUTES[name],
    // A NUL or half a surrogate pair in any string is refused (400) wherever the operation is parsed.
    params: {
      path: refuseUnstorableText((params.path ?? none) as Path),
      query: refuseUnstorableText((params.query ?? none) as Query),
      body: refuseUnstorableText((params.body ?? noBody) as Body),
    },
    response,
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
export const JobSearchQuerySchema = CursorListQuerySchema.extend({
  contract: z.enum(CONTRACTS, { error: 'Type de contrat inconnu.' }).optional(),
  city: z.string().trim().min(1).max(100).optional(),
});
/** POST /api/me/follows takes the target, sent as { target } or as the target itself. */
export const FollowBodySchema = z.union([z.object({ target: FollowTargetSchema }), FollowTargetSchema]);

/**
 * Every operation the server serves beyond RESOURCES, by name. A route served without a row
 * here fails server/src/contract.test.ts.
 */
/** One run of a background job (/dashboard/tasks). */
export const JobRunSchema = z.object({
  id: z.string(),
  job: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
  outcome: z.enum(['ok', 'error']).nullable(),
  error: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  node: z.string(),
});
export type JobRun = z.infer<typeof JobRunSchema>;
/** A mail the server sent, or kept without SMTP, as the mail log (admins only) keeps it: its personal links replaced by MASKED_LINK_TEXT. */
export const MailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  template: z.string().nullable(),
  status: z.enum(['kept', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type Mail = z.infer<typeof MailSchema>;

export const OPERATIONS = {
  // Identity and session (SPEC.md §7).
  signUp: op('signUp', IdTokenSchema, { body: SignUpSchema }),
  signIn: op('signIn', IdTokenSchema, { body: CredentialsSchema }),
  loginWeb: op('loginWeb', z.looseObject({ user: CurrentUserSchema, sessionToken: z.string().optional() }), { body: LoginWebSchema }),
  me: op('me', SignedInUserSchema),
  logout: op('logout', z.object({ user: CurrentUserSchema.nullable() })),
  // Verified e-mails, password reset and the account's sessions (issue 22).
  verifyEmail: op('verifyEmail', EmailVerifiedSchema, { body: EmailVerificationInputSchema }),
  resendEmailVerification: op('resendEmailVerification', IdentityMessageSchema),
  requestPasswordReset: op('requestPasswordReset', IdentityMessageSchema, { body: PasswordResetRequestSchema }),
  confirmPasswordReset: op('confirmPasswordReset', IdentityMessageSchema, { body: PasswordResetConfirmSchema }),
  changePassword: op('changePassword', IdentityMessageSchema, { body: PasswordChangeSchema }),
  changeEmail: op('changeEmail', IdentityMessageSchema, { body: EmailChangeSchema }),
  mySessions: op('mySessions', AccountSessionListSchema),
  endAllSessions: op('endAllSessions', SessionsEndedSchema),
  endSession: op('endSession', SessionsEndedSchema, { path: z.object({ id: z.string().max(100) }) }),
  // Links and shares.
  visitShortCode: op('visitShortCode', RecordSchema, { body: ShortCodeVisitSchema }),
  visitDynaLink: op('visitDynaLink', z.undefined(), { path: IdPath, body: VisitSchema }),
  dynaLinkVisits: op('dynaLinkVisits', page(VisitEntrySchema), { path: IdPath, query: ListQuerySchema }),
  dynaLinkStats: op('dynaLinkStats', LinkStatsSchema, { path: IdPath, query: LinkStatsQuerySchema }),
  addShareView: op('addShareView', z.undefined(), { path: IdPath, body: AddViewSchema }),
  // The signed-in user's own lists.
  myLikes: op('myLikes', page(RecordSchema), { query: ListQuerySchema }),
  likeState: op('likeState', LikeStateSchema, { path: z.object({ eventId: z.string().max(100) }) }),
  like: op('like', z.unknown(), { path: EventIdPath }),
  unlike: op('unlike', z.unknown(), { path: EventIdPath }),
  myFollows: op('myFollows', page(RecordSchema), { query: ListQuerySchema }),
  follow: op('follow', RecordSchema, { body: FollowBodySchema }),
  unfollow: op('unfollow', z.undefined(), { path: IdPath }),
  followState: op('followState', FollowStateSchema, { path: z.object({ kind: z.string(), id: z.string() }) }),
  following: op('following', page(RecordSchema), { query: ListQuerySchema }),
  myBadges: op('myBadges', page(RecordSchema)),
  mySuggestions: op('mySuggestions', page(RecordSchema), { query: ListQuerySchema }),
  myNotifications: op('myNotifications', NotificationPageSchema, { query: ListQuerySchema }),
  markNotificationRead: op('markNotificationRead', RecordSchema, { path: IdPath }),
  markAllNotificationsRead: op('markAllNotificationsRead', z.object({ updated: z.number().int().min(0) })),
  userBadges: op('userBadges', page(RecordSchema), { path: IdPath }),
  // Forms and raffles.
  submitFormEntry: op('submitFormEntry', FormEntrySchema.loose(), { path: IdPath, body: FormEntryInputSchema }),
  formEntry: op('formEntry', FormEntrySchema.loose(), { path: z.object({ id: z.string(), code: z.string() }) }),
  formEntries: op('formEntries', page(FormEntrySchema.loose()), { path: IdPath }),
  formEntriesCsv: op('formEntriesCsv', z.string(), { path: IdPath }),
  blindTestReport: op('blindTestReport', z.string(), { path: IdPath }),
  blindTestReportRows: op('blindTestReportRows', GameReportSchema, { path: IdPath }),
  enterRaffle: op('enterRaffle', RecordSchema.nullish(), { path: IdPath, body: RaffleEntryInputSchema }),
  /** The link mailed to an entry of an 'emailLink' raffle: once followed, the entry counts. */
  confirmRaffleEntry: op('confirmRaffleEntry', RecordSchema, { path: IdPath, body: RaffleEntryConfirmSchema }),
  raffleEntries: op('raffleEntries', page(RecordSchema), { path: IdPath }),
  /** The signed-in visitor's own entry: what the raffle's page says after a reload (« Vous participez »). */
  myRaffleEntry: op('myRaffleEntry', MyRaffleEntrySchema, { path: IdPath }),
  commitRaffle: op('commitRaffle', RecordSchema, { path: IdPath }),
  drawRaffle: op('drawRaffle', RecordSchema, { path: IdPath }),
  raffleProof: op('raffleProof', RaffleProofSchema, { path: IdPath }),
  openJobOffers: op('openJobOffers', page(JobOfferSchema.loose()), { query: JobSearchQuerySchema }),
  // The server itself, its documents and search.
  health: op('health', z.object({ status: z.literal('ok'), database: z.string() })),
  // For a load balancer: 503 while the node stops or cannot reach its database.
  ready: op('ready', z.object({ status: z.literal('ready'), database: z.string(), node: z.string() })),
  config: op('config', RuntimeConfigSchema),
  openApi: op('openApi', z.looseObject({ openapi: z.string() })),
  docPage: op('docPage', DocArticleSchema, { path: z.object({ '*': z.string() }) }),
  docs: op('docs', DocTocSchema),
  docSearch: op('docSearch', DocSearchAnswerSchema, { query: DocSearchQuerySchema }),
  search: op('search', SearchAnswerSchema, { query: SearchQuerySchema }),
  // What an event's page and a place's page lead to, each in one request; an unknown or malformed id answers 404.
  eventGames: op('eventGames', EventGamesSchema, { path: z.object({ id: z.string().max(100) }) }),
  placeTonight: op('placeTonight', PlaceTonightSchema, { path: z.object({ id: z.string().max(100) }) }),
  createSeries: op('createSeries', SeriesCreatedSchema, { body: SeriesInputSchema }),
  series: op('series', SeriesViewSchema, { path: z.object({ id: z.string().max(100) }) }),
  editSeriesFollowing: op('editSeriesFollowing', SeriesCreatedSchema, { path: z.object({ id: z.string().max(100) }), body: SeriesFollowingEditSchema }),
  editSeriesOccurrence: op('editSeriesOccurrence', RecordSchema, { path: z.object({ id: z.string().max(100), eventId: z.string().max(100) }), body: EventPatchSchema }),
  // A malformed code answers 400, an unknown one 404, both in French; public and rate-limited (a code is six digits).
  liveByCode: op('liveByCode', LiveGameSchema, { path: z.object({ code: LiveCodeSchema }) }),
  // text/calendar, not JSON: an unknown or malformed id answers 404, as its page does.
  eventCalendar: op('eventCalendar', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  cityCalendar: op('cityCalendar', z.string(), { path: z.object({ city: z.string().max(100) }) }),
  placeCalendar: op('placeCalendar', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  organizationCalendar: op('organizationCalendar', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  artistCalendar: op('artistCalendar', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  // RSS 2.0 and Atom (XML, not JSON), found as the calendars are: an unknown city or id answers 404.
  cityFeedRss: op('cityFeedRss', z.string(), { path: z.object({ city: z.string().max(100) }) }),
  cityFeedAtom: op('cityFeedAtom', z.string(), { path: z.object({ city: z.string().max(100) }) }),
  placeFeedRss: op('placeFeedRss', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  placeFeedAtom: op('placeFeedAtom', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  organizationFeedRss: op('organizationFeedRss', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  organizationFeedAtom: op('organizationFeedAtom', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  artistFeedRss: op('artistFeedRss', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  artistFeedAtom: op('artistFeedAtom', z.string(), { path: z.object({ id: z.string().max(100) }) }),
  // oembed.com's rich type; a URL that is not one of this site's event, place or tournament pages answers 404, format=xml 501.
  oembed: op('oembed', OEmbedSchema, { query: OEmbedQuerySchema }),
  // The back office.
  dashboardServer: op('dashboardServer', ServerInfoSchema),
  dashboardStats: op('dashboardStats', DashboardStatsSchema),
  runTask: op('runTask', RecordSchema, { path: z.object({ id: ObjectIdSchema }) }),
  /** Runs a collector now; the collector answered carries the run in its history. */
  runCollector: op('runCollector', RecordSchema, { path: z.object({ id: ObjectIdSchema }) }),
  purgeCaches: op('purgeCaches', z.object({ purged: z.array(z.string()) })),
  taskRuns: op('taskRuns', z.object({ job: z.string().nullable(), items: z.array(JobRunSchema) }), { path: z.object({ id: ObjectIdSchema }) }),
  federationOverview: op('federationOverview', FederationOverviewSchema, { path: FederationPathSchema }),
  setFederation: op('setFederation', FederationOverviewSchema, { path: FederationPathSchema, body: FederationSwitchSchema }),
  followRemoteActor: op('followRemoteActor', FederationOverviewSchema, { path: FederationPathSchema, body: FederationFollowInputSchema }),
  mailbox: op('mailbox', z.object({ total: z.number().int(), items: z.array(MailSchema) }), { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), offset: z.coerce.number().int().min(0).default(0) }) }),
  notificationPreferences: op('notificationPreferences', NotificationPreferencesSchema),
  updateNotificationPreferences: op('updateNotificationPreferences', NotificationPreferencesSchema, { body: NotificationPreferencesSchema }),
  unsubscribe: op('unsubscribe', z.object({ kind: NotificationKindSchema, message: z.string() }), { query: z.object({ token: z.string().min(10).max(500) }) }),
  myApiKeys: op('myApiKeys', ApiKeyListSchema),
  createApiKey: op('createApiKey', CreatedApiKeySchema, { body: ApiKeyInputSchema }),
  revokeApiKey: op('revokeApiKey', z.undefined(), { path: z.object({ id: ObjectIdSchema }) }),
  exportMyData: op('exportMyData', AccountExportSchema),
  deleteMyAccount: op('deleteMyAccount', z.undefined(), { body: DeleteAccountSchema }),
  setUserRoles: op('setUserRoles', UserSchema.loose(), { path: z.object({ id: ObjectIdSchema }), body: UserRolesSchema }),
  auditLog: op('auditLog', AuditPageSchema, { query: AuditQuerySchema }),
  announcementRecipients: op('announcementRecipients', AnnouncementRecipientsSchema, { query: AnnouncementTargetSchema }),
  announcements: op('announcements', AnnouncementListSchema, { query: AnnouncementTargetSchema }),
  announce: op('announce', AnnouncementSchema, { body: AnnouncementInputSchema }),
  uploadImage: op('uploadImage', ImageRefSchema, { query: ImageUploadQuerySchema, body: ImageUploadBodySchema }),
  updateMyProfile: op('updateMyProfile', CurrentUserSchema, { body: ProfilePatchSchema }),
  uploadMyAvatar: op('uploadMyAvatar', CurrentUserSchema, { body: ImageUploadBodySchema }),
  imageFile: op('imageFile', z.unknown(), { path: z.object({ name: z.string().max(80) }) }),
  // The designer (issue 23): files, not JSON; an unknown id answers 404.
  designerEventLink: op('designerEventLink', DesignerLinkSchema, { path: z.object({ id: ObjectIdSchema }) }),
  designerEventPoster: op('designerEventPoster', z.unknown(), { path: z.object({ id: ObjectIdSchema }), query: PosterQuerySchema }),
  designerEventImage: op('designerEventImage', z.unknown(), { path: z.object({ id: ObjectIdSchema }), query: z.object({ format: z.enum(['square', 'story', 'preview'], 'Format attendu : square, story ou preview.').default('square') }) }),
  designerPlaceWeekImage: op('designerPlaceWeekImage', z.unknown(), { path: z.object({ id: ObjectIdSchema }) }),
  designerPlaceWeekPoster: op('designerPlaceWeekPoster', z.unknown(), { path: z.object({ id: ObjectIdSchema }) }),
  designerTournamentPoster: op('designerTournamentPoster', z.unknown(), { path: z.object({ id: ObjectIdSchema }), query: PosterQuerySchema }),
  designerTournamentImage: op('designerTournamentImage', z.unknown(), { path: z.object({ id: ObjectIdSchema }) }),
  designerTournamentBracket: op('designerTournamentBracket', z.unknown(), { path: z.object({ id: ObjectIdSchema }), query: BracketPrintQuerySchema }),
  eventPreviewImage: op('eventPreviewImage', z.unknown(), { path: z.object({ id: z.string().max(100) }) }),
  // Stripe (issue 23): every route but the status answers 503 « Paiement non configuré » without keys; the webhook reads its raw body.
  stripeStatus: op('stripeStatus', StripeStatusSchema),
  stripeCheckout: op('stripeCheckout', StripeRedirectSchema),
  stripeSession: op('stripeSession', StripeSessionCheckSchema, { path: z.object({ id: z.string().max(255, '255 caractères au plus.') }) }),
  stripePortal: op('stripePortal', StripeRedirectSchema),
  stripeWebhook: op('stripeWebhook', z.object({ received: z.literal(true), applied: z.boolean() })),
  stripeSubscriptions: op('stripeSubscriptions', StripeSubscriptionListSchema),
  // Instagram, Bright Data and diagnostics (issue 23): publishing and testing answer 503 in French without their variables.
  instagramStatus: op('instagramStatus', InstagramStatusSchema),
  instagramPublish: op('instagramPublish', InstagramPublicationSchema, { path: z.object({ id: ObjectIdSchema }), body: InstagramPublishSchema }),
  instagramPublications: op('instagramPublications', InstagramPublicationListSchema),
  brightdataStatus: op('brightdataStatus', BrightDataStatusSchema),
  brightdataTest: op('brightdataTest', BrightDataTestSchema),
  diagnostics: op('diagnostics', DiagnosticListSchema),
  runDiagnostic: op('runDiagnostic', DiagnosticResultSchema, { path: z.object({ check: DiagnosticCheckSchema }) }),
  instagramVisual: op('instagramVisual', z.unknown(), { path: z.object({ token: z.string().max(100) }) }),
  // Web Push (issue 33): POST takes PushSubscription.toJSON() as it is; the list never shows keys.
  myPushSubscriptions: op('myPushSubscriptions', PushDeviceListSchema),
  addPushSubscription: op('addPushSubscription', PushDeviceSchema, { body: PushSubscriptionInputSchema }),
  removePushSubscription: op('removePushSubscription', z.undefined(), { path: z.object({ id: z.string().max(100) }) }),
};
// Checked apart: `satisfies` on the literal would give each op() call a contextual type and widen its schemas.
OPERATIONS satisfies Record<string, Operation>;

export type AnyOperation = (typeof OPERATIONS)[OperationName];
/** The operation, schemas included, of a route of OPERATION_ROUTES (types only: no schema is loaded). */
export type OperationOf<R extends OperationRoute> = R extends { name: infer N extends OperationName } ? (typeof OPERATIONS)[N] : never;

/** z.object({}) reads as Record<string, never>: no named key. */
type NoKeys<T> = [keyof T] extends [never] ? true : string extends keyof T ? true : false;

/** What a caller passes: the path's parameters, the query and the body, each only when the operation has one. */
export type OperationParams<O extends Operation> = (NoKeys<z.input<O['params']['path']>> extends true ? { path?: undefined } : { path: z.input<O['params']['path']> }) &
  (NoKeys<z.input<O['params']['query']>> extends true ? { query?: undefined } : { query?: Partial<z.input<O['params']['query']>> }) &
  (z.input<O['params']['body']> extends undefined ? { body?: undefined } : { body: z.input<O['params']['body']> });
export type OperationResponse<O extends Operation> = z.output<O['response']>;
