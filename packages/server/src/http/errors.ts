import { STATUS_CODES } from 'node:http';
import { AppError, AuthError, NotFoundError, ValidationError } from '@sortie/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  issues?: ReadonlyArray<{ path: string; message: string }>;
}

/** A conflict with the current state (already drawn, registration closed…). */
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(message, { code, statusCode: 409 });
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

export function errorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    const body: ErrorBody = { statusCode: error.statusCode, error: STATUS_CODES[error.statusCode] ?? 'Error', message: error.message, code: error.code };
    if (error instanceof ValidationError) body.issues = error.issues;
    return body;
  }
  // A unique index refused the write (slug, short code, e-mail already taken).
  if ((error as { code?: unknown }).code === '23505') return { statusCode: 409, error: 'Conflict', message: 'Cette valeur est déjà utilisée (slug, code ou adresse déjà pris).', code: 'ALREADY_EXISTS' };
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 429) return { statusCode: 429, error: 'Too Many Requests', message: 'Trop de tentatives : réessayez dans une minute.', code: 'RATE_LIMITED' };
  if (status >= 400 && status < 500) {
    const message = (fastifyError.code && FASTIFY_MESSAGES[fastifyError.code]) || 'Requête invalide.';
    return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, code: fastifyError.code ?? 'BAD_REQUEST' };
  }
  return { statusCode: 500, error: 'Internal Server Error', message: 'Erreur interne du serveur.', code: 'INTERNAL' };
}

/** The one error handler: a JSON body {statusCode, error, message} in French; 5xx are logged. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const body = errorBody(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  void reply.status(body.statusCode).send(body);
}
