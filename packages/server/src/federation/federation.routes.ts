import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FILE_ROUTES, hasUnstorableText, UNSTORABLE_TEXT_MESSAGE, ValidationError } from '@sortie/core';
import type { ServerConfig } from '../config';
import { serveUnparsed } from '../http/serve';
import { notFound } from '../http/errors';
import { publicOrigin } from '../seo/public-origin';
import type { FederationService } from './federation.service';

/*
 * ActivityPub on Fastify. Fedify 1.x has no Fastify integration: its routes (WebFinger, actors,
 * inboxes, followers) are registered here one by one and each request is handed to
 * `federation.fetch` as a web Request (the body kept as the bytes received, which the
 * signature's digest covers); the answer is copied back. The outbox and the event copies are
 * ours (they read our tables). Everything else of the site never reaches fedify.
 */
const AS_TYPE = 'application/activity+json; charset=utf-8';
const ID = /^[A-Za-z0-9_-]{1,100}$/;

function webRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(request.url, origin), { method: request.method, headers, body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body });
}

async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

const idOf = (params: unknown, key: string): string | null => {
  if (typeof params !== 'object' || params === null || !(key in params)) return null;
  const value: unknown = Reflect.get(params, key);
  return typeof value === 'string' && ID.test(value) ? value : null;
};

export async function registerFederationRoutes(app: FastifyInstance, config: ServerConfig, federation: FederationService): Promise<void> {
  await app.register(async (fed) => {
    // Activities come as application/activity+json or ld+json: read as bytes, for the digest.
    fed.removeAllContentTypeParsers();
    fed.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => {
      // The bytes go on as they came, but text PostgreSQL cannot store is refused as on every route.
      if (Buffer.isBuffer(body) && unstorable(body)) done(new ValidationError(UNSTORABLE_TEXT_MESSAGE), undefined);
      else done(null, body);
    });
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = publicOrigin(config, request);
      return sendResponse(reply, await federation.fetch(webRequest(request, origin), origin));
    };
    for (const route of [FILE_ROUTES.webfinger, FILE_ROUTES.nodeInfoLinks, FILE_ROUTES.nodeInfo, FILE_ROUTES.activityActor, FILE_ROUTES.activityFollowers, FILE_ROUTES.activityInbox, FILE_ROUTES.activitySharedInbox]) serveUnparsed(fed, route, forward);

    serveUnparsed(fed, FILE_ROUTES.activityOutbox, async (request, reply) => {
      const id = idOf(request.params, 'id');
      const outbox = id ? await federation.outbox(publicOrigin(config, request), id) : null;
      if (!outbox) throw notFound('Acteur introuvable.');
      return reply.type(AS_TYPE).send(outbox);
    });
    serveUnparsed(fed, FILE_ROUTES.activityEvent, async (request, reply) => {
      const id = idOf(request.params, 'id');
      const eventId = idOf(request.params, 'eventId');
      const copy = id && eventId ? await federation.eventCopy(publicOrigin(config, request), id, eventId) : null;
      if (!copy) throw notFound('Événement introuvable.');
      if (copy.gone) return reply.code(410).type(AS_TYPE).send({ '@context': 'https://www.w3.org/ns/activitystreams', id: copy.object.id, type: 'Tombstone', formerType: 'Event' });
      return reply.type(AS_TYPE).send(copy.object);
    });
  });
}

/** A NUL or a lone surrogate in an activity's text, raw or escaped in its JSON. */
function unstorable(body: Buffer): boolean {
  const text = body.toString('utf8');
  if (hasUnstorableText(text)) return true;
  try {
    return hasUnstorableText(JSON.parse(text));
  } catch {
    // Not JSON: the inbox refuses it on its own.
    return false;
  }
}
