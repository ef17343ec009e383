import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, OPERATIONS, UNSTORABLE_TEXT_MESSAGE, ValidationError, hasUnstorableText, STRIPE_NOT_CONFIGURED_MESSAGE, STRIPE_NOTHING_PAID_MESSAGE, STRIPE_VARIABLES, type StripeSessionCheck } from '@sortie/core';
import type { AppContext } from '../http/context';
import { notFound, NotConfiguredError } from '../http/errors';
import { serve } from '../http/serve';
import { requireRole, requireUser } from '../http/session';
import { publicOrigin } from '../seo/public-origin';
import type { ServerConfig } from '../config';
import { WebhookSignatureError, type StripePort } from './port';
import { StripeAdapter } from './stripe-adapter';
import { applyEvent, customerOf, findSubscription, listSubscriptions, planEvent, saveSubscription } from './subscriptions';

/** Stripe's configuration: the variables still missing, and the port when none is. */
export function stripeSetup(config: Pick<ServerConfig, 'stripe'>): { missing: string[]; port: StripePort | null; priceId: string | null } {
  const { secretKey, webhookSecret, priceId, apiBase } = config.stripe;
  const values: Record<string, string | null> = { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId };
  const missing = STRIPE_VARIABLES.map((variable) => variable.name).filter((name) => !values[name]);
  const port = missing.length === 0 ? new StripeAdapter({ secretKey: secretKey!, webhookSecret: webhookSecret!, apiBase }) : null;
  return { missing, port, priceId };
}

export class PaymentNotConfiguredError extends NotConfiguredError {
  constructor() {
    super(STRIPE_NOT_CONFIGURED_MESSAGE, 'PAYMENT_NOT_CONFIGURED');
  }
}

/** A Stripe session id as Stripe writes them; anything else is not asked for (and was not paid). */
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,200}$/;
const nothingPaid: StripeSessionCheck = { paid: false, message: STRIPE_NOTHING_PAID_MESSAGE };

/** Stripe unreachable or refusing the key: a 502 in French, the cause in the log. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('Stripe n’a pas pu traiter la demande : réessayez dans un instant.', { code: 'STRIPE_FAILED', statusCode: 502, cause: error });
  }
}

/**
 * Sortie Pro through Stripe (issue 23). Staff start a Checkout session and open the customer
 * portal; the success page asks whether its session was paid (by the signed-in account) before
 * saying anything; Stripe's webhook, its signature verified, keeps each subscription's state,
 * applying each event once; staff list the subscriptions. Without its three variables every
 * route but the status answers 503 « Paiement non configuré ».
 */
export function registerStripeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { missing, port, priceId } = stripeSetup(ctx.config);
  const configured = (): StripePort => {
    if (!port) throw new PaymentNotConfiguredError();
    return port;
  };
  const staff = (request: FastifyRequest) => requireRole(ctx, request, 'staff');
  const signedIn = (request: FastifyRequest) => requireUser(ctx, request);

  serve(app, OPERATIONS.stripeStatus, async () => ({
    configured: port !== null,
    missing,
    contactEmail: ctx.config.contactEmail,
    webhookPath: OPERATIONS.stripeWebhook.path,
  }));

  serve(
    app,
    OPERATIONS.stripeCheckout,
    async (_input, { request, guard: user }) => {
      const stripe = configured();
      const origin = publicOrigin(ctx.config, request);
      const customerId = await customerOf(ctx.db, user._id as string);
      const session = await callStripe(() =>
        stripe.createCheckoutSession({
          user: { id: user._id as string, email: user.email || null },
          priceId: priceId!,
          successUrl: `${origin}/stripe/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/stripe/cancel`,
          customerId,
        }),
      );
      if (!session.url) throw new AppError('Stripe n’a pas donné de page de paiement : réessayez.', { code: 'STRIPE_FAILED', statusCode: 502 });
      return { url: session.url };
    },
    { guard: staff },
  );

  serve(
    app,
    OPERATIONS.stripeSession,
    async ({ path }, { guard: user }) => {
      const stripe = configured();
      if (!SESSION_ID.test(path.id)) return nothingPaid;
      const session = await callStripe(() => stripe.retrieveCheckoutSession(path.id));
      // Unknown, someone else's, unpaid or still open: the page says nothing was paid.
      if (!session || session.clientReferenceId !== user._id || session.status !== 'complete' || session.paymentStatus !== 'paid') return nothingPaid;
      if (!session.subscriptionId) return { paid: true, subscription: null };
      const subscription = await callStripe(() => stripe.retrieveSubscription(session.subscriptionId!));
      if (!subscription) return { paid: true, subscription: null };
      await ctx.db.transaction((tx) => saveSubscription(tx, subscription, { userId: user._id as string, checkoutSessionId: session.id, eventAt: null, now: ctx.now() }));
      return { paid: true, subscription: await findSubscription(ctx.db, subscription.id) };
    },
    { guard: signedIn },
  );

  serve(
    app,
    OPERATIONS.stripePortal,
    async (_input, { request, guard: user }) => {
      const stripe = configured();
      const customerId = await customerOf(ctx.db, user._id as string);
      if (!customerId) throw notFound('Aucun abonnement Stripe n’est lié à ce compte.');
      return callStripe(() => stripe.createPortalSession(customerId, `${publicOrigin(ctx.config, request)}/pricing`));
    },
    { guard: signedIn },
  );

  serve(
    app,
    OPERATIONS.stripeSubscriptions,
    async () => {
      configured();
      return { items: await listSubscriptions(ctx.db) };
    },
    { guard: staff },
  );

  // The webhook reads its body as bytes: the signature is over exactly what Stripe sent.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      // Kept as bytes; a NUL or half a surrogate pair in its text is refused like anywhere else (400).
      done(hasUnstorableText(readJson(body as Buffer)) ? new ValidationError(UNSTORABLE_TEXT_MESSAGE) : null, body);
    });
    serve(scope, OPERATIONS.stripeWebhook, async (_input, { request }) => {
      const stripe = configured();
      const event = verify(stripe, request);
      const plan = await callStripe(() => planEvent(stripe, event));
      const applied = await applyEvent(ctx.db, event, plan, ctx.now());
      return { received: true as const, applied };
    });
  });
}

function verify(stripe: StripePort, request: FastifyRequest) {
  const header = request.headers['stripe-signature'];
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  try {
    return stripe.verifyWebhook(body, typeof header === 'string' ? header : undefined);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError(`Webhook refusé : ${error.message}`, { code: 'BAD_SIGNATURE', statusCode: 400 });
    throw error;
  }
}

/** The body's JSON, or its text when it is not JSON (its signature will refuse it). */
function readJson(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
