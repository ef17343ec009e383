import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OPERATIONS, isObjectId, slugify } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import { publicOrigin } from '../seo/public-origin';
import { coverJpeg, loadEvent, loadPlaceWeek, loadTournament, loadTournamentRecord } from './content';
import { EVENT_SQUARE_COVER, eventImage, IMAGE_FORMATS, PREVIEW_COVER, placeWeekImage, tournamentImage } from './images';
import { eventPoster, placeWeekPoster, POSTER_COVER_RATIO, tournamentPoster } from './pdf';
import { bracketPoster } from './bracket-pdf';
import { ensureShortLink, findShortLink } from './short-link';

/** A file name from a title: « affiche-soiree-mario-kart-a4.pdf ». */
export function fileName(title: string, suffix: string): string {
  const slug = slugify(title);
  return `${slug || 'visuel'}-${suffix}`;
}

/** `?download=1` beside an operation's own query: the file comes as an attachment rather than inline. */
const DownloadQuerySchema = z.object({ download: z.literal('1') });

/** Link previews kept in memory (by event and version), dropped with the public caches on any write. */
const PREVIEW_CACHE_SIZE = 100;

/**
 * The designer (issue 23): staff download an event's poster (A4/A3 PDF), its Instagram square
 * and story and its link preview (PNG), a place's week, a tournament's poster and its bracket, each with
 * the QR code of a short link (made on first use); anyone gets a published event's link preview
 * at /api/og/events/{id}.png, the page's og:image when it has no cover.
 */
export function registerDesignerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = (request: FastifyRequest) => requireRole(ctx, request, 'staff');
  const link = (request: FastifyRequest, path: string, userId: string) => {
    const origin = publicOrigin(ctx.config, request);
    return ensureShortLink(ctx, origin, `${origin}${path}`, userId);
  };
  const send = (reply: FastifyReply, type: 'application/pdf' | 'image/png', name: string, bytes: Uint8Array, download: boolean) =>
    reply
      .type(type)
      .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name}"`)
      .header('content-length', bytes.byteLength)
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const download = (request: FastifyRequest) => DownloadQuerySchema.safeParse(request.query).success;

  serve(
    app,
    OPERATIONS.designerEventLink,
    async ({ path }, { request, guard: user }) => {
      const event = await loadEvent(ctx, path.id);
      return link(request, event.path, user._id);
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerEventPoster,
    async ({ path, query }, { request, reply, guard: user }) => {
      const event = await loadEvent(ctx, path.id);
      const short = await link(request, event.path, user._id);
      const cover = await coverJpeg(ctx, event.cover, 1600, Math.round(1600 / POSTER_COVER_RATIO));
      const pdf = await eventPoster(query.size, event, cover, short.url);
      return send(reply, 'application/pdf', fileName(`affiche ${event.title}`, `${query.size.toLowerCase()}.pdf`), pdf, download(request));
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerEventImage,
    async ({ path, query }, { request, reply, guard: user }) => {
      const event = await loadEvent(ctx, path.id);
      const short = await link(request, event.path, user._id);
      const { width, height } = IMAGE_FORMATS[query.format];
      const cover = await coverJpeg(ctx, event.cover, query.format === 'preview' ? PREVIEW_COVER : width, query.format === 'preview' ? height : query.format === 'story' ? 880 : EVENT_SQUARE_COVER);
      const png = await eventImage(query.format, event, cover, short.url);
      return send(reply, 'image/png', fileName(event.title, `${query.format}.png`), png, download(request));
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerPlaceWeekImage,
    async ({ path }, { request, reply, guard: user }) => {
      const week = await loadPlaceWeek(ctx, path.id);
      const short = await link(request, week.path, user._id);
      return send(reply, 'image/png', fileName(`${week.name} semaine`, 'square.png'), await placeWeekImage(week, short.url), download(request));
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerPlaceWeekPoster,
    async ({ path }, { request, reply, guard: user }) => {
      const week = await loadPlaceWeek(ctx, path.id);
      const short = await link(request, week.path, user._id);
      return send(reply, 'application/pdf', fileName(`${week.name} semaine`, 'a4.pdf'), await placeWeekPoster(week, short.url), download(request));
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerTournamentPoster,
    async ({ path, query }, { request, reply, guard: user }) => {
      const tournament = await loadTournament(ctx, path.id);
      const short = await link(request, tournament.path, user._id);
      return send(reply, 'application/pdf', fileName(`affiche ${tournament.name}`, `${query.size.toLowerCase()}.pdf`), await tournamentPoster(query.size, tournament, short.url), download(request));
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerTournamentImage,
    async ({ path }, { request, reply, guard: user }) => {
      const tournament = await loadTournament(ctx, path.id);
      const short = await link(request, tournament.path, user._id);
      return send(reply, 'image/png', fileName(tournament.name, 'square.png'), await tournamentImage(tournament, short.url), download(request));
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.designerTournamentBracket,
    async ({ path, query }, { request, reply, guard: user }) => {
      const content = await loadTournament(ctx, path.id);
      const tournament = await loadTournamentRecord(ctx, path.id);
      const short = await link(request, content.path, user._id);
      return send(reply, 'application/pdf', fileName(`tableau ${content.name}`, `${query.size.toLowerCase()}.pdf`), await bracketPoster(query.size, content, tournament, short.url), download(request));
    },
    { guard: staff },
  );

  // The link preview: its own scope, so that its cache header follows /api's « no-store ».
  const previews = new Map<string, Buffer>();
  ctx.cache.onClear(() => previews.clear());
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=3600');
    });
    serve(scope, OPERATIONS.eventPreviewImage, async ({ path }, { request, reply }) => {
      const event = isObjectId(path.id) ? await loadEvent(ctx, path.id).catch(() => null) : null;
      // Drafts and cancelled events have no public preview.
      if (!event || event.status !== 'published') throw notFound('Événement introuvable.');
      const origin = publicOrigin(ctx.config, request);
      const key = `${origin} ${event.id} ${event.updatedAt}`;
      let png = previews.get(key);
      if (!png) {
        // A public read makes no link: the QR code's address is printed only when staff made one.
        const short = await findShortLink(ctx, origin, `${origin}${event.path}`);
        const cover = await coverJpeg(ctx, event.cover, PREVIEW_COVER, IMAGE_FORMATS.preview.height);
        png = await eventImage('preview', event, cover, short?.url ?? null);
        if (previews.size >= PREVIEW_CACHE_SIZE) previews.delete(previews.keys().next().value!);
        previews.set(key, png);
      }
      return reply.type('image/png').header('content-length', png.byteLength).send(png);
    });
  });
}
