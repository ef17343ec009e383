import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddViewSchema, HOME_PATH, isObjectId, isShortCode, LinkGoneError, LinkNotFoundError, OPERATIONS, pathFor, VisitSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireRole } from '../http/session';
import { serve, serveUnparsed } from '../http/serve';
import { DATABASE_UNAVAILABLE_MESSAGE, DatabaseUnavailableError, isDatabaseUnavailable } from '../db/availability';

const IdParams = z.object({ id: z.string() });

/** The short links' paths, named from core's route table as the web app's pages are: /r, and /r/ before a code. */
const SHORT_LINK_ROOT = pathFor('shortLinkRoot');
const SHORT_LINK_PREFIX = pathFor('shortLink', { shortCode: '' });

/** Where GET /r/{shortCode} sends the visitor: the link's url (the visit buffered), or /home. */
async function redirectTarget(ctx: AppContext, code: string, userAgent: string, log: (error: unknown) => void): Promise<string> {
  if (!isShortCode(code)) return HOME_PATH;
  try {
    return (await ctx.links.visit(code, userAgent)) ?? HOME_PATH;
  } catch (error) {
    // The database away and the link not known here: 503, worth a retry (not /home, as for a link that does not exist).
    if (isDatabaseUnavailable(error)) throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
    log(error);
    return HOME_PATH;
  }
}

/**
 * GET /r/{shortCode} on the raw HTTP server, before Fastify: a printed poster's QR code
 * should cost a cache lookup and a 302, not a router, hooks and a reply object (measured
 * here: 20,000 redirects a second through Fastify against a bare node:http ceiling of 58,000).
 * Returns false for any other request, which Fastify then serves.
 */
export function shortLinkFastPath(ctx: AppContext): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !url.startsWith(SHORT_LINK_PREFIX)) return false;
    const end = url.search(/[?#]/);
    // A code that does not decode is a failed link: /home, as SPEC §2 says.
    const code = decodeSafely(url.slice(SHORT_LINK_PREFIX.length, end === -1 ? undefined : end).replace(/\/$/, '')) ?? '';
    if (code.includes('/')) return false;
    void redirectTarget(ctx, code, request.headers['user-agent'] ?? '', (error) => console.error('Lien court : lecture impossible :', error)).then(
      (location) => {
        response.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': '0' });
        response.end();
      },
      () => {
        const body = Buffer.from(DATABASE_UNAVAILABLE_MESSAGE);
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1', 'cache-control': 'no-store', 'content-length': String(body.length) });
        response.end(body);
      },
    );
    return true;
  };
}

const decodeSafely = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** The same redirect through Fastify (app.inject, HEAD, and anything the fast path declines). */
export function registerShortLinkRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { shortCode: string } }>(`${SHORT_LINK_PREFIX}:shortCode`, async (request, reply) => {
    const location = await redirectTarget(ctx, request.params.shortCode, request.headers['user-agent'] ?? '', (error) => request.log.warn({ err: error }, 'short link lookup failed'));
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });
  app.get(SHORT_LINK_ROOT, (_request, reply) => reply.redirect(HOME_PATH, 302));
}

/** The link and share calls of SPEC.md §7. */
export function registerLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, OPERATIONS.visitShortCode, async ({ body: visit }) => {
    const url = await ctx.links.visit(visit.shortCode, visit.userAgent, visit.datetime);
    if (!url) {
      // An expired or used-up link says so (410), so that its owner or a script knows it existed.
      const refusal = await ctx.links.refusal(visit.shortCode);
      if (refusal !== null && refusal !== 'unknown') throw new LinkGoneError(refusal);
      throw new LinkNotFoundError();
    }
    // Unlike /r, the API answers once the visit is stored, so a reader sees it at once.
    await ctx.links.flush();
    const link = await ctx.store.getBy('dynaLinks', 'short_code', visit.shortCode);
    if (!link) throw new LinkNotFoundError();
    return { _id: link._id, url: link.url, shortCode: link.shortCode, visitCount: link.visitCount, createdAt: link.createdAt, updatedAt: link.updatedAt };
  });

  serveUnparsed(app, OPERATIONS.visitDynaLink, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw new LinkNotFoundError();
    const visit = parse(VisitSchema, request.body ?? {});
    const found = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query('SELECT id FROM dyna_links WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) return false;
      await tx.query('INSERT INTO dyna_link_visits (link_id, datetime, user_agent) VALUES ($1, $2, $3)', [id, visit.datetime, visit.userAgent]);
      await ctx.store.bump('dynaLinks', id, 'visitCount', 1, tx);
      return true;
    });
    if (!found) throw new LinkNotFoundError();
    ctx.links.invalidate();
    return reply.status(204).send();
  });

  // The visits of a link, newest first (staff): what `sortie links visits <id>` shows (issue 5).
  serve(app, OPERATIONS.dynaLinkVisits, async ({ path: { id }, query }) => {
    if (!isObjectId(id) || !(await ctx.store.get('dynaLinks', id))) throw new LinkNotFoundError();
    // Visits through /r are buffered: write them first, so the list is complete.
    await ctx.links.flush();
    const [count] = await ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM dyna_link_visits WHERE link_id = $1', [id]);
    const rows = await ctx.db.query<{ datetime: string | Date; user_agent: string }>(
      'SELECT datetime, user_agent FROM dyna_link_visits WHERE link_id = $1 ORDER BY datetime DESC, id DESC LIMIT $2 OFFSET $3',
      [id, query.limit, query.offset],
    );
    return {
      meta: { total: Number(count?.n ?? 0), limit: query.limit, offset: query.offset },
      items: rows.map((row) => ({ datetime: new Date(row.datetime).toISOString(), userAgent: row.user_agent })),
    };
  }, { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') });

  serveUnparsed(app, OPERATIONS.addShareView, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Partage introuvable.');
    const view = parse(AddViewSchema, request.body ?? {});
    const found = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query('SELECT id FROM shares WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) return false;
      await tx.query('INSERT INTO share_views (share_id, datetime, user_agent) VALUES ($1, $2, $3)', [id, new Date(ctx.now()).toISOString(), view.userAgent]);
      await ctx.store.bump('shares', id, 'viewCount', 1, tx);
      return true;
    });
    if (!found) throw notFound('Partage introuvable.');
    return reply.status(204).send();
  });
}
