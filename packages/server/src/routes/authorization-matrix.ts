import { RESOURCE_NAMES, RESOURCE_PATHS } from '@sortie/core';

/*
 * Who may call what: for every route the server registers (method and path as Fastify names
 * them) and each of four callers — nobody, a visitor's account, staff, an admin — what the
 * answer must be. routes/authorization-matrix.test.ts calls every route as each of them and
 * fails on a route without a row (it names it), on a row without a route, and on any answer
 * that contradicts its row. A new route is added here, with its rule, in the same change. The
 * OpenAPI document states the same rule for each operation (its `x-access`, from openapi-docs.ts
 * and the resources' policies): the test checks every answer against it too, so the document
 * never says « Réservé à l’équipe » of a route the server opens to all, nor the reverse.
 *
 * - `ok`: let through. The answer may still be a 400 (the test sends an empty body), a 404 (an
 *   unknown id) or a 409, but never 401 or 403, and never a 5xx (but see `unconfigured`).
 * - `unauthorized`: 401 (a session is needed). `forbidden`: 403 (the session's role is not enough).
 */
export type Outcome = 'ok' | 'unauthorized' | 'forbidden';
export const CALLERS = ['anonymous', 'visitor', 'staff', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export interface MatrixRow {
  anonymous: Outcome;
  visitor: Outcome;
  staff: Outcome;
  admin: Outcome;
  /** The call may end the caller's session (sign-out, every session closed): the test signs in again after it. */
  signsOut?: true;
  /** An integration the test server has no keys for: an allowed caller may get its honest 503 (« Paiement non configuré »). */
  unconfigured?: true;
}

/** Anyone. */
export const PUBLIC: MatrixRow = { anonymous: 'ok', visitor: 'ok', staff: 'ok', admin: 'ok' };
/** Any signed-in account. */
export const SIGNED_IN: MatrixRow = { anonymous: 'unauthorized', visitor: 'ok', staff: 'ok', admin: 'ok' };
/** Staff and admins. */
export const STAFF: MatrixRow = { anonymous: 'unauthorized', visitor: 'forbidden', staff: 'ok', admin: 'ok' };
/** Admins only. */
export const ADMIN: MatrixRow = { anonymous: 'unauthorized', visitor: 'forbidden', staff: 'forbidden', admin: 'ok' };
const signsOut = (row: MatrixRow): MatrixRow => ({ ...row, signsOut: true });
const unconfigured = (row: MatrixRow): MatrixRow => ({ ...row, unconfigured: true });

/** The generic REST of one resource: its list, one record, and its writes (create, update, delete). */
interface ResourceRule {
  list: MatrixRow;
  one: MatrixRow;
  write: MatrixRow;
}
const open = (write = STAFF): ResourceRule => ({ list: PUBLIC, one: PUBLIC, write });
const staffOnly: ResourceRule = { list: STAFF, one: STAFF, write: STAFF };

/**
 * The resources of core's RESOURCES. Drafts, unpublished articles and offers, and others'
 * records answer 404 by their address (an `ok` here: the caller is let through to the lookup).
 */
const RESOURCE_RULES: Record<keyof typeof RESOURCE_PATHS, ResourceRule> = {
  artists: open(),
  badges: open(),
  blindtests: open(),
  collectors: staffOnly,
  // The redirect page resolves a link by its id (where it leads, nothing more); the list is staff's.
  dynaLinks: { list: STAFF, one: PUBLIC, write: STAFF },
  eventCategories: open(),
  events: open(),
  forms: open(),
  formTemplates: staffOnly,
  menus: open(),
  organizations: open(),
  places: open(),
  questions: staffOnly,
  raffles: open(),
  scrape: staffOnly,
  stores: open(),
  tournaments: open(),
  // Anyone reads a public profile (a name, an avatar, a city); the list is staff's, writes are admins'.
  users: { list: STAFF, one: PUBLIC, write: ADMIN },
  jobOffers: open(),
  placeTypes: open(),
  placeRoles: staffOnly,
  eventRoles: staffOnly,
  championships: open(),
  blogPosts: open(),
  docPages: open(),
  mailTemplates: staffOnly,
  images: open(),
  tasks: staffOnly,
  // Its owner reads one notification (staff any); the list is staff's.
  notifications: { list: STAFF, one: SIGNED_IN, write: STAFF },
  // Anyone signed in shares; each changes only their own (404 for another's).
  shares: { list: PUBLIC, one: PUBLIC, write: SIGNED_IN },
};

function resourceRows(): Record<string, MatrixRow> {
  const rows: Record<string, MatrixRow> = {};
  for (const resource of RESOURCE_NAMES) {
    const rule = RESOURCE_RULES[resource];
    const base = `/api/${RESOURCE_PATHS[resource]}`;
    rows[`GET ${base}`] = rule.list;
    rows[`GET ${base}/:id`] = rule.one;
    rows[`POST ${base}`] = rule.write;
    rows[`PATCH ${base}/:id`] = rule.write;
    rows[`DELETE ${base}/:id`] = rule.write;
  }
  return rows;
}

/** Every route beyond the generic REST, by `METHOD /path` as Fastify registers it. */
const OTHER_ROUTES: Record<string, MatrixRow> = {
  // Short links (printed QR codes), outside /api.
  'GET /r': PUBLIC,
  'GET /r/:shortCode': PUBLIC,
  // A protected link's password, posted by its page's form (issue 36).
  'POST /r/:shortCode': PUBLIC,
  // Identity and session.
  'POST /api/identity/signUp': PUBLIC,
  'POST /api/identity/signIn': PUBLIC,
  'POST /api/auth/login/web': PUBLIC,
  'GET /api/auth/me': SIGNED_IN,
  'POST /api/auth/logout': signsOut(PUBLIC),
  'POST /api/identity/verifyEmail': PUBLIC,
  'POST /api/identity/verifyEmail/resend': SIGNED_IN,
  'POST /api/identity/passwordReset': PUBLIC,
  'POST /api/identity/passwordReset/confirm': PUBLIC,
  'POST /api/me/password': signsOut(SIGNED_IN),
  'POST /api/me/email': SIGNED_IN,
  'GET /api/me/sessions': SIGNED_IN,
  'DELETE /api/me/sessions': signsOut(SIGNED_IN),
  'DELETE /api/me/sessions/:id': signsOut(SIGNED_IN),
  // Links and shares.
  'PUT /api/dynaLinks/shortCode': PUBLIC,
  'PUT /api/dynaLinks/:id/visit': PUBLIC,
  'GET /api/dynaLinks/:id/visits': STAFF,
  'GET /api/dynaLinks/:id/stats': STAFF,
  'PUT /api/shares/:id/addView': PUBLIC,
  // The signed-in visitor's own lists and account.
  'GET /api/me/likes': SIGNED_IN,
  'GET /api/me/likes/:eventId': SIGNED_IN,
  'PUT /api/me/likes/:eventId': SIGNED_IN,
  'DELETE /api/me/likes/:eventId': SIGNED_IN,
  'GET /api/me/follows': SIGNED_IN,
  'POST /api/me/follows': SIGNED_IN,
  'DELETE /api/me/follows/:id': SIGNED_IN,
  'GET /api/me/follows/:kind/:id': SIGNED_IN,
  'GET /api/me/following': SIGNED_IN,
  'GET /api/me/badges': SIGNED_IN,
  'GET /api/me/suggestions': SIGNED_IN,
  'GET /api/me/notifications': SIGNED_IN,
  'PUT /api/me/notifications/:id/read': SIGNED_IN,
  'PUT /api/me/notifications/read': SIGNED_IN,
  'GET /api/users/notificationPreferences': SIGNED_IN,
  'PUT /api/users/notificationPreferences': SIGNED_IN,
  'GET /api/me/export': SIGNED_IN,
  'DELETE /api/me': signsOut(SIGNED_IN),
  'PATCH /api/me/profile': SIGNED_IN,
  'PUT /api/me/avatar': SIGNED_IN,
  'GET /api/users/:id/badges': PUBLIC,
  // API keys: anyone lists and revokes their own; only staff make them.
  'GET /api/me/apiKeys': SIGNED_IN,
  'POST /api/me/apiKeys': STAFF,
  'DELETE /api/me/apiKeys/:id': SIGNED_IN,
  // Forms and raffles: anyone answers and enters; the entries, the commit and the draw are staff's.
  'POST /api/forms/:id/entries': PUBLIC,
  'GET /api/forms/:id/entries/:code': PUBLIC,
  'GET /api/forms/:id/entries': STAFF,
  'GET /api/forms/:id/entries.csv': STAFF,
  'GET /api/blindTests/:id/report.csv': STAFF,
  'GET /api/blindTests/:id/report': STAFF,
  'POST /api/raffles/:id/entries': PUBLIC,
  'POST /api/raffles/:id/entries/confirm': PUBLIC,
  'GET /api/raffles/:id/entries': STAFF,
  'GET /api/raffles/:id/entries/mine': SIGNED_IN,
  'POST /api/raffles/:id/commit': STAFF,
  'POST /api/raffles/:id/draw': STAFF,
  'GET /api/raffles/:id/proof': PUBLIC,
  'GET /api/jobOffers/open': PUBLIC,
  // The server, its documents and search.
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/config': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/reference': PUBLIC,
  'GET /api/reference/:file': PUBLIC,
  'GET /api/docPages/byPath/*': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/search': PUBLIC,
  'GET /api/search': PUBLIC,
  'GET /api/events/:id/games': PUBLIC,
  'GET /api/places/:id/tonight': PUBLIC,
  'GET /api/live/byCode/:code': PUBLIC,
  'GET /api/mail/unsubscribe': PUBLIC,
  // The back office.
  'GET /api/dashboard/server': STAFF,
  'GET /api/dashboard/stats': STAFF,
  'POST /api/dashboard/tasks/:id/run': STAFF,
  'GET /api/dashboard/tasks/:id/runs': STAFF,
  'GET /api/dashboard/mails': ADMIN,
  'POST /api/dashboard/cache/purge': STAFF,
  'POST /api/collectors/:id/run': STAFF,
  'PUT /api/users/:id/roles': ADMIN,
  'GET /api/dashboard/audit': ADMIN,
  'POST /api/series': STAFF,
  'GET /api/series/:id': PUBLIC,
  'PATCH /api/series/:id': STAFF,
  'PATCH /api/series/:id/occurrences/:eventId': STAFF,
  'GET /api/announcements/recipients': STAFF,
  'GET /api/announcements': STAFF,
  'POST /api/announcements': STAFF,
  // Images: staff upload, anyone reads the files.
  'POST /api/images/upload': STAFF,
  'GET /api/images/files/:name': PUBLIC,
  // The designer: staff make the visuals (and the short links they print); anyone reads a published event's link preview.
  'GET /api/designer/events/:id/link': STAFF,
  'GET /api/designer/events/:id/poster.pdf': STAFF,
  'GET /api/designer/events/:id/image.png': STAFF,
  'GET /api/designer/places/:id/week.png': STAFF,
  'GET /api/designer/places/:id/week.pdf': STAFF,
  'GET /api/designer/tournaments/:id/poster.pdf': STAFF,
  'GET /api/designer/tournaments/:id/image.png': STAFF,
  'GET /api/designer/tournaments/:id/bracket.pdf': STAFF,
  'GET /api/og/events/:id.png': PUBLIC,
  // Stripe (Sortie Pro): staff pay, the account that paid checks its session and opens its portal, Stripe's webhook proves itself by its signature.
  'GET /api/stripe/status': PUBLIC,
  'POST /api/stripe/checkout': unconfigured(STAFF),
  'GET /api/stripe/sessions/:id': unconfigured(SIGNED_IN),
  'POST /api/stripe/portal': unconfigured(SIGNED_IN),
  'POST /api/stripe/webhook': unconfigured(PUBLIC),
  'GET /api/dashboard/stripe/subscriptions': unconfigured(STAFF),
  // Instagram and Bright Data: staff; publishing and testing answer 503 without their variables. Diagnostics: admins only.
  'GET /api/dashboard/instagram': STAFF,
  'POST /api/dashboard/instagram/events/:id/publish': unconfigured(STAFF),
  'GET /api/dashboard/instagram/publications': STAFF,
  'GET /api/dashboard/brightdata': STAFF,
  'POST /api/dashboard/brightdata/test': unconfigured(STAFF),
  'GET /api/dashboard/diagnostics': ADMIN,
  'POST /api/dashboard/diagnostics/:check': ADMIN,
  // The JPEG Instagram's servers read while publishing: public, behind a random token.
  'GET /api/instagram/visuals/:token.jpg': PUBLIC,
  // Web Push (issue 33): a person's own devices, by session.
  'GET /api/me/pushSubscriptions': SIGNED_IN,
  'POST /api/me/pushSubscriptions': SIGNED_IN,
  'DELETE /api/me/pushSubscriptions/:id': SIGNED_IN,
  // Files outside /api: demo data, crawlers' files, calendars.
  'GET /demo-sources/:file': PUBLIC,
  'GET /demo-audio/:file': PUBLIC,
  'GET /robots.txt': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  'GET /sitemap-:part.xml': PUBLIC,
  // ActivityPub (issue 35): the dashboard's part for staff; the fediverse's part open (an inbox refuses an unsigned POST with 401 whoever sends it).
  'GET /api/federation/:kind/:id': STAFF,
  'PUT /api/federation/:kind/:id': STAFF,
  'POST /api/federation/:kind/:id/following': STAFF,
  'GET /.well-known/webfinger': PUBLIC,
  'GET /.well-known/nodeinfo': PUBLIC,
  'GET /nodeinfo/2.1': PUBLIC,
  'GET /ap/actors/:id': PUBLIC,
  'GET /ap/actors/:id/followers': PUBLIC,
  'GET /ap/actors/:id/outbox': PUBLIC,
  'GET /ap/actors/:id/events/:eventId': PUBLIC,
  'POST /ap/actors/:id/inbox': PUBLIC,
  'POST /ap/inbox': PUBLIC,
  'GET /calendar/events/:id.ics': PUBLIC,
  'GET /calendar/cities/:city.ics': PUBLIC,
  'GET /calendar/places/:id.ics': PUBLIC,
  'GET /calendar/organizations/:id.ics': PUBLIC,
  'GET /calendar/artists/:id.ics': PUBLIC,
  // Feeds, oEmbed and embeds (issue 35): public, as the pages they come from.
  'GET /feeds/cities/:city.rss': PUBLIC,
  'GET /feeds/cities/:city.atom': PUBLIC,
  'GET /feeds/places/:id.rss': PUBLIC,
  'GET /feeds/places/:id.atom': PUBLIC,
  'GET /feeds/organizations/:id.rss': PUBLIC,
  'GET /feeds/organizations/:id.atom': PUBLIC,
  'GET /feeds/artists/:id.rss': PUBLIC,
  'GET /feeds/artists/:id.atom': PUBLIC,
  'GET /oembed': PUBLIC,
  'GET /embed.js': PUBLIC,
  'GET /embed/live.js': PUBLIC,
  'GET /embed/places/:ref': PUBLIC,
  'GET /embed/events/:id': PUBLIC,
  'GET /embed/tournaments/:id': PUBLIC,
  'GET /embed/blindTests/:id': PUBLIC,
};

/** The whole table: `METHOD /path` → what each caller gets. */
export const AUTHORIZATION_MATRIX: Readonly<Record<string, MatrixRow>> = { ...resourceRows(), ...OTHER_ROUTES };
