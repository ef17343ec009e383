import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS, UNSTORABLE_TEXT_MESSAGE, ValidationError, hasUnstorableText } from '@sortie/core';
import type { AppContext } from '../http/context';
import { serve } from '../http/serve';
import { requireRole, requireUser } from '../http/session';
import { publicOrigin } from '../seo/public-origin';
import { StripeService, stripeSetup } from './stripe.service';

/**
 * Sortie Pro through Stripe (issue 23). Staff start a Checkout session and open the customer
 * portal; the success page asks whether its session was paid (by the signed-in account) before
 * saying anything; Stripe's webhook, its signature verified, keeps each subscription's state,
 * applying each event once; staff list the subscriptions. Without its three variables every
 * route but the status answers 503 « Paiement non configuré ».
 */
export function registerStripeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const setup = stripeSetup(ctx.config);
  const stripe = new StripeService(ctx, setup);
  const staff = (request: FastifyRequest) => requireRole(ctx, request, 'staff');
  const signedIn = (request: FastifyRequest) => requireUser(ctx, request);

  serve(app, OPERATIONS.stripeStatus, async () => ({
    configured: setup.port !== null,
    missing: setup.missing,
    contactEmail: ctx.config.contactEmail,
    webhookPath: OPERATIONS.stripeWebhook.path,
  }));

  serve(app, OPERATIONS.stripeCheckout, async (_input, { request, guard: user }) => stripe.checkout(user, publicOrigin(ctx.config, request)), { guard: staff });

  serve(app, OPERATIONS.stripeSession, async ({ path }, { guard: user }) => stripe.sessionCheck(path.id, user), { guard: signedIn });

  serve(app, OPERATIONS.stripePortal, async (_input, { request, guard: user }) => stripe.portal(user, `${publicOrigin(ctx.config, request)}/pricing`), { guard: signedIn });

  serve(app, OPERATIONS.stripeSubscriptions, async () => ({ items: await stripe.subscriptions() }), { guard: staff });

  // The webhook reads its body in bytes: the signature is over exactly what Stripe sent.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser<Buffer>('*', { parseAs: 'buffer' }, (_request, body, done) => {
      // Kept in bytes; a NUL or half a surrogate pair in its text is refused like anywhere else (400).
      done(hasUnstorableText(readJson(body)) ? new ValidationError(UNSTORABLE_TEXT_MESSAGE) : null, body);
    });
    serve(scope, OPERATIONS.stripeWebhook, async (_input, { request }) => {
      const header = request.headers['stripe-signature'];
      return stripe.webhook(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), typeof header === 'string' ? header : undefined);
    });
  });
}

/** The body's JSON, or its text when it is not JSON (its signature will refuse it). */
function readJson(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    const json: unknown = JSON.parse(text);
    return json;
  } catch {
    return text;
  }
}
