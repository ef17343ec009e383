import { ENTRY_ROUTES, named } from './operation-path';

/*
 * Where each operation of the product API lives: its name, method and path template, and
 * nothing else. Zod-free, so that a page calling one operation downloads neither zod nor the
 * other operations' schemas; operations.ts adds each one's schemas for the server and for
 * clients that parse what they receive (the CLI, the adapters' contract tests).
 */

export const OPERATION_ROUTES = /* @__PURE__ */ named({
  // Identity and session (SPEC.md §7).
  signUp: { method: 'POST', path: '/api/identity/signUp' },
  signIn: { method: 'POST', path: '/api/identity/signIn' },
  loginWeb: ENTRY_ROUTES.loginWeb,
  me: ENTRY_ROUTES.me,
  logout: ENTRY_ROUTES.logout,
  // Verified e-mails, password reset and the account's sessions (issue 22).
  verifyEmail: { method: 'POST', path: '/api/identity/verifyEmail' },
  resendEmailVerification: { method: 'POST', path: '/api/identity/verifyEmail/resend' },
  requestPasswordReset: { method: 'POST', path: '/api/identity/passwordReset' },
  confirmPasswordReset: { method: 'POST', path: '/api/identity/passwordReset/confirm' },
  changePassword: { method: 'POST', path: '/api/me/password' },
  // A new address replaces the account's once the link mailed to it is followed.
  changeEmail: { method: 'POST', path: '/api/me/email' },
  mySessions: { method: 'GET', path: '/api/me/sessions' },
  endAllSessions: { method: 'DELETE', path: '/api/me/sessions' },
  endSession: { method: 'DELETE', path: '/api/me/sessions/:id' },
  // Links and shares.
  visitShortCode: { method: 'PUT', path: '/api/dynaLinks/shortCode' },
  visitDynaLink: { method: 'PUT', path: '/api/dynaLinks/:id/visit' },
  dynaLinkVisits: { method: 'GET', path: '/api/dynaLinks/:id/visits' },
  dynaLinkStats: { method: 'GET', path: '/api/dynaLinks/:id/stats' },
  addShareView: ENTRY_ROUTES.addShareView,
  // The signed-in user's own lists.
  myLikes: { method: 'GET', path: '/api/me/likes' },
  likeState: { method: 'GET', path: '/api/me/likes/:eventId' },
  like: { method: 'PUT', path: '/api/me/likes/:eventId' },
  unlike: { method: 'DELETE', path: '/api/me/likes/:eventId' },
  myFollows: { method: 'GET', path: '/api/me/follows' },
  follow: { method: 'POST', path: '/api/me/follows' },
  unfollow: { method: 'DELETE', path: '/api/me/follows/:id' },
  followState: { method: 'GET', path: '/api/me/follows/:kind/:id' },
  following: { method: 'GET', path: '/api/me/following' },
  myBadges: { method: 'GET', path: '/api/me/badges' },
  mySuggestions: { method: 'GET', path: '/api/me/suggestions' },
  myNotifications: { method: 'GET', path: '/api/me/notifications' },
  markNotificationRead: { method: 'PUT', path: '/api/me/notifications/:id/read' },
  markAllNotificationsRead: { method: 'PUT', path: '/api/me/notifications/read' },
  userBadges: { method: 'GET', path: '/api/users/:id/badges' },
  // Forms and raffles.
  submitFormEntry: { method: 'POST', path: '/api/forms/:id/entries' },
  formEntry: { method: 'GET', path: '/api/forms/:id/entries/:code' },
  formEntries: { method: 'GET', path: '/api/forms/:id/entries' },
  formEntriesCsv: { method: 'GET', path: '/api/forms/:id/entries.csv', raw: true },
  // A blind test's report: one row per player and question of its game (issue 32).
  blindTestReport: { method: 'GET', path: '/api/blindTests/:id/report.csv', raw: true },
  blindTestReportRows: { method: 'GET', path: '/api/blindTests/:id/report' },
  enterRaffle: { method: 'POST', path: '/api/raffles/:id/entries' },
  confirmRaffleEntry: { method: 'POST', path: '/api/raffles/:id/entries/confirm' },
  raffleEntries: { method: 'GET', path: '/api/raffles/:id/entries' },
  myRaffleEntry: { method: 'GET', path: '/api/raffles/:id/entries/mine' },
  commitRaffle: { method: 'POST', path: '/api/raffles/:id/commit' },
  drawRaffle: { method: 'POST', path: '/api/raffles/:id/draw' },
  raffleProof: { method: 'GET', path: '/api/raffles/:id/proof' },
  openJobOffers: { method: 'GET', path: '/api/jobOffers/open' },
  // The server itself, its documents and search.
  health: { method: 'GET', path: '/api/health' },
  ready: { method: 'GET', path: '/api/ready' },
  config: { method: 'GET', path: '/api/config' },
  openApi: { method: 'GET', path: '/api/openapi.json' },
  docPage: { method: 'GET', path: '/api/docPages/byPath/*' },
  docs: { method: 'GET', path: '/api/docs' },
  docSearch: { method: 'GET', path: '/api/docs/search' },
  search: { method: 'GET', path: '/api/search' },
  eventGames: { method: 'GET', path: '/api/events/:id/games' },
  placeTonight: { method: 'GET', path: '/api/places/:id/tonight' },
  // Series, events that repeat (issue 35): made and edited by staff, read by anyone (an event page's « Tous les mardis »).
  createSeries: { method: 'POST', path: '/api/series' },
  series: { method: 'GET', path: '/api/series/:id' },
  editSeriesFollowing: { method: 'PATCH', path: '/api/series/:id' },
  editSeriesOccurrence: { method: 'PATCH', path: '/api/series/:id/occurrences/:eventId' },
  // The live game a 6-digit code opens (issue 32): /j's one request.
  liveByCode: { method: 'GET', path: '/api/live/byCode/:code' },
  // Calendars (iCalendar files, outside /api so that they may be cached): one event, and feeds to subscribe to.
  eventCalendar: { method: 'GET', path: '/calendar/events/:id.ics', raw: true },
  cityCalendar: { method: 'GET', path: '/calendar/cities/:city.ics', raw: true },
  placeCalendar: { method: 'GET', path: '/calendar/places/:id.ics', raw: true },
  organizationCalendar: { method: 'GET', path: '/calendar/organizations/:id.ics', raw: true },
  artistCalendar: { method: 'GET', path: '/calendar/artists/:id.ics', raw: true },
  // RSS 2.0 and Atom feeds of the same pages (issue 35): their upcoming published events, for feed readers and WordPress.
  cityFeedRss: { method: 'GET', path: '/feeds/cities/:city.rss', raw: true },
  cityFeedAtom: { method: 'GET', path: '/feeds/cities/:city.atom', raw: true },
  placeFeedRss: { method: 'GET', path: '/feeds/places/:id.rss', raw: true },
  placeFeedAtom: { method: 'GET', path: '/feeds/places/:id.atom', raw: true },
  organizationFeedRss: { method: 'GET', path: '/feeds/organizations/:id.rss', raw: true },
  organizationFeedAtom: { method: 'GET', path: '/feeds/organizations/:id.atom', raw: true },
  artistFeedRss: { method: 'GET', path: '/feeds/artists/:id.rss', raw: true },
  artistFeedAtom: { method: 'GET', path: '/feeds/artists/:id.atom', raw: true },
  // oEmbed (oembed.com) of the event, place and tournament pages: the embed page in an iframe (issue 35).
  oembed: { method: 'GET', path: '/oembed', raw: true },
  // The back office.
  dashboardServer: { method: 'GET', path: '/api/dashboard/server' },
  dashboardStats: { method: 'GET', path: '/api/dashboard/stats' },
  runTask: { method: 'POST', path: '/api/dashboard/tasks/:id/run' },
  runCollector: { method: 'POST', path: '/api/collectors/:id/run' },
  purgeCaches: { method: 'POST', path: '/api/dashboard/cache/purge' },
  taskRuns: { method: 'GET', path: '/api/dashboard/tasks/:id/runs' },
  mailbox: { method: 'GET', path: '/api/dashboard/mails' },
  // ActivityPub (issue 35): a place's or organisation's followers elsewhere, its switch, the remote actors it follows.
  federationOverview: { method: 'GET', path: '/api/federation/:kind/:id' },
  setFederation: { method: 'PUT', path: '/api/federation/:kind/:id' },
  followRemoteActor: { method: 'POST', path: '/api/federation/:kind/:id/following' },
  // E-mail: the visitor's choices, and the one-click unsubscribe link of every mail (no session).
  notificationPreferences: { method: 'GET', path: '/api/users/notificationPreferences' },
  updateNotificationPreferences: { method: 'PUT', path: '/api/users/notificationPreferences' },
  unsubscribe: { method: 'GET', path: '/api/mail/unsubscribe' },
  // API keys of staff and admins (scripts, cron jobs, partner sites): created, listed, revoked with a session only.
  myApiKeys: { method: 'GET', path: '/api/me/apiKeys' },
  createApiKey: { method: 'POST', path: '/api/me/apiKeys' },
  revokeApiKey: { method: 'DELETE', path: '/api/me/apiKeys/:id' },
  // The visitor's own data (RGPD art. 15, 17 and 20): a copy of all of it, and the account's deletion.
  exportMyData: { method: 'GET', path: '/api/me/export' },
  deleteMyAccount: { method: 'DELETE', path: '/api/me' },
  // An account's roles (admins only; the last admin keeps theirs), each change in the audit log.
  setUserRoles: { method: 'PUT', path: '/api/users/:id/roles' },
  // Who among staff and admins changed what (admins only), newest first.
  auditLog: { method: 'GET', path: '/api/dashboard/audit' },
  // Staff's announcements to a place's or an organisation's followers, or an event's participants (issue 24).
  announcementRecipients: { method: 'GET', path: '/api/announcements/recipients' },
  announcements: { method: 'GET', path: '/api/announcements' },
  announce: { method: 'POST', path: '/api/announcements' },
  // Images uploaded by staff (issue 20), and their variants served from the database.
  uploadImage: { method: 'POST', path: '/api/images/upload' },
  imageFile: { method: 'GET', path: '/api/images/files/:name', raw: true },
  // A visitor's own profile (issue 24): name, city, picture.
  updateMyProfile: { method: 'PATCH', path: '/api/me/profile' },
  uploadMyAvatar: { method: 'PUT', path: '/api/me/avatar' },
  // The designer (issue 23): posters (PDF) and social visuals (PNG) made on the server, for staff; the event page's link preview for anyone.
  designerEventLink: { method: 'GET', path: '/api/designer/events/:id/link' },
  designerEventPoster: { method: 'GET', path: '/api/designer/events/:id/poster.pdf', raw: true },
  designerEventImage: { method: 'GET', path: '/api/designer/events/:id/image.png', raw: true },
  designerPlaceWeekImage: { method: 'GET', path: '/api/designer/places/:id/week.png', raw: true },
  designerPlaceWeekPoster: { method: 'GET', path: '/api/designer/places/:id/week.pdf', raw: true },
  designerTournamentPoster: { method: 'GET', path: '/api/designer/tournaments/:id/poster.pdf', raw: true },
  designerTournamentImage: { method: 'GET', path: '/api/designer/tournaments/:id/image.png', raw: true },
  designerTournamentBracket: { method: 'GET', path: '/api/designer/tournaments/:id/bracket.pdf', raw: true },
  eventPreviewImage: { method: 'GET', path: '/api/og/events/:id.png', raw: true },
  // Sortie Pro through Stripe (issue 23): Checkout and the customer portal for staff, the success page's check, Stripe's signed webhook.
  stripeStatus: { method: 'GET', path: '/api/stripe/status' },
  stripeCheckout: { method: 'POST', path: '/api/stripe/checkout' },
  stripeSession: { method: 'GET', path: '/api/stripe/sessions/:id' },
  stripePortal: { method: 'POST', path: '/api/stripe/portal' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  stripeSubscriptions: { method: 'GET', path: '/api/dashboard/stripe/subscriptions' },
  // Instagram, Bright Data and the admins' diagnostics (issue 23).
  instagramStatus: { method: 'GET', path: '/api/dashboard/instagram' },
  instagramPublish: { method: 'POST', path: '/api/dashboard/instagram/events/:id/publish' },
  instagramPublications: { method: 'GET', path: '/api/dashboard/instagram/publications' },
  brightdataStatus: { method: 'GET', path: '/api/dashboard/brightdata' },
  brightdataTest: { method: 'POST', path: '/api/dashboard/brightdata/test' },
  diagnostics: { method: 'GET', path: '/api/dashboard/diagnostics' },
  runDiagnostic: { method: 'POST', path: '/api/dashboard/diagnostics/:check' },
  instagramVisual: { method: 'GET', path: '/api/instagram/visuals/:token.jpg', raw: true },
  // Web Push (issue 33): the devices of the signed-in person that receive notifications.
  myPushSubscriptions: { method: 'GET', path: '/api/me/pushSubscriptions' },
  addPushSubscription: { method: 'POST', path: '/api/me/pushSubscriptions' },
  removePushSubscription: { method: 'DELETE', path: '/api/me/pushSubscriptions/:id' },
});

export type OperationName = keyof typeof OPERATION_ROUTES;

/** Where a person reads the API's reference (the OpenAPI document in a viewer): the server serves it, the dashboard links to it. */
export const API_REFERENCE_PATH = '/api/reference';

/**
 * What the server serves beside the product API, for browsers and crawlers rather than its
 * clients: the API reference's page and its files, the crawlers' files, the demo's sample
 * files. The server registers each from its row, as it does every operation, and the OpenAPI
 * document lists it; none has schemas in OPERATIONS nor a typed client call. (The short links,
 * /r and /r/{code}, take their paths from the pages' route table, routes.ts: see the server's
 * links.routes.ts.)
 */
export const FILE_ROUTES = /* @__PURE__ */ named({
  apiReference: { method: 'GET', path: API_REFERENCE_PATH, raw: true },
  apiReferenceAsset: { method: 'GET', path: `${API_REFERENCE_PATH}/:file`, raw: true },
  robotsTxt: { method: 'GET', path: '/robots.txt', raw: true },
  sitemap: { method: 'GET', path: '/sitemap.xml', raw: true },
  sitemapPart: { method: 'GET', path: '/sitemap-:part.xml', raw: true },
  demoSource: { method: 'GET', path: '/demo-sources/:file', raw: true },
  demoAudio: { method: 'GET', path: '/demo-audio/:file', raw: true },
  // ActivityPub (issue 35): what Mastodon, Mobilizon and Gancio read and post to, for each place and organisation.
  webfinger: { method: 'GET', path: '/.well-known/webfinger', raw: true },
  nodeInfoLinks: { method: 'GET', path: '/.well-known/nodeinfo', raw: true },
  nodeInfo: { method: 'GET', path: '/nodeinfo/2.1', raw: true },
  activityActor: { method: 'GET', path: '/ap/actors/:id', raw: true },
  activityFollowers: { method: 'GET', path: '/ap/actors/:id/followers', raw: true },
  activityOutbox: { method: 'GET', path: '/ap/actors/:id/outbox', raw: true },
  activityEvent: { method: 'GET', path: '/ap/actors/:id/events/:eventId', raw: true },
  activityInbox: { method: 'POST', path: '/ap/actors/:id/inbox', raw: true },
  activitySharedInbox: { method: 'POST', path: '/ap/inbox', raw: true },
  // Embeds for a venue's own website (issue 35): the one-line script, the embed pages it frames, and their live script.
  embedScript: { method: 'GET', path: '/embed.js', raw: true },
  embedLiveScript: { method: 'GET', path: '/embed/live.js', raw: true },
  embedPlace: { method: 'GET', path: '/embed/places/:ref', raw: true },
  embedEvent: { method: 'GET', path: '/embed/events/:id', raw: true },
  embedTournament: { method: 'GET', path: '/embed/tournaments/:id', raw: true },
  embedBlindTest: { method: 'GET', path: '/embed/blindTests/:id', raw: true },
});

export type FileRouteName = keyof typeof FILE_ROUTES;

// Their own file: the web app's entry builds paths, and calls its few routes, without downloading the table above.
export { ENTRY_ROUTES, operationPath, type OperationRoute, type RouteRow } from './operation-path';
export { RESOURCE_ROUTES, type ResourceKey, type ResourceRoutes } from './resource-routes';
