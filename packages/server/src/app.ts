import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { AppError } from '@sortie/core';
import { z } from 'zod';
import type { AppContext, AppOptions } from './http/context';
import { forbidden, handleError } from './http/errors';
import { Store } from './db/store';
import { MicroCache } from './http/micro-cache';
import { freshReadPlaces } from './http/fresh-reads';
import type { Db } from './db/database';
import { ShortLinks } from './links/short-links';
import { VISIT_JOURNAL_FILE, VisitJournal } from './links/visit-journal';
import { Users } from './auth/users';
import { SessionCache } from './auth/session-cache';
import { TokenService } from './auth/tokens';
import { registerAuthRoutes } from './routes/auth.routes';
import { registerResourceRoutes } from './routes/resources.routes';
import { registerLinkRoutes, registerShortLinkRoute, shortLinkFastPath } from './routes/links.routes';
import { registerMeRoutes } from './routes/me.routes';
import { registerPeopleRoutes } from './routes/people.routes';
import { registerFormAndRaffleRoutes } from './routes/forms-raffles.routes';
import { registerEngagementRoutes } from './routes/engagement.routes';
import { registerMetaRoutes } from './routes/meta.routes';
import { registerDashboardRoutes } from './routes/dashboard.routes';
import { registerBlindTestReportRoutes } from './blind-tests/blind-test-report.routes';
import { registerCollectorRoutes } from './collectors/collector.routes';
import { registerGamesAtRoutes } from './routes/games-at.routes';
import { registerSeriesRoutes } from './series/series.routes';
// Registers the hourly upkeep of series (issue 35): their next 8 weeks of dates, and the stop of stale ones.
import './series/series-job';
import { registerDiscoveryRoutes } from './routes/discovery.routes';
import { registerMailRoutes } from './routes/mail.routes';
import { registerImageRoutes } from './images/images.routes';
import { registerApiKeyRoutes } from './routes/api-keys.routes';
import { registerAnnouncementRoutes } from './announcements/announcements.routes';
import { registerProfileRoutes } from './routes/profile.routes';
import { registerDesignerRoutes } from './designer/designer.routes';
import { registerInstagramRoutes } from './instagram/instagram.routes';
import { registerBrightDataRoutes } from './brightdata/brightdata.routes';
import { registerDiagnosticRoutes } from './diagnostics/diagnostics.routes';
import { registerStripeRoutes } from './stripe/stripe.routes';
import { apiKeyGate } from './http/api-key-gate';
import { ApiKeys } from './auth/api-keys';
import { registerOpenApiRoute, registerReferenceRoutes } from './routes/reference.routes';
import { registerRoleRoutes } from './routes/roles.routes';
import { registerPrivacyRoutes } from './privacy/privacy.routes';
import { registerAuditRoutes } from './routes/audit.routes';
import { registerWebApp } from './web/static';
import { registerDelivery } from './web/delivery';
import { registerSessionHint } from './http/session-hint';
import { registerTextGuard } from './http/unstorable-text';
import { registerSeoRoutes } from './seo/seo.routes';
import { registerCalendarRoutes } from './calendar/calendar.routes';
import { registerFeedRoutes } from './feeds/feeds.routes';
import { registerEmbedRoutes } from './embeds/embeds.routes';
import { demoAudioRoutes } from './blind-tests/demo-audio';
import { attachSocket, originAllowed } from './socket/socket';
import { PostgresDb } from './db/open-database';
import { ChangeBus } from './db/notifications';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { rateLimitPolicyHook } from './http/rate-limit-headers';
import { JobRunner } from './jobs';
import { NotificationFanOut } from './jobs/fan-out';
import { fanOut, mailDelivery } from './jobs/notifications';
import { mailTransportOf } from './jobs/mail-transport';
import { loadVapidKeys, vapidSubject } from './push/vapid-keys';
import { WebPushSender } from './push/web-push-sender';
import { FcmSender } from './push/fcm-sender';
import { PushService } from './push/push.service';
import { registerPushRoutes } from './push/push.routes';
import { registerLiveRoutes } from './live/live.routes';
import { assignTournamentCodes } from './live/live-codes';
import { FederationService } from './federation/federation.service';
import { registerFederationRoutes } from './federation/federation.routes';
import { registerFederationAdminRoutes } from './federation/federation-admin.routes';

// Validation messages in French, for every schema the server parses.
z.config(z.locales.fr());

export const BODY_LIMIT_BYTES = 512 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long an idle keep-alive connection stays open: Fastify's default, above proxies' 60 s. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The secret of the embedded identity provider: from the config, or generated once and kept in the database. */
async function loadSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(`INSERT INTO settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING`, [randomBytes(32).toString('base64url')]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'token_secret'`);
  return row!.value;
}

/**
 * The whole server on one Fastify instance: /api, /r, the web app, and socket.io on the same
 * HTTP server. The caller owns the database and closes it after `app.close()`.
 */
export type SortieApp = FastifyInstance & { ctx: AppContext; routes: ReadonlyArray<ServedRoute>; push: PushService; fanOut: NotificationFanOut; federation: FederationService };
/** A route Fastify registered, with the name of the row of core's operation table it was registered from (http/serve.ts), if any. */
export type ServedRoute = { method: string; url: string; operation?: string };

/** The embedded database's visit journal, in its data folder (what a last process left there is moved shortly); none on PostgreSQL or in memory. */
async function openVisitJournal(db: Db): Promise<VisitJournal | null> {
  return db instanceof PostgresDb && db.dataDir ? VisitJournal.open(join(db.dataDir, VISIT_JOURNAL_FILE), db) : null;
}

export async function buildApp(options: AppOptions): Promise<SortieApp> {
  const { db } = options;
  // Web Push's VAPID keys: the environment's, or made once and kept in the database (every node signs with the same).
  const config = { ...options.config, vapid: await loadVapidKeys(db, options.config.vapid) };
  const now = options.now ?? Date.now;
  // The /r fast path answers on the raw server, before Fastify (see shortLinkFastPath).
  let fastPath: ((request: IncomingMessage, response: ServerResponse) => boolean) | null = null;
  // Typed as the instance only: Fastify's is also thenable (awaiting it loads its plugins), and an
  // async function's result would then be typed as what that resolves to, without ctx and routes.
  const app: FastifyInstance = Fastify({
    serverFactory: (handler) => {
      const server = createServer((request, response) => fastPath?.(request, response) || handler(request, response));
      // Fastify sets this only on a server it makes itself; Node's own 5 s would close idle
      // connections that a proxy (60 s idle) or a client may still reuse, failing that request.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // An address that cannot be decoded (« %c0%ae ») is the client's mistake: a 400 in French, shaped like every other error.
    frameworkErrors: (error, request, reply) =>
      handleError(error.code === 'FST_ERR_BAD_URL' ? new AppError('Adresse invalide : elle contient un caractère mal encodé.', { code: 'BAD_URL', statusCode: 400 }) : error, request, reply),
  });
  const store = new Store(db);
  // Several processes on one PostgreSQL: each tells the others what it wrote (see ChangeBus).
  const bus = db.kind === 'postgres' && db instanceof PostgresDb ? new ChangeBus(db, db.pool.options, { log: (message) => app.log.warn(message) }) : null;
  // Each notification reaches the person's phones too (Web Push), through the durable fan-out, without holding up who made it.
  const pushSender = new WebPushSender({ vapid: config.vapid, subject: vapidSubject(config), allowedPrivateOrigins: config.allowedPrivateOrigins, now });
  const push = new PushService(db, { now, allowedPrivateOrigins: config.allowedPrivateOrigins });
  // Firebase Cloud Messaging too, when Firebase and its service account are configured: the tokens the web app's Firebase messaging registered.
  const fcmSender = config.fcm ? new FcmSender({ fcm: config.fcm, now }) : null;
  const fanOutService = new NotificationFanOut(db, { now, push: pushSender, fcm: fcmSender, log: (message) => app.log.warn(message), ...options.fanOut });
  // The job runner reads the context it belongs to: made at its first use, once the context exists.
  let jobs: JobRunner | undefined;
  const ctx: AppContext = {
    config,
    db,
    store,
    links: new ShortLinks(db, now, undefined, undefined, await openVisitJournal(db)),
    users: new Users(db, new SessionCache(now)),
    tokens: new TokenService(await loadSecret(db, config.secret), config.firebase?.projectId ?? null, options.googleKeys, now),
    now,
    cache: new MicroCache(now, config.microCacheMs, freshReadPlaces(db.kind)),
    io: null,
    tournaments: null,
    bus,
    node: bus?.node ?? 'embedded',
    stopping: false,
    get jobs() {
      jobs ??= new JobRunner(ctx);
      return jobs;
    },
    apiKeys: new ApiKeys(db, now),
    mailer: options.mailTransport ?? mailTransportOf(),
    fanOut: fanOutService,
    async notify(input) {
      const { notification } = await fanOut(ctx, { ...input, kind: null });
      return notification!;
    },
  };
  fanOutService.mail = (delivery) => mailDelivery(ctx, delivery);
  const federation = new FederationService(db, config, now, (message) => app.log.warn(message));
  ctx.federation = federation;
  // Each registered job gets its schedule and its row in /dashboard/tasks (kept across restarts).
  await ctx.jobs.sync();
  // Tournaments open or running from before their /j codes (issue 32) get theirs.
  await assignTournamentCodes(db);

  // Every route, listed for the property test and the OpenAPI check.
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, operation: route.config?.operation });
  });
  app.setErrorHandler(handleError);
  await app.register(fastifyCookie);
  // Compression and security headers, before any route: @fastify/compress hooks each route as it is added.
  await registerDelivery(app, config);
  registerSessionHint(app, config);
  registerTextGuard(app);
  // The IETF draft's RateLimit-* headers (and Retry-After on a 429), as the API keys answer them; the policy is added on send.
  await app.register(fastifyRateLimit, {
    global: false,
    enableDraftSpec: true,
    store: databaseRateLimitStore(db, now),
    errorResponseBuilder: (_request, context) => new AppError(`Trop de tentatives : réessayez dans ${Math.ceil(context.ttl / 1000)} s.`, { code: 'RATE_LIMITED', statusCode: 429 }),
  });
  app.addHook('onSend', rateLimitPolicyHook);

  // The fast path first, outside the /api hooks.
  fastPath = shortLinkFastPath(ctx);
  registerShortLinkRoute(app, ctx);

  await app.register(async (api) => {
    // State-changing requests from another site are refused; no Origin (the CLI, curl) is fine.
    api.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin && !originAllowed(ctx, origin, request.headers.host, request.protocol === 'https')) throw forbidden('Origine refusée.');
    });
    // A request with an API key: checked (site, revocation, rate, scope) before any handler.
    api.addHook('onRequest', apiKeyGate(ctx));
    api.addHook('onSend', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Any successful write may change what the cached public reads show.
      if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
        ctx.cache.clear();
        bus?.publishSoon('cache');
      }
    });
    registerAuthRoutes(api, ctx);
    registerLinkRoutes(api, ctx);
    registerMeRoutes(api, ctx);
    registerDiscoveryRoutes(api, ctx);
    registerGamesAtRoutes(api, ctx);
    registerSeriesRoutes(api, ctx);
    registerPeopleRoutes(api, ctx);
    registerFormAndRaffleRoutes(api, ctx);
    registerEngagementRoutes(api, ctx);
    registerResourceRoutes(api, ctx);
    registerMetaRoutes(api, ctx);
    registerDashboardRoutes(api, ctx);
    registerBlindTestReportRoutes(api, ctx);
    registerCollectorRoutes(api, ctx);
    registerMailRoutes(api, ctx);
    registerImageRoutes(api, ctx);
    registerApiKeyRoutes(api, ctx);
    registerOpenApiRoute(api);
    registerRoleRoutes(api, ctx);
    registerPrivacyRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerAnnouncementRoutes(api, ctx);
    registerProfileRoutes(api, ctx);
    registerDesignerRoutes(api, ctx);
    registerInstagramRoutes(api, ctx);
    registerBrightDataRoutes(api, ctx);
    registerDiagnosticRoutes(api, ctx);
    registerStripeRoutes(api, ctx);
    registerPushRoutes(api, ctx, push);
    registerLiveRoutes(api, ctx);
    registerFederationAdminRoutes(api, ctx, federation);
  });

  await app.register(demoAudioRoutes);
  registerReferenceRoutes(app);
  registerSeoRoutes(app, ctx);
  registerCalendarRoutes(app, ctx);
  await registerFederationRoutes(app, config, federation);
  registerFeedRoutes(app, ctx);
  registerEmbedRoutes(app, ctx);
  await registerWebApp(app, config.webDist, config, { now, ttlMs: config.microCacheMs, onClear: (listener) => ctx.cache.onClear(listener) });

  // A session read lately is forgotten with the public cache: on every write here, and on every node through the bus.
  ctx.cache.onClear(() => ctx.users.forgetSessions());
  if (bus) {
    ctx.links.announce = () => bus.publishSoon('links');
    bus.on('links', () => ctx.links.forget());
    bus.on('cache', () => ctx.cache.clear());
    // Listening again after a drop: what was heard meanwhile is unknown.
    bus.onReset(() => {
      ctx.links.forget();
      ctx.cache.clear();
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });
  }
  ctx.io = attachSocket(app, ctx);
  app.addHook('preClose', async () => {
    await ctx.jobs.stop();
    await federation.settled();
    await fanOutService.close();
    await ctx.links.close();
    await new Promise<void>((resolve) => {
      ctx.io?.close(() => resolve());
    });
  });
  // What an earlier process left queued (it stopped, or a retry is due) leaves now.
  fanOutService.kick();
  return Object.assign(app, { ctx, routes, push, fanOut: fanOutService, federation });
}
