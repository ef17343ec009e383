import type { FastifyInstance } from 'fastify';
import { AuthError, OPERATIONS } from '@sortie/core';
import type { AppContext } from '../http/context';
import { unauthenticated } from '../http/errors';
import { serve } from '../http/serve';
import { clearSessionCookie, currentUser, deviceId, sessionToken, setSessionCookie } from '../http/session';
import { sessionRoom } from '../socket/handshake-user';
import { registerIdentityRoutes } from '../identity/identity.routes';
import { mailSignInLock, sendVerificationLink } from '../identity/identity';
import { countSignInFailure, forgetSignInFailures, refuseWhileLocked } from '../identity/sign-in-lock';
import { RoleService } from '../services/roles.service';
import { recordMessagingDevice } from '../push/messaging-devices';

/** The embedded identity provider (sign-up, sign-in → idToken) and the session (SPEC.md §7). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const roles = new RoleService(ctx);
  const limited = { route: { config: { rateLimit: { max: ctx.config.signInRateLimit, timeWindow: '1 minute' } } } };

  serve(app, OPERATIONS.signUp, async ({ body: input }, { reply }) => {
    // Nobody has proven the address yet: a one-time link goes to it (issue 22).
    const user = await ctx.users.create({ email: input.email, password: input.password, displayName: input.displayName ?? input.email.split('@')[0]!, emailVerified: false });
    await sendVerificationLink(ctx, user);
    return reply.status(201).send({ idToken: await ctx.tokens.issue({ id: user._id, email: user.email, displayName: user.displayName }) });
  }, limited);

  // Limited per address (above), and per account (issue 30): wrong passwords from any addresses suspend the account's sign-ins a while.
  serve(app, OPERATIONS.signIn, async ({ body: input }, { reply }) => {
    await refuseWhileLocked(ctx, input.email, reply);
    const user = await ctx.users.signIn(input.email, input.password).catch(async (error: unknown) => {
      if (error instanceof AuthError && error.code === 'INVALID_CREDENTIALS' && (await countSignInFailure(ctx, input.email))) mailSignInLock(ctx, input.email);
      throw error;
    });
    await forgetSignInFailures(ctx, input.email);
    return { idToken: await ctx.tokens.issue({ id: user._id, email: user.email, displayName: user.displayName }) };
  }, limited);

  serve(app, OPERATIONS.loginWeb, async ({ body: input }, { request, reply }) => {
    const identity = await ctx.tokens.verify(input.idToken);
    const account = await ctx.users.fromIdentity(identity);
    const user = { ...(await roles.grantConfiguredAdmin(account, identity)), emailVerified: account.emailVerified };
    if (input.messagingToken) await ctx.users.addMessagingToken(user._id, input.messagingToken);
    // A device that signs in again keeps its row on /account (see DEVICE_COOKIE); the token it held stops working.
    const { token, replaced } = await ctx.users.openSession(user._id, { userAgent: request.headers['user-agent'], device: deviceId(ctx, request, reply), token: sessionToken(request) });
    if (replaced) ctx.io?.in(replaced).disconnectSockets(true);
    if (input.messagingToken) await recordMessagingDevice(ctx, { userId: user._id, token: input.messagingToken, sessionToken: token, userAgent: request.headers['user-agent'] });
    setSessionCookie(ctx, request, reply, token);
    // The CLI has no cookie jar: it keeps the session token from the body. Browsers (which
    // send an Origin) only get the httpOnly cookie, so page scripts never see the token.
    return request.headers.origin ? { user } : { user, sessionToken: token };
  }, limited);

  serve(app, OPERATIONS.me, async (_input, { request }) => {
    const user = await currentUser(ctx, request);
    if (!user) throw unauthenticated();
    return user;
  });

  serve(app, OPERATIONS.logout, async (_input, { request, reply }) => {
    const token = sessionToken(request);
    if (token && token.length <= 200) {
      await ctx.users.endSession(token);
      // The session's sockets, on every node, stop receiving its pushes: closed, they come back anonymous.
      ctx.io?.in(sessionRoom(token)).disconnectSockets(true);
    }
    clearSessionCookie(ctx, request, reply);
    return { user: null };
  });

  registerIdentityRoutes(app, ctx);
}
