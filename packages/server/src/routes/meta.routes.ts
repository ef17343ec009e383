import type { FastifyInstance } from 'fastify';
import { DEFAULT_CITY, OPERATIONS, RuntimeConfigSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve, serveUnparsed } from '../http/serve';
import { notFound, parse } from '../http/errors';
import { AppError } from '@sortie/core';
import { SearchService } from '../search/search.service';
import { DatabaseUnavailableError, isConnectionLost } from '../db/availability';
import { WriteCheck } from '../db/write-check';
import { DocsService } from '../docs/docs.service';
import { SERVER_PATHS } from '../runtime-paths';

/** /api/health, /api/ready, /api/config, the documentation (/api/docs, /api/docs/search, /api/docPages/byPath/*), /api/search. */
export function registerMetaRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Up: 200. The database down (restarting, unreachable): 503 with the JSON error body, `database: 'down'`,
  // within a second (the pool's connect timeout, or at once while it is known down).
  serve(app, OPERATIONS.health, async () => {
    try {
      await ctx.db.query('SELECT 1');
    } catch (error) {
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    }
    return { status: 'ok', database: ctx.db.kind };
  });

  // Ready means able to write: a node whose database is gone or refuses writes (disk full, I/O
  // errors, a read-only standby) answers 503, so that the load balancer sends its requests to
  // another; it answers 200 again once a write goes through (write-check.ts).
  const writeCheck = new WriteCheck(ctx.db);
  serve(app, OPERATIONS.ready, async () => {
    if (ctx.stopping) throw new AppError('Arrêt en cours.', { code: 'STOPPING', statusCode: 503 });
    const failure = await writeCheck.check();
    if (failure !== null) {
      if (isConnectionLost(failure instanceof DatabaseUnavailableError ? failure.cause : failure)) throw new AppError('Base de données injoignable.', { code: 'DATABASE_UNREACHABLE', statusCode: 503 });
      throw new AppError('La base de données refuse les écritures (disque plein ?).', { code: 'DATABASE_NOT_WRITABLE', statusCode: 503 });
    }
    return { status: 'ready', database: ctx.db.kind, node: ctx.node };
  });

  let cities: { at: number; list: string[] } | null = null;
  // A write anywhere clears the public cache (on every node, through the change bus): the cities go with it.
  ctx.cache.onClear(() => {
    cities = null;
  });
  serve(app, OPERATIONS.config, async () => {
    if (!cities || ctx.now() - cities.at > 60_000) {
      const rows = await ctx.db.query<{ city: string }>(
        `SELECT city FROM (SELECT city FROM events WHERE status = 'published' UNION SELECT city FROM places) c GROUP BY city ORDER BY city`,
      );
      cities = { at: ctx.now(), list: rows.map((r) => r.city) };
    }
    const { config } = ctx;
    return RuntimeConfigSchema.parse({
      identityProvider: config.firebase ? 'firebase' : 'local',
      signInMethods: config.firebase ? { google: true, apple: true, password: true } : { google: false, apple: false, password: true },
      firebase: config.firebase
        ? { apiKey: config.firebase.apiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId, appId: config.firebase.appId, ...(config.firebase.messagingSenderId ? { messagingSenderId: config.firebase.messagingSenderId } : {}) }
        : null,
      pushPublicKey: config.pushPublicKey,
      spotify: config.spotify,
      storePages: config.storePages,
      appLinkScheme: config.appLinkScheme,
      mapsApiKey: config.mapsApiKey,
      defaultCity: DEFAULT_CITY,
      cities: cities.list,
      version: '0.1.0',
    });
  });

  // The OpenAPI document (/api/openapi.json) and its reader (/api/reference) are reference.routes.ts's.
  // The documentation: the repository's Markdown files (packages/server/docs) and the back office's pages.
  const docs = new DocsService(SERVER_PATHS.docs, ctx.store);
  serve(app, OPERATIONS.docPage, async ({ path: params }) => {
    const path = params['*'].replace(/\/+$/, '');
    const page = /^[a-z0-9/-]{1,400}$/.test(path) ? await docs.page(path) : null;
    if (!page) throw notFound('Page de documentation introuvable.');
    return page;
  });
  serve(app, OPERATIONS.docs, async () => ({ items: await docs.toc() }));
  serve(app, OPERATIONS.docSearch, async ({ query }) => ({ q: query.q, items: await docs.search(query.q) }));

  const searchService = new SearchService(ctx.db, ctx.store, ctx.now);
  serveUnparsed(app, OPERATIONS.search, (request, reply) =>
    ctx.cache.serve(request, reply, async () => {
      // Parsed inside the micro-cache, as the cached answer depends on the whole query string.
      const query = parse(OPERATIONS.search.params.query, request.query);
      return JSON.stringify(await searchService.search({ q: query.q, limit: query.limit, city: query.city, upcomingOnly: query.upcoming === true }));
    }),
  );
}
