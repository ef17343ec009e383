import type { FastifyInstance } from 'fastify';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE, ValidationError } from '@sortie/core';

// The check is core's (its operation schemas refuse the same text); kept here for what no schema reads.
export { hasUnstorableText };

/**
 * Refuses, with a 400 in French, a request whose query, path or JSON body holds a NUL or a lone
 * surrogate, whatever the route (those parsed without an operation's schema included): such a
 * string would otherwise reach PostgreSQL, which refuses it with an error read as a 500.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.query) || hasUnstorableText(request.params) || hasUnstorableText(request.body)) {
      throw new ValidationError(UNSTORABLE_TEXT_MESSAGE);
    }
  });
}
