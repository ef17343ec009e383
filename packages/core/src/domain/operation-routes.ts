import type { HttpMethod } from './http-method';

/*
 * Where each operation of the product API lives: its name, method and path template, and
 * nothing else. Zod-free, so that a page calling one operation downloads neither zod nor the
 * other operations' schemas; operations.ts adds each one's schemas for the server and for
 * clients that parse what they receive (the CLI, the adapters' contract tests).
 */

export interface OperationRoute<Name extends string = string> {
  name: Name;
  method: HttpMethod;
  path: string;
  /** What the server answers is not JSON (a CSV file, a redirect): no typed client call. */
  raw?: true;
}

export const OPERATION_ROUTES = {
  // Identity and session (SPEC.md §7).
  signUp: { name: 'signUp', method: 'POST', path: '/api/identity/signUp' },
  signIn: { name: 'signIn', method: 'POST', path: '/api/identity/signIn' },
  loginWeb: { name: 'loginWeb', method: 'POST', path: '/api/auth/login/web' },
  me: { name: 'me', method: 'GET', path: '/api/auth/me' },
  logout: { name: 'logout', method: 'POST', path: '/api/auth/logout' },
  // Verified e-mails, password reset and the account's sessions (issue 22).
  verifyEmail: { name: 'verifyEmail', method: 'POST', path: '/api/identity/verifyEmail' },
  resendEmailVerification: { name: 'resendEmailVerification', method: 'POST', path: '/api/identity/verifyEmail/resend' },
  requestPasswordReset: { name: 'requestPasswordReset', method: 'POST', path: '/api/identity/passwordReset' },
  confirmPasswordReset: { name: 'confirmPasswordReset', method: 'POST', path: '/api/identity/passwordReset/confirm' },
  changePassword: { name: 'changePassword', method: 'POST', path: '/api/me/password' },
  // A new address replaces the account's once the link mailed to it is followed.
  changeEmail: { name: 'changeEmail', method: 'POST', path: '/api/me/email' },
  mySessions: { name: 'mySessions', method: 'GET', path: '/api/me/sessions' },
  endAllSessions: { name: 'endAllSessions', method: 'DELETE', path: '/api/me/sessions' },
  endSession: { name: 'endSession', method: 'DELETE', path: '/api/me/sessions/:id' },
  // Links and shares.
  visitShortCode: { name: 'visitShortCode', method: 'PUT', path: '/api/dynaLinks/shortCode' },
  visitDynaLink: { name: 'visitDynaLink', method: 'PUT', path: '/api/dynaLinks/:id/visit' },
  dynaLinkVisits: { name: 'dynaLinkVisits', method: 'GET', path: '/api/dynaLinks/:id/visits' },
  addShareView: { name: 'addShareView', method: 'PUT', path: '/api/shares/:id/addView' },
  // The signed-in user's own lists.
  myLikes: { name: 'myLikes', method: 'GET', path: '/api/me/likes' },
  likeState: { name: 'likeState', method: 'GET', path: '/api/me/likes/:eventId' },
  like: { name: 'like', method: 'PUT', path: '/api/me/likes/:eventId' },
  unlike: { name: 'unlike', method: 'DELETE', path: '/api/me/likes/:eventId' },
  myFollows: { name: 'myFollows', method: 'GET', path: '/api/me/follows' },
  follow: { name: 'follow', method: 'POST', path: '/api/me/follows' },
  unfollow: { name: 'unfollow', method: 'DELETE', path: '/api/me/follows/:id' },
  followState: { name: 'followState', method: 'GET', path: '/api/me/follows/:kind/:id' },
  following: { name: 'following', method: 'GET', path: '/api/me/following' },
  myBadges: { name: 'myBadges', method: 'GET', path: '/api/me/badges' },
  mySuggestions: { name: 'mySuggestions', method: 'GET', path: '/api/me/suggestions' },
  myNotifications: { name: 'myNotifications', method: 'GET', path: '/api/me/notifications' },
  markNotificationRead: { name: 'markNotificationRead', method: 'PUT', path: '/api/me/notifications/:id/read' },
  markAllNotificationsRead: { name: 'markAllNotificationsRead', method: 'PUT', path: '/api/me/notifications/read' },
  userBadges: { name: 'userBadges', method: 'GET', path: '/api/users/:id/badges' },
  // Forms and raffles.
  submitFormEntry: { name: 'submitFormEntry', method: 'POST', path: '/api/forms/:id/entries' },
  formEntry: { name: 'formEntry', method: 'GET', path: '/api/forms/:id/entries/:code' },
  formEntries: { name: 'formEntries', method: 'GET', path: '/api/forms/:id/entries' },
  formEntriesCsv: { name: 'formEntriesCsv', method: 'GET', path: '/api/forms/:id/entries.csv', raw: true },
  enterRaffle: { name: 'enterRaffle', method: 'POST', path: '/api/raffles/:id/entries' },
  confirmRaffleEntry: { name: 'confirmRaffleEntry', method: 'POST', path: '/api/raffles/:id/entries/confirm' },
  raffleEntries: { name: 'raffleEntries', method: 'GET', path: '/api/raffles/:id/entries' },
  myRaffleEntry: { name: 'myRaffleEntry', method: 'GET', path: '/api/raffles/:id/entries/mine' },
  commitRaffle: { name: 'commitRaffle', method: 'POST', path: '/api/raffles/:id/commit' },
  drawRaffle: { name: 'drawRaffle', method: 'POST', path: '/api/raffles/:id/draw' },
  raffleProof: { name: 'raffleProof', method: 'GET', path: '/api/raffles/:id/proof' },
  openJobOffers: { name: 'openJobOffers', method: 'GET', path: '/api/jobOffers/open' },
  // The server itself, its documents and search.
  health: { name: 'health', method: 'GET', path: '/api/health' },
  ready: { name: 'ready', method: 'GET', path: '/api/ready' },
  config: { name: 'config', method: 'GET', path: '/api/config' },
  openApi: { name: 'openApi', method: 'GET', path: '/api/openapi.json' },
  docPage: { name: 'docPage', method: 'GET', path: '/api/docPages/byPath/*' },
  docs: { name: 'docs', method: 'GET', path: '/api/docs' },
  docSearch: { name: 'docSearch', method: 'GET', path: '/api/docs/search' },
  search: { name: 'search', method: 'GET', path: '/api/search' },
  eventGames: { name: 'eventGames', method: 'GET', path: '/api/events/:id/games' },
  placeTonight: { name: 'placeTonight', method: 'GET', path: '/api/places/:id/tonight' },
  // Calendars (iCalendar files, outside /api so that they may be cached): one event, and feeds to subscribe to.
  eventCalendar: { name: 'eventCalendar', method: 'GET', path: '/calendar/events/:id.ics', raw: true },
  cityCalendar: { name: 'cityCalendar', method: 'GET', path: '/calendar/cities/:city.ics', raw: true },
  placeCalendar: { name: 'placeCalendar', method: 'GET', path: '/calendar/places/:id.ics', raw: true },
  organizationCalendar: { name: 'organizationCalendar', method: 'GET', path: '/calendar/organizations/:id.ics', raw: true },
  artistCalendar: { name: 'artistCalendar', method: 'GET', path: '/calendar/artists/:id.ics', raw: true },
  // The back office.
  dashboardServer: { name: 'dashboardServer', method: 'GET', path: '/api/dashboard/server' },
  dashboardStats: { name: 'dashboardStats', method: 'GET', path: '/api/dashboard/stats' },
  runTask: { name: 'runTask', method: 'POST', path: '/api/dashboard/tasks/:id/run' },
  runCollector: { name: 'runCollector', method: 'POST', path: '/api/collectors/:id/run' },
  purgeCaches: { name: 'purgeCaches', method: 'POST', path: '/api/dashboard/cache/purge' },
  taskRuns: { name: 'taskRuns', method: 'GET', path: '/api/dashboard/tasks/:id/runs' },
  mailbox: { name: 'mailbox', method: 'GET', path: '/api/dashboard/mails' },
  // E-mail: the visitor's choices, and the one-click unsubscribe link of every mail (no session).
  notificationPreferences: { name: 'notificationPreferences', method: 'GET', path: '/api/users/notificationPreferences' },
  updateNotificationPreferences: { name: 'updateNotificationPreferences', method: 'PUT', path: '/api/users/notificationPreferences' },
  unsubscribe: { name: 'unsubscribe', method: 'GET', path: '/api/mail/unsubscribe' },
  // API keys of staff and admins (scripts, cron jobs, partner sites): created, listed, revoked with a session only.
  myApiKeys: { name: 'myApiKeys', method: 'GET', path: '/api/me/apiKeys' },
  createApiKey: { name: 'createApiKey', method: 'POST', path: '/api/me/apiKeys' },
  revokeApiKey: { name: 'revokeApiKey', method: 'DELETE', path: '/api/me/apiKeys/:id' },
  // The visitor's own data (RGPD art. 15, 17 and 20): a copy of all of it, and the account's deletion.
  exportMyData: { name: 'exportMyData', method: 'GET', path: '/api/me/export' },
  deleteMyAccount: { name: 'deleteMyAccount', method: 'DELETE', path: '/api/me' },
  // An account's roles (admins only; the last admin keeps theirs), each change in the audit log.
  setUserRoles: { name: 'setUserRoles', method: 'PUT', path: '/api/users/:id/roles' },
  // Who among staff and admins changed what (admins only), newest first.
  auditLog: { name: 'auditLog', method: 'GET', path: '/api/dashboard/audit' },
  // Staff's announcements to a place's or an organisation's followers, or an event's participants (issue 24).
  announcementRecipients: { name: 'announcementRecipients', method: 'GET', path: '/api/announcements/recipients' },
  announcements: { name: 'announcements', method: 'GET', path: '/api/announcements' },
  announce: { name: 'announce', method: 'POST', path: '/api/announcements' },
  // Images uploaded by staff (issue 20), and their variants served from the database.
  uploadImage: { name: 'uploadImage', method: 'POST', path: '/api/images/upload' },
  imageFile: { name: 'imageFile', method: 'GET', path: '/api/images/files/:name', raw: true },
  // A visitor's own profile (issue 24): name, city, picture.
  updateMyProfile: { name: 'updateMyProfile', method: 'PATCH', path: '/api/me/profile' },
  uploadMyAvatar: { name: 'uploadMyAvatar', method: 'PUT', path: '/api/me/avatar' },
  // The designer (issue 23): posters (PDF) and social visuals (PNG) made on the server, for staff; the event page's link preview for anyone.
  designerEventLink: { name: 'designerEventLink', method: 'GET', path: '/api/designer/events/:id/link' },
  designerEventPoster: { name: 'designerEventPoster', method: 'GET', path: '/api/designer/events/:id/poster.pdf', raw: true },
  designerEventImage: { name: 'designerEventImage', method: 'GET', path: '/api/designer/events/:id/image.png', raw: true },
  designerPlaceWeekImage: { name: 'designerPlaceWeekImage', method: 'GET', path: '/api/designer/places/:id/week.png', raw: true },
  designerPlaceWeekPoster: { name: 'designerPlaceWeekPoster', method: 'GET', path: '/api/designer/places/:id/week.pdf', raw: true },
  designerTournamentPoster: { name: 'designerTournamentPoster', method: 'GET', path: '/api/designer/tournaments/:id/poster.pdf', raw: true },
  designerTournamentImage: { name: 'designerTournamentImage', method: 'GET', path: '/api/designer/tournaments/:id/image.png', raw: true },
  eventPreviewImage: { name: 'eventPreviewImage', method: 'GET', path: '/api/og/events/:id.png', raw: true },
  // Sortie Pro through Stripe (issue 23): Checkout and the customer portal for staff, the success page's check, Stripe's signed webhook.
  stripeStatus: { name: 'stripeStatus', method: 'GET', path: '/api/stripe/status' },
  stripeCheckout: { name: 'stripeCheckout', method: 'POST', path: '/api/stripe/checkout' },
  stripeSession: { name: 'stripeSession', method: 'GET', path: '/api/stripe/sessions/:id' },
  stripePortal: { name: 'stripePortal', method: 'POST', path: '/api/stripe/portal' },
  stripeWebhook: { name: 'stripeWebhook', method: 'POST', path: '/api/stripe/webhook' },
  stripeSubscriptions: { name: 'stripeSubscriptions', method: 'GET', path: '/api/dashboard/stripe/subscriptions' },
  // Instagram, Bright Data and the admins' diagnostics (issue 23).
  instagramStatus: { name: 'instagramStatus', method: 'GET', path: '/api/dashboard/instagram' },
  instagramPublish: { name: 'instagramPublish', method: 'POST', path: '/api/dashboard/instagram/events/:id/publish' },
  instagramPublications: { name: 'instagramPublications', method: 'GET', path: '/api/dashboard/instagram/publications' },
  brightdataStatus: { name: 'brightdataStatus', method: 'GET', path: '/api/dashboard/brightdata' },
  brightdataTest: { name: 'brightdataTest', method: 'POST', path: '/api/dashboard/brightdata/test' },
  diagnostics: { name: 'diagnostics', method: 'GET', path: '/api/dashboard/diagnostics' },
  runDiagnostic: { name: 'runDiagnostic', method: 'POST', path: '/api/dashboard/diagnostics/:check' },
  instagramVisual: { name: 'instagramVisual', method: 'GET', path: '/api/instagram/visuals/:token.jpg', raw: true },
} as const satisfies Record<string, OperationRoute>;

export type OperationName = keyof typeof OPERATION_ROUTES;

// Its own file: the web app's entry builds paths without downloading the table above.
export { operationPath } from './operation-path';
