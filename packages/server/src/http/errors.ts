import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { AppError, AuthError, NotFoundError, ValidationError } from '@sortie/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/availability';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  issues?: ReadonlyArray<{ path: string; message: string }>;
  /** On a 503 because of the database: says so (what GET /api/health answers then). */
  database?: 'down';
  /** On a 5xx: the id the server logged the failure under (also in the x-request-id header). */
  requestId?: string;
}

/** A conflict with the current state (already drawn, registration closed…). */
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(message, { code, statusCode: 409 });
  }
}

/**
 * 503 in French: an integration (Stripe, Instagram, Bright Data) has no variables on this server.
 * That is how a server is until its operator configures it, not a failure: not logged, and
 * nothing to retry in a moment.
 */
export class NotConfiguredError extends AppError {
  constructor(message: string, code = 'NOT_CONFIGURED') {
    super(message, { code, statusCode: 503 });
  }
}

/** 502 in French: the service answered, and refused. */
export class UpstreamError extends AppError {
  constructor(message: string) {
    super(message, { code: 'UPSTREAM_REFUSED', statusCode: 502 });
  }
}

export const notFound = (what = 'Ressource introuvable.') => new NotFoundError(what);
export const unauthenticated = () => new AuthError('Connexion requise.');
export const forbidden = (message = 'Accès refusé.') => new AuthError(message, { code: 'FORBIDDEN', statusCode: 403 });

/** Parses input with a core schema; a failure becomes a 400 with one French message per field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what = 'Requête invalide.'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = issues[0];
  throw new ValidationError(first ? `${what} ${first.path ? `${first.path} : ` : ''}${first.message}` : what, issues);
}

// Fastify's own refusals, in French.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corps JSON invalide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corps JSON vide.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge : envoyez du JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Corps de la requête trop volumineux.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Longueur de contenu invalide.',
  FST_ERR_CTP_INVALID_TYPE: 'Type de contenu invalide.',
  FST_ERR_VALIDATION: 'Requête invalide.',
};

/** A property of something thrown (an Error, a driver's error, anything), unknown until checked. */
const propertyOf = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);

export function errorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    const body: ErrorBody = { statusCode: error.statusCode, error: STATUS_CODES[error.statusCode] ?? 'Error', message: error.message, code: error.code };
    if (error instanceof ValidationError) body.issues = error.issues;
    if (error instanceof DatabaseUnavailableError) body.database = 'down';
    return body;
  }
  // The database restarting, unreachable or unable to write (disk full): a 503 the client may retry.
  if (hasSqlState(error) && isDatabaseUnavailable(error)) return errorBody(new DatabaseUnavailableError(error));
  // A unique index refused the write (slug, short code, e-mail already taken).
  const code = propertyOf(error, 'code');
  if (code === '23505') return { statusCode: 409, error: 'Conflict', message: 'Cette valeur est déjà utilisée (slug, code ou adresse déjà pris).', code: 'ALREADY_EXISTS' };
  // Fastify's own errors (FastifyError): a status and a code.
  const statusCode = propertyOf(error, 'statusCode');
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (status === 429) return { statusCode: 429, error: 'Too Many Requests', message: 'Trop de tentatives : réessayez dans une minute.', code: 'RATE_LIMITED' };
  if (status >= 400 && status < 500) {
    const fastifyCode = typeof code === 'string' ? code : null;
    const message = (fastifyCode && FASTIFY_MESSAGES[fastifyCode]) || 'Requête invalide.';
    return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, code: fastifyCode ?? 'BAD_REQUEST' };
  }
  return { statusCode: 500, error: 'Internal Server Error', message: 'Erreur interne du serveur.', code: 'INTERNAL' };
}

const hasSqlState = (error: unknown): boolean => {
  const code = propertyOf(error, 'code');
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

// Fastify numbers requests from 1 in each process: the prefix tells this process's apart from
// another node's, or from the same node's before a restart.
const PROCESS_TAG = randomBytes(4).toString('hex');

/** The id a request's failure is logged under and its answer carries. */
export const requestId = (request: FastifyRequest): string => `${PROCESS_TAG}-${request.id}`;

/** Whether Fastify's logger writes errors (it is silent unless SORTIE_LOG=1). */
const loggerWritesErrors = (request: FastifyRequest): boolean => {
  // A logger given to Fastify may have no level at all.
  const level: unknown = request.log.level;
  return typeof level === 'string' && level !== 'silent' && level !== 'fatal';
};

/**
 * A server error, always logged whatever the log setting: one JSON line with the request id
 * the answer carries, its route and the error (through Fastify's logger when it writes, on
 * stderr otherwise).
 */
export function logServerError(error: unknown, request: FastifyRequest, statusCode: number): void {
  const id = requestId(request);
  if (loggerWritesErrors(request)) {
    request.log.error({ requestId: id, statusCode, err: error }, 'request failed');
    return;
  }
  const [name, message, code, stack, cause] = ['name', 'message', 'code', 'stack', 'cause'].map((key) => propertyOf(error, key));
  const causeCode = propertyOf(cause, 'code');
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      msg: 'request failed',
      requestId: id,
      method: request.method,
      url: request.url.split('?')[0],
      statusCode,
      err: {
        type: typeof name === 'string' ? name : typeof error,
        message: typeof message === 'string' ? message : String(error),
        ...(typeof code === 'string' ? { code } : {}),
        ...(cause && typeof cause === 'object' ? { cause: { message: String(propertyOf(cause, 'message') ?? cause), ...(typeof causeCode === 'string' ? { code: causeCode } : {}) } } : {}),
        // Only a bug's stack says something: a 5xx the server answers on purpose (the database
        // out, a service's refusal) is the same from wherever it is thrown.
        ...(typeof stack === 'string' && !(error instanceof AppError) ? { stack } : {}),
      },
    }),
  );
}

/**
 * The one error handler: a JSON body {statusCode, error, message} in French. Every answer it
 * gives carries the request id (x-request-id); a 5xx is logged under it and names it in its body.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const body = errorBody(error);
  const id = requestId(request);
  void reply.header('x-request-id', id);
  if (body.statusCode >= 500 && !(error instanceof NotConfiguredError)) {
    logServerError(error, request, body.statusCode);
    body.requestId = id;
    // Worth retrying in a moment (the database restarting, the server stopping).
    if (body.statusCode === 503) void reply.header('retry-after', '1');
  }
  void reply.status(body.statusCode).send(body);
}
