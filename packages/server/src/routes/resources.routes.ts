import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CursorListQuerySchema, IdListSchema, isObjectId, ObjectIdSchema, RESOURCES, RESOURCE_NAMES, RESOURCE_ROUTES, type ResourceName } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, parse } from '../http/errors';
import { currentUser, requireRole, requireUser } from '../http/session';
import { serveUnparsed } from '../http/serve';
import { recordOf } from '../db/rows';
import { publicView, readsAsVisitor, RESOURCE_POLICY, viewerMatters } from '../resources/policy';
import type { Viewer } from '../resources/resource-policy';
import { missing, ResourceService } from '../services/resources.service';
import { wholeText } from '../text-parts';

const IdParams = z.object({ id: z.string() });
const FilterValue = z.string().trim().min(1).max(100);

/** Query of a generic list: pagination (offset or cursor), q and ids, plus the resource's own filters. */
function listQuerySchema(service: ResourceService, resource: ResourceName) {
  const filters: Record<string, z.ZodType> = {};
  for (const key of service.filterNames(resource)) filters[key] = (key.endsWith('Id') ? ObjectIdSchema : FilterValue).optional();
  return CursorListQuerySchema.extend({ city: FilterValue.optional(), ids: IdListSchema.optional() }).and(z.object(filters));
}

/** The role a write needs (RESOURCES[…].write); an `owner` resource needs a signed-in user, and the service checks whose record it is. */
function canWrite(ctx: AppContext, request: FastifyRequest, resource: ResourceName) {
  const rule = RESOURCES[resource].write;
  return rule === 'owner' ? requireUser(ctx, request) : requireRole(ctx, request, rule);
}

async function canRead(ctx: AppContext, request: FastifyRequest, resource: ResourceName): Promise<void> {
  if (RESOURCES[resource].read === 'staff') await requireRole(ctx, request, 'staff');
}

/**
 * GET, POST, PATCH and DELETE of every resource of core's RESOURCES, at the paths of core's
 * RESOURCE_ROUTES. Handlers check roles, parse, call the service and reply; what differs between
 * resources is declared in RESOURCE_POLICY (resources/policy.ts), never branched on here. They
 * parse the request themselves (serveUnparsed): a role is checked before the body is read, a
 * malformed id answers 404 before the body's 400, and a public list's query is parsed inside the
 * micro-cache.
 */
export function registerResourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new ResourceService(ctx);
  for (const resource of RESOURCE_NAMES) {
    const def = RESOURCES[resource];
    const policy = RESOURCE_POLICY[resource];
    const routes = RESOURCE_ROUTES[resource];
    const querySchema = listQuerySchema(service, resource);
    // Drafts, owner-only fields and a policy's hidden rows depend on who reads; other resources read the same for all.
    const matters = viewerMatters(resource);
    const listGeneric = async (request: FastifyRequest) => {
      await canRead(ctx, request, resource);
      const query = parse(querySchema, request.query);
      return service.list(resource, query, matters ? await currentUser(ctx, request) : null);
    };
    const own = policy.list?.own;
    const list = own ? (request: FastifyRequest) => own.load(ctx, request.query, (): Promise<Viewer> => currentUser(ctx, request)) : listGeneric;
    // A public list is served from the one-second cache to everyone who reads it as a visitor does, signed in or not.
    const shared = async (request: FastifyRequest) => !matters || readsAsVisitor(resource, await currentUser(ctx, request));
    serveUnparsed(app, routes.list, async (request, reply) =>
      def.read === 'public' ? ctx.cache.serve(request, reply, () => list(request), { shared: await shared(request) }) : list(request).then((body) => reply.type('application/json; charset=utf-8').send(wholeText(body))),
    );

    serveUnparsed(app, routes.get, async (request) => {
      const { id } = parse(IdParams, request.params);
      const record = await service.findOne(resource, id);
      const readOne = policy.readOne;
      if (!readOne) await canRead(ctx, request, resource);
      // A signed-in user is asked for first: 401 whether the record exists or not.
      const signedIn = readOne?.viewer === 'signedIn' ? await requireUser(ctx, request) : null;
      const absent = () => (readOne?.notFound ? notFound(readOne.notFound) : missing(resource));
      if (!record) throw absent();
      const viewer = signedIn ?? (readOne?.viewer === 'optional' || matters ? await currentUser(ctx, request) : null);
      const seen = readOne ? readOne.project(record, viewer) : record;
      // Then core's rules, the same for every resource: a draft is staff's, an owner-only field its owner's.
      const shown = seen && publicView(resource, seen, viewer);
      if (!shown) throw absent();
      return shown;
    });

    serveUnparsed(app, routes.create, async (request, reply) => {
      const user = await canWrite(ctx, request, resource);
      const input = recordOf(parse(def.input, request.body ?? {}));
      return reply.status(201).send(await service.create(resource, input, user));
    });

    serveUnparsed(app, routes.update, async (request) => {
      // Refused before anything is looked up, so a visitor learns nothing (and the session is read outside the transaction: PGlite runs one statement stream at a time).
      const user = await canWrite(ctx, request, resource);
      const { id } = parse(IdParams, request.params);
      if (!isObjectId(id)) throw notFound();
      const body = request.body ?? {};
      // Only the fields the body names: zod's partial still fills in the defaults of the others (a patch of the name would empty a tournament's players).
      const patch = Object.fromEntries(Object.entries(recordOf(parse(def.patch, body))).filter(([key]) => Object.hasOwn(body, key)));
      return service.update(resource, id, patch, user);
    });

    serveUnparsed(app, routes.remove, async (request, reply) => {
      const user = await canWrite(ctx, request, resource);
      const { id } = parse(IdParams, request.params);
      if (!isObjectId(id)) throw notFound();
      await service.remove(resource, id, user);
      return reply.status(204).send();
    });
  }
}
