import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INSTAGRAM_VARIABLES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { requireRole } from '../http/session';
import { publicOrigin } from '../seo/public-origin';
import { instagramFromConfig } from './graph-adapter';
import type { InstagramPort } from './port';
import { InstagramService } from './instagram.service';

/**
 * /dashboard/instagram (issue 23): staff see the coming events with a caption ready, download the
 * designer's square visual and, when INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_USER_ID are set,
 * publish it to the venue's professional account; every attempt, published or refused, is kept
 * in the history (/dashboard/instagram/index_old). `port` replaces the Graph API in tests.
 */
export function registerInstagramRoutes(app: FastifyInstance, ctx: AppContext, port: InstagramPort | null = instagramFromConfig(ctx.config)): void {
  const staff = { guard: (request: FastifyRequest) => requireRole(ctx, request, 'staff') };
  const variables = () => INSTAGRAM_VARIABLES.map((v) => ({ ...v, set: Boolean(v.name === 'INSTAGRAM_ACCESS_TOKEN' ? ctx.config.instagram.accessToken : ctx.config.instagram.userId) }));
  const instagram = new InstagramService(ctx, port);

  serve(app, OPERATIONS.instagramStatus, async (_input, { request }) => {
    const origin = publicOrigin(ctx.config, request);
    // Instagram's servers fetch the visual themselves: an address they cannot reach fails every publication.
    const warning = port && !ctx.config.publicUrl ? `SORTIE_PUBLIC_URL n’est pas défini : Instagram lira les visuels à ${origin}, une adresse qu’il doit pouvoir joindre depuis Internet.` : null;
    return { configured: port !== null, variables: variables(), events: await instagram.upcoming(origin), warning };
  }, staff);

  serve(app, OPERATIONS.instagramPublish, async ({ path: { id }, body }, { request, guard: user }) =>
    instagram.publish({ eventId: id, caption: body.caption, origin: publicOrigin(ctx.config, request), user }), staff);

  serve(app, OPERATIONS.instagramVisual, async ({ path: { token } }, { reply }) => {
    const bytes = await instagram.visual(token);
    if (!bytes) throw notFound('Visuel introuvable.');
    return reply.type('image/jpeg').header('content-length', bytes.byteLength).send(bytes);
  });

  serve(app, OPERATIONS.instagramPublications, async () => ({ items: await instagram.history() }), staff);
}
