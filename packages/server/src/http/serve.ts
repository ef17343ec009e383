import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Operation, OperationRoute } from '@sortie/core';
import { parse } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name of the row of core's operation table the route was registered from (serve, serveUnparsed). */
    operation?: string;
  }
}

/** The route's options with its row's name in its config, beside a rate limit's: app.ts lists it, and the contract test checks that every route has one. */
const fromTable = (operation: OperationRoute, route: RouteShorthandOptions = {}) => ({ ...route, config: { ...route.config, operation: operation.name } });

export interface Parsed<O extends Operation> {
  path: z.output<O['params']['path']>;
  query: z.output<O['params']['query']>;
  body: z.output<O['params']['body']>;
}

export interface ServeOptions<G> {
  /** Runs before anything is parsed (a session check), so a visitor gets 401 before a 400; its result reaches the handler. */
  guard?: (request: FastifyRequest) => Promise<G>;
  /** Fastify route options (rate limit, …). */
  route?: RouteShorthandOptions;
}

/** What `schema` makes of no value at all when it accepts none (an operation without a body), else null. */
function whenAbsent<S extends z.ZodType>(schema: S): { value: z.output<S> } | null {
  const result = schema.safeParse(undefined);
  return result.success ? { value: result.data } : null;
}

type Handler<O extends Operation, G> = (input: Parsed<O>, context: { request: FastifyRequest; reply: FastifyReply; guard: G }) => Promise<unknown>;

/**
 * Registers `operation` of core's OPERATIONS: method and path from the table, path, query and
 * body parsed with its schemas (a 400 in French on a mismatch), then the handler. With a guard,
 * the handler receives what it answered; without one, undefined.
 */
export function serve<O extends Operation, G>(app: FastifyInstance, operation: O, handler: Handler<O, G>, options: ServeOptions<G> & { guard: (request: FastifyRequest) => Promise<G> }): void;
export function serve<O extends Operation>(app: FastifyInstance, operation: O, handler: Handler<O, undefined>, options?: ServeOptions<undefined> & { guard?: undefined }): void;
export function serve<O extends Operation, G>(app: FastifyInstance, operation: O, handler: Handler<O, G | undefined>, options: ServeOptions<G> = {}): void {
  app.route({
    ...fromTable(operation, options.route),
    method: operation.method,
    url: operation.path,
    handler: async (request, reply) => {
      const guard = options.guard ? await options.guard(request) : undefined;
      const { path, query, body } = operation.params;
      // No body declared: whatever was sent is ignored, as before the table.
      const noBody = whenAbsent<O['params']['body']>(body);
      const input: Parsed<O> = {
        path: parse<O['params']['path']>(path, request.params ?? {}),
        query: parse<O['params']['query']>(query, request.query ?? {}),
        body: noBody ? noBody.value : parse<O['params']['body']>(body, request.body ?? {}),
      };
      return handler(input, { request, reply, guard });
    },
  });
}

/**
 * Registers `operation`'s method and path from core's table for a handler that parses the
 * request itself, where serve's order (path, query, body, then the handler) would change what a
 * caller sees: an unknown id's 404 before the rate limit and the body's 400, a body read in two
 * shapes, a query parsed inside the micro-cache; and for the rows that have no schemas (core's
 * RESOURCE_ROUTES, whose schemas are RESOURCES', and FILE_ROUTES, files rather than JSON).
 */
export function serveUnparsed(app: FastifyInstance, operation: OperationRoute, handler: RouteHandlerMethod, route: RouteShorthandOptions = {}): void {
  app.route({ ...fromTable(operation, route), method: operation.method, url: operation.path, handler });
}
