import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, AVATAR_WIDTHS, MAX_IMAGE_UPLOAD_BYTES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { handleError, notFound } from '../http/errors';
import { requireRole, requireUser } from '../http/session';
import { dropUploadedAvatar } from './uploaded-avatars';
import { serve } from '../http/serve';
import { notAnImage, resizeImage } from './resize';
import { readImageFile, saveImage } from './image-files';
import { newId } from '../db/store';
import { actorOf } from '../audit/audit-log';

const TOO_LARGE = `Image trop volumineuse : ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} Mo au plus.`;
/** A variant's name: its URL never serves other bytes, so browsers and proxies keep it a year. */
const FILE_NAME = /^[0-9a-f]{24}-\d{1,5}-[0-9a-f]{16}\.(avif|webp|jpg)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Images uploaded by staff: POST /api/images/upload takes the file as the raw body
 * (Content-Type: image/…, as `fetch(url, { body: file })` sends it; sharp, not the header,
 * decides what is a picture) and answers the image
 * with every variant sharp made; GET /api/images/files/{name} serves a variant from the
 * database, the same on every node, cached for a year.
 */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A scope of its own: the picture body parser and the French 413 stay with these two routes.
  void app.register(async (scope) => {
    // Whatever the Content-Type says (curl's default is a form's), the bytes are read as they are and sharp judges them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return handleError(new AppError(TOO_LARGE, { code: 'IMAGE_TOO_LARGE', statusCode: 413 }), request, reply);
      return handleError(error, request, reply);
    });

    const staff = (request: FastifyRequest) => requireRole(ctx, request, 'staff');
    serve(
      scope,
      OPERATIONS.uploadImage,
      async ({ query, body }, { reply, guard: user }) => {
        if (!(body instanceof Uint8Array)) throw notAnImage();
        const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        if (bytes.byteLength === 0) throw notAnImage('Le fichier est vide : choisissez une image.');
        const id = newId();
        const resized = await resizeImage(bytes, id);
        const ref = await saveImage(ctx.db, ctx.store, { id, alt: query.alt, uploadedBy: user._id, resized, audit: actorOf(user) });
        return reply.status(201).send(ref);
      },
      // The role is checked before the body is read: a visitor's 10 MB are refused unread.
      { guard: staff, route: { bodyLimit: MAX_IMAGE_UPLOAD_BYTES, onRequest: async (request) => void (await staff(request)) } },
    );

    // A visitor's own picture: two small widths, the previous upload removed once replaced.
    const signedIn = (request: FastifyRequest) => requireUser(ctx, request);
    serve(
      scope,
      OPERATIONS.uploadMyAvatar,
      async ({ body }, { guard: user }) => {
        if (!(body instanceof Uint8Array)) throw notAnImage();
        const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        if (bytes.byteLength === 0) throw notAnImage('Le fichier est vide : choisissez une image.');
        const id = newId();
        const resized = await resizeImage(bytes, id, { widths: AVATAR_WIDTHS });
        const ref = await saveImage(ctx.db, ctx.store, { id, alt: `Photo de ${user.displayName}`, uploadedBy: user._id, resized });
        const widest = [...ref.variants].filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0] ?? ref.variants[0]!;
        await ctx.db.query(`UPDATE users SET data = jsonb_set(data, '{avatar}', to_jsonb($2::text)), updated_at = now() WHERE id = $1`, [user._id, widest.url]);
        await dropUploadedAvatar(ctx.db, user._id, user['avatar']);
        const updated = await ctx.users.byId(user._id);
        if (!updated) throw notFound('Compte introuvable.');
        return updated;
      },
      { guard: signedIn, route: { bodyLimit: MAX_IMAGE_UPLOAD_BYTES, onRequest: async (request) => void (await signedIn(request)) } },
    );

    serve(
      scope,
      OPERATIONS.imageFile,
      async ({ path }, { reply }) => {
        const file = FILE_NAME.test(path.name) ? await readImageFile(ctx.db, path.name) : null;
        if (!file) throw notFound('Image introuvable.');
        return reply.type(file.contentType).header('content-length', file.bytes.byteLength).send(file.bytes);
      },
      // After /api's own onSend (no-store for JSON answers): a variant's bytes never change.
      { route: { onSend: async (_request, reply, payload) => (reply.statusCode === 200 ? (reply.header('cache-control', IMMUTABLE), payload) : payload) } },
    );
  });
}
