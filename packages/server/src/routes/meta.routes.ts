import type { FastifyInstance } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve, serveUnparsed } from '../http/serve';
import { notFound, parse } from '../http/errors';
import { MetaService } from '../meta/meta.service';

/** /api/health, /api/ready, /api/config, the documentation (/api/docs, /api/docs/search, /api/docPages/byPath/*), /api/search. */
export function registerMetaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const meta = new MetaService(ctx);

  // Up: 200. The database down (restarting, unreachable): 503 with the JSON error body, `database: 'down'`.
  serve(app, OPERATIONS.health, () => meta.health());
  // Able to write: 200; stopping, or the database gone or refusing writes: 503, for the load balancer.
  serve(app, OPERATIONS.ready, () => meta.readiness());
  serve(app, OPERATIONS.config, () => meta.runtimeConfig());

  // The OpenAPI document (/api/openapi.json) and its reader (/api/reference) are reference.routes.ts's.
  // The documentation: the repository's Markdown files (packages/server/docs) and the back office's pages.
  serve(app, OPERATIONS.docPage, async ({ path: params }) => {
    const path = params['*'].replace(/\/+$/, '');
    const page = /^[a-z0-9/-]{1,400}$/.test(path) ? await meta.docs.page(path) : null;
    if (!page) throw notFound('Page de documentation introuvable.');
    return page;
  });
  serve(app, OPERATIONS.docs, async () => ({ items: await meta.docs.toc() }));
  serve(app, OPERATIONS.docSearch, async ({ query }) => ({ q: query.q, items: await meta.docs.search(query.q) }));

  serveUnparsed(app, OPERATIONS.search, (request, reply) =>
    ctx.cache.serve(request, reply, async () => {
      // Parsed inside the micro-cache, as the cached answer depends on the whole query string.
      const query = parse(OPERATIONS.search.params.query, request.query);
      return meta.search.search({ q: query.q, limit: query.limit, city: query.city, upcomingOnly: query.upcoming === true });
    }),
  );
}
