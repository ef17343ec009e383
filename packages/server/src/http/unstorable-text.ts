import type { FastifyInstance } from 'fastify';
import { ValidationError } from '@sortie/core';

// A NUL character, or half of a UTF-16 surrogate pair: PostgreSQL stores neither in text or jsonb.
// (The NUL is the point here, not a mistake: hence the rule's exception.)
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 32;

/** Whether any string in `value` (its keys included) holds a character the database cannot store. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item, depth + 1));
}

/**
 * Refuses, with a 400 in French, a request whose query, path or JSON body holds a NUL or a lone
 * surrogate: such a string would otherwise reach PostgreSQL, which refuses it with an error the
 * client would read as a 500.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.query) || hasUnstorableText(request.params) || hasUnstorableText(request.body)) {
      throw new ValidationError('Le texte envoyé contient un caractère invalide (caractère nul ou paire UTF-16 incomplète).');
    }
  });
}
