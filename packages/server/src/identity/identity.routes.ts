import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { clearSessionCookie, requireSession, sessionToken } from '../http/session';
import { changePassword, confirmPasswordReset, identityMailsSettled, requestEmailChange, requestPasswordReset, resendVerification, verifyEmail } from './identity';
import { describeDevice } from './device';

/**
 * Issue 22: e-mail verification, password reset (by link, or changed while signed in) and the
 * sessions of the signed-in account. Registered by registerAuthRoutes, inside /api.
 */
export function registerIdentityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });
  const limited = { route: perMinute(ctx.config.signInRateLimit) };
  /** A session of a browser or the CLI: an API key changes no password and ends no session. */
  const inSession = { guard: (request: FastifyRequest) => requireSession(ctx, request) };
  const closeSockets = (rooms: string[]) => {
    for (const room of rooms) ctx.io?.in(room).disconnectSockets(true);
  };
  // Mails still leaving when the server stops are written first.
  app.addHook('onClose', async () => {
    await identityMailsSettled();
  });

  serve(app, OPERATIONS.verifyEmail, async ({ body }) => verifyEmail(ctx, body.token), limited);

  serve(app, OPERATIONS.resendEmailVerification, async (_input, { guard: { user }, reply }) => {
    const answer = await resendVerification(ctx, user);
    return reply.status(202).send(answer);
  }, { ...inSession, route: perMinute(ctx.config.signInRateLimit) });

  serve(app, OPERATIONS.requestPasswordReset, async ({ body }, { reply }) => reply.status(202).send(await requestPasswordReset(ctx, body.email)), limited);

  serve(app, OPERATIONS.confirmPasswordReset, async ({ body }, { request, reply }) => {
    const { message, rooms } = await confirmPasswordReset(ctx, body);
    closeSockets(rooms);
    // This browser's session, if it had one of that account, is gone too.
    if (sessionToken(request)) clearSessionCookie(ctx, request, reply);
    return { message };
  }, limited);

  serve(app, OPERATIONS.changePassword, async ({ body }, { guard: { user, token } }) => {
    const { message, rooms } = await changePassword(ctx, user._id, body, token);
    closeSockets(rooms);
    return { message };
  }, { ...inSession, route: perMinute(ctx.config.signInRateLimit) });

  serve(app, OPERATIONS.changeEmail, async ({ body }, { guard: { user }, reply }) => reply.status(202).send(await requestEmailChange(ctx, user, body)), {
    ...inSession,
    route: perMinute(ctx.config.signInRateLimit),
  });

  serve(app, OPERATIONS.mySessions, async (_input, { guard: { user, token } }) => {
    const sessions = await ctx.users.sessionsOf(user._id, token);
    return { items: sessions.map(({ userAgent, ...session }) => ({ ...session, device: describeDevice(userAgent) })) };
  }, inSession);

  serve(app, OPERATIONS.endAllSessions, async (_input, { guard: { user }, request, reply }) => {
    const rooms = await ctx.users.endSessions(user._id);
    closeSockets(rooms);
    clearSessionCookie(ctx, request, reply);
    return { ended: rooms.length };
  }, inSession);

  serve(app, OPERATIONS.endSession, async ({ path }, { guard: { user, token }, request, reply }) => {
    const current = (await ctx.users.sessionsOf(user._id, token)).find((session) => session.current);
    const rooms = await ctx.users.endSessions(user._id, { id: path.id });
    if (!rooms.length) throw notFound('Session introuvable (déjà fermée ?).');
    closeSockets(rooms);
    if (current?.id === path.id) clearSessionCookie(ctx, request, reply);
    return { ended: rooms.length };
  }, inSession);
}
