import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { embeddablePage, embedSize, FILE_ROUTES, OPERATIONS, operationPath, type EmbeddableKind } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { errorBody, notFound } from '../http/errors';
import { serve, serveUnparsed } from '../http/serve';
import { publicOrigin } from '../seo/public-origin';
import { NotFoundError } from '@sortie/core';
import { embedLoaderScript, embedPageScript } from './embed-client';
import { allowAnyFramer } from './embed-framing';
import { blindTestPage, eventCardPage, placeAgendaPage, tournamentPage } from './embed-pages';
import { EmbedService } from './embed.service';

const HTML = 'text/html; charset=utf-8';
const SCRIPT = 'application/javascript; charset=utf-8';
const RefParams = z.object({ ref: z.string().max(100) });
const IdParams = z.object({ id: z.string().max(100) });

/** The embed page each embeddable page is shown through. */
export const embedPath = (kind: EmbeddableKind, id: string) =>
  kind === 'event' ? operationPath(FILE_ROUTES.embedEvent, { id }) : kind === 'place' ? operationPath(FILE_ROUTES.embedPlace, { ref: id }) : operationPath(FILE_ROUTES.embedTournament, { id });

/**
 * Embeds for a venue's own website (issue 35): /embed.js (the web components and the one-line
 * script), the embed pages they frame — the only answers any site may frame — with their
 * small live script, and oEmbed for the event, place and tournament pages.
 */
export function registerEmbedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const embeds = new EmbedService(ctx);
  const origin = (request: FastifyRequest) => publicOrigin(ctx.config, request);
  const missing = (reply: FastifyReply, message: string, path: string) => allowAnyFramer(reply).status(404).send(errorBody(new NotFoundError(`${message} (${path})`)));

  serveUnparsed(app, FILE_ROUTES.embedScript, async (request, reply) => reply.header('cache-control', 'public, max-age=3600').type(SCRIPT).send(embedLoaderScript(origin(request))));
  serveUnparsed(app, FILE_ROUTES.embedLiveScript, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type(SCRIPT).send(embedPageScript()));

  // A venue's every visitor loads its agenda: the one-second public cache answers a crowd of them with one read.
  serveUnparsed(app, FILE_ROUTES.embedPlace, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    allowAnyFramer(reply).header('cache-control', 'public, max-age=300');
    return ctx.cache.serve(
      request,
      reply,
      async () => {
        const agenda = params.success ? await embeds.placeAgenda(params.data.ref) : null;
        if (!agenda) throw notFound('Lieu introuvable.');
        return placeAgendaPage(agenda, origin(request));
      },
      { type: HTML },
    );
  });

  serveUnparsed(app, FILE_ROUTES.embedEvent, async (request, reply) => {
    const params = IdParams.safeParse(request.params);
    const item = params.success ? await embeds.event(params.data.id) : null;
    if (!item) return missing(reply, 'Événement introuvable.', request.url);
    return allowAnyFramer(reply).header('cache-control', 'public, max-age=300').type(HTML).send(eventCardPage(item, origin(request)));
  });

  serveUnparsed(app, FILE_ROUTES.embedTournament, async (request, reply) => {
    const params = IdParams.safeParse(request.params);
    const tournament = params.success ? await embeds.tournament(params.data.id) : null;
    if (!tournament) return missing(reply, 'Tournoi introuvable.', request.url);
    // Always the bracket as it stands: the live script follows it from there.
    return allowAnyFramer(reply).header('cache-control', 'no-cache').type(HTML).send(tournamentPage(tournament, origin(request)));
  });

  serveUnparsed(app, FILE_ROUTES.embedBlindTest, async (request, reply) => {
    const params = IdParams.safeParse(request.params);
    const blindTest = params.success ? await embeds.blindTest(params.data.id) : null;
    if (!blindTest) return missing(reply, 'Blind test introuvable.', request.url);
    return allowAnyFramer(reply).header('cache-control', 'no-cache').type(HTML).send(blindTestPage(blindTest, origin(request)));
  });

  serve(app, OPERATIONS.oembed, async ({ query }, { request, reply }) => {
    // oembed.com §2.3.5: a format the provider does not offer is 501 Not Implemented.
    if (query.format !== 'json') return reply.status(501).send({ statusCode: 501, error: 'Not Implemented', message: 'Seul le format json est proposé.' });
    const site = origin(request);
    const page = embeddablePage(query.url, site);
    const title = page ? await embeds.titleOf(page.kind, page.id) : null;
    if (!page || !title) throw notFound('Aucune page de Sortie à intégrer à cette adresse.');
    const { width, height } = embedSize(query);
    const src = `${site}${embedPath(page.kind, page.id)}`;
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return reply.header('cache-control', 'public, max-age=300').send({
      type: 'rich',
      version: '1.0',
      title,
      provider_name: 'Sortie',
      provider_url: `${site}/`,
      html: `<iframe src="${escape(src)}" width="${width}" height="${height}" title="${escape(title)}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
      width,
      height,
    });
  });
}
