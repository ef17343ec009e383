import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddViewSchema, HOME_PATH, isObjectId, LinkNotFoundError, OPERATIONS, pathFor, VisitSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireRole } from '../http/session';
import { serve, serveUnparsed } from '../http/serve';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/availability';
import { LinkService } from '../links/links.service';

const IdParams = z.object({ id: z.string() });

/** The short links' paths, named from core's route table as the web app's pages are: /r, and /r/ before a code. */
const SHORT_LINK_ROOT = pathFor('shortLinkRoot');
const SHORT_LINK_PREFIX = pathFor('shortLink', { shortCode: '' });

/**
 * GET /r/{shortCode} on the raw HTTP server, before Fastify: a printed poster's QR code
 * should cost a cache lookup and a 302, not a router, hooks and a reply object (measured
 * here: 20,000 redirects a second through Fastify against a bare node:http ceiling of 58,000).
 * Returns false for any other request, which Fastify then serves.
 */
export function shortLinkFastPath(ctx: AppContext): (request: IncomingMessage, response: ServerResponse) => boolean {
  const links = new LinkService(ctx);
  return (request, response) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !url.startsWith(SHORT_LINK_PREFIX)) return false;
    const end = url.search(/[?#]/);
    // A code that does not decode is a failed link: /home, as SPEC §2 says.
    const code = decodeSafely(url.slice(SHORT_LINK_PREFIX.length, end === -1 ? undefined : end).replace(/\/$/, '')) ?? '';
    if (code.includes('/')) return false;
    void links.redirectTarget(code, request.headers['user-agent'] ?? '', (error) => console.error('Lien court : lecture impossible :', error)).then(
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
  const links = new LinkService(ctx);
  app.get<{ Params: { shortCode: string } }>(`${SHORT_LINK_PREFIX}:shortCode`, async (request, reply) => {
    const location = await links.redirectTarget(request.params.shortCode, request.headers['user-agent'] ?? '', (error) => request.log.warn({ err: error }, 'short link lookup failed'));
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });
  app.get(SHORT_LINK_ROOT, (_request, reply) => reply.redirect(HOME_PATH, 302));
}

/** The link and share calls of SPEC.md §7. */
export function registerLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const links = new LinkService(ctx);

  serve(app, OPERATIONS.visitShortCode, ({ body: visit }) => links.visitByCode(visit.shortCode, visit.userAgent, visit.datetime));

  serveUnparsed(app, OPERATIONS.visitDynaLink, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    // An id that cannot be a link's is a 404 before its body is read.
    if (!isObjectId(id)) throw new LinkNotFoundError();
    await links.recordVisit(id, parse(VisitSchema, request.body ?? {}));
    return reply.status(204).send();
  });

  // The visits of a link, newest first (staff): what `sortie links visits <id>` shows (issue 5).
  serve(app, OPERATIONS.dynaLinkVisits, ({ path: { id }, query }) => links.visits(id, query), {
    guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff'),
  });

  serveUnparsed(app, OPERATIONS.addShareView, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Partage introuvable.');
    await links.recordShareView(id, parse(AddViewSchema, request.body ?? {}).userAgent);
    return reply.status(204).send();
  });
}
