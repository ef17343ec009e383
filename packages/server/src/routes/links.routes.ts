import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AddViewSchema, HOME_PATH, isObjectId, LinkNotFoundError, OPERATIONS, pathFor, VisitSchema } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { requireRole } from '../http/session';
import { serve, serveUnparsed } from '../http/serve';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/availability';
import { LinkService, type RedirectOutcome } from '../links/links.service';
import { gonePage, passwordPage, stoppingPage, waitPage } from '../links/link-pages';
import { isObject } from '../unknown-value';

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
    // What the visit tells is read when the buffer is written: here only the raw headers are kept.
    const qr = end !== -1 && QR_MARK.test(url.slice(end));
    const visit = { userAgent: request.headers['user-agent'] ?? '', referrer: request.headers.referer, qr };
    // A link memory knows is answered without a promise: its 302 once the visit is stored.
    if (links.redirectNow(code, visit, (location) => redirectTo(response, location))) return true;
    void links.redirect(code, visit, (error) => console.error('Lien court : lecture impossible :', error)).then(
      (outcome) => {
        if (outcome.kind === 'redirect') {
          redirectTo(response, outcome.location);
          return;
        }
        const { status, html, headers } = outcomePage(outcome);
        const body = Buffer.from(html);
        response.writeHead(status, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(body.length) });
        response.end(body);
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

function redirectTo(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': '0' });
  response.end();
}

/** `?q` (or `&q`, `q=…`): the visit came from a QR code (the designer's and the tools' codes add it). */
const QR_MARK = /[?&]q(?:[=&#]|$)/;

/** A page /r answers instead of a redirect: its status, its HTML, and its headers. */
function outcomePage(outcome: Exclude<RedirectOutcome, { kind: 'redirect' }>): { status: number; html: string; headers: Record<string, string> } {
  switch (outcome.kind) {
    case 'password':
      return { status: outcome.error ? 401 : 200, html: passwordPage(outcome.error, outcome.referrer), headers: {} };
    case 'wait':
      return { status: 429, html: waitPage(outcome.seconds), headers: { 'retry-after': String(outcome.seconds) } };
    case 'gone':
      return { status: 410, html: gonePage(outcome.refusal), headers: {} };
    case 'page':
      return { status: 200, html: outcome.html, headers: {} };
    case 'stopping':
      // The client goes again on a new connection: to another node, or here once restarted.
      return { status: 503, html: stoppingPage(), headers: { 'retry-after': '1', connection: 'close' } };
  }
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
  const answer = async (request: FastifyRequest<{ Params: { shortCode: string } }>, reply: FastifyReply, form?: { password: string; referrer: string | undefined }) => {
    const outcome = await links.redirect(
      request.params.shortCode,
      {
        userAgent: request.headers['user-agent'] ?? '',
        // The form's post comes from its own page: the referrer is the one the page was opened from.
        referrer: form ? form.referrer : request.headers.referer,
        qr: QR_MARK.test(request.url),
        // A HEAD is a link checker or a preview: answered alike, counted as a bot.
        head: request.method === 'HEAD',
        ip: request.ip,
        ...(form ? { password: form.password } : {}),
      },
      (error) => request.log.warn({ err: error }, 'short link lookup failed'),
    );
    reply.header('cache-control', 'no-store');
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 302);
    const { status, html, headers } = outcomePage(outcome);
    return reply.status(status).headers(headers).type('text/html; charset=utf-8').send(html);
  };
  app.get<{ Params: { shortCode: string } }>(`${SHORT_LINK_PREFIX}:shortCode`, (request, reply) => answer(request, reply));
  // The password page's form posts `password` here (issue 36); its own parser, for this route only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    scope.post<{ Params: { shortCode: string } }>(`${SHORT_LINK_PREFIX}:shortCode`, (request, reply) => {
      const body = isObject(request.body) ? request.body : {};
      const text = (key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
      return answer(request, reply, { password: (text('password') ?? '').slice(0, 200), referrer: text('ref') ?? request.headers.referer });
    });
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

  // A link's statistics (staff, issue 36): visits by day, referrers, devices.
  serve(app, OPERATIONS.dynaLinkStats, ({ path: { id }, query }) => links.stats(id, query), {
    guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff'),
  });

  serveUnparsed(app, OPERATIONS.addShareView, async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    if (!isObjectId(id)) throw notFound('Partage introuvable.');
    await links.recordShareView(id, parse(AddViewSchema, request.body ?? {}).userAgent);
    return reply.status(204).send();
  });
}
