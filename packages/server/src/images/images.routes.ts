import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MAX_IMAGE_UPLOAD_BYTES, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { handleError, notFound } from '../http/errors';
import { requireRole, requireUser } from '../http/session';
import { serve } from '../http/serve';
import { notAnImage } from './resize';
import { ImageService } from './images.service';

const TOO_LARGE = `Image trop volumineuse : ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} Mo au plus.`;
/** A variant's URL never serves other bytes, so browsers and proxies keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The request's bytes, unless there are none (an empty file, or no raw body at all): refused in French (422). */
function pictureBytes(body: unknown): Buffer {
  if (!(body instanceof Uint8Array)) throw notAnImage();
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (bytes.byteLength === 0) throw notAnImage('Le fichier est vide : choisissez une image.');
  return bytes;
}

/**
 * Images uploaded by staff: POST /api/images/upload takes the file in the raw body
 * (Content-Type: image/…, as `fetch(url, { body: file })` sends it; sharp, not the header,
 * decides what is a picture) and answers the image
 * with every variant sharp made; GET /api/images/files/{name} serves a variant from the
 * database, the same on every node, cached for a year.
 */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const images = new ImageService(ctx);
  // A scope of its own: the picture body parser and the French 413 stay with these two routes.
  void app.register(async (scope) => {
    // Whatever the Content-Type says (curl's default is a form's), the bytes are read untouched and sharp judges them.
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
        const ref = await images.upload(pictureBytes(body), query.alt, user);
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
      async ({ body }, { guard: user }) => images.setAvatar(pictureBytes(body), user),
      { guard: signedIn, route: { bodyLimit: MAX_IMAGE_UPLOAD_BYTES, onRequest: async (request) => void (await signedIn(request)) } },
    );

    serve(
      scope,
      OPERATIONS.imageFile,
      async ({ path }, { reply }) => {
        const file = await images.file(path.name);
        if (!file) throw notFound('Image introuvable.');
        return reply.type(file.contentType).header('content-length', file.bytes.byteLength).send(file.bytes);
      },
      // After /api's own onSend (no-store for JSON answers): a variant's bytes never change.
      { route: { onSend: async (_request, reply, payload) => (reply.statusCode === 200 ? (reply.header('cache-control', IMMUTABLE), payload) : payload) } },
    );
  });
}
