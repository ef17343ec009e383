import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_EXPORT_FILENAME, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { forbidden } from '../http/errors';
import { serve } from '../http/serve';
import { apiKeyIdentity } from '../http/api-key-gate';
import { clearSessionCookie, requireUser, sessionToken } from '../http/session';
import { PrivacyService } from './privacy.service';

/**
 * /api/me/export and DELETE /api/me (RGPD articles 15, 17 and 20). A session only: an API key
 * never copies nor deletes the account of the person who made it.
 */
export function registerPrivacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const privacy = new PrivacyService(ctx);
  const withSession = {
    guard: async (request: FastifyRequest) => {
      if (apiKeyIdentity(request)) throw forbidden('Cette action demande une session : elle n’est pas ouverte aux clés d’API.');
      return requireUser(ctx, request);
    },
  };

  serve(
    app,
    OPERATIONS.exportMyData,
    async (_input, { guard: user, reply }) => {
      const body = JSON.stringify(await privacy.export(user), null, 2);
      return reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`).send(body);
    },
    withSession,
  );

  serve(
    app,
    OPERATIONS.deleteMyAccount,
    async ({ body }, { guard: user, request, reply }) => {
      await privacy.deleteAccount(user, { password: body?.password, sessionToken: sessionToken(request) });
      clearSessionCookie(ctx, request, reply);
      return reply.status(204).send();
    },
    // A password is tried here: as many tries as at sign-in.
    { ...withSession, route: { config: { rateLimit: { max: ctx.config.signInRateLimit, timeWindow: '1 minute' } } } },
  );
}
