import { AppError, STRIPE_NOT_CONFIGURED_MESSAGE, STRIPE_NOTHING_PAID_MESSAGE, STRIPE_VARIABLES, type StripeSessionCheck, type StripeSubscription } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { ServerConfig } from '../config';
import { notFound, NotConfiguredError } from '../http/errors';
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
 * Sortie Pro through Stripe (issue 23): Checkout and the customer portal for an account, whether
 * a Checkout session was paid (by that account), the subscriptions Sortie keeps (table
 * stripe_subscriptions, subscriptions.ts) and the webhook's events, each applied once. Without
 * Stripe's three variables every call answers 503 « Paiement non configuré ».
 */
export class StripeService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'now'>,
    private readonly setup: { port: StripePort | null; priceId: string | null },
  ) {}

  /** Starts a Checkout session for `user` (keeping their Stripe customer if they have one); answers the page where they pay. */
  async checkout(user: UserJson, origin: string): Promise<{ url: string }> {
    const { stripe, priceId } = this.configured();
    const customerId = await customerOf(this.ctx.db, user._id);
    const session = await callStripe(() =>
      stripe.createCheckoutSession({
        user: { id: user._id, email: user.email || null },
        priceId,
        successUrl: `${origin}/stripe/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/stripe/cancel`,
        customerId,
      }),
    );
    if (!session.url) throw new AppError('Stripe n’a pas donné de page de paiement : réessayez.', { code: 'STRIPE_FAILED', statusCode: 502 });
    return { url: session.url };
  }

  /**
   * Whether the Checkout session `sessionId` was paid by `user`, its subscription recorded (in
   * one transaction) before the success page says so. Unknown, someone else's, unpaid or still
   * open: nothing was paid.
   */
  async sessionCheck(sessionId: string, user: UserJson): Promise<StripeSessionCheck> {
    const { stripe } = this.configured();
    if (!SESSION_ID.test(sessionId)) return nothingPaid;
    const session = await callStripe(() => stripe.retrieveCheckoutSession(sessionId));
    if (!session || session.clientReferenceId !== user._id || session.status !== 'complete' || session.paymentStatus !== 'paid') return nothingPaid;
    const { subscriptionId } = session;
    if (!subscriptionId) return { paid: true, subscription: null };
    const subscription = await callStripe(() => stripe.retrieveSubscription(subscriptionId));
    if (!subscription) return { paid: true, subscription: null };
    await this.ctx.db.transaction((tx) => saveSubscription(tx, subscription, { userId: user._id, checkoutSessionId: session.id, eventAt: null, now: this.ctx.now() }));
    return { paid: true, subscription: await findSubscription(this.ctx.db, subscription.id) };
  }

  /** The customer portal of `user`'s Stripe customer (404 when the account has none), coming back to `returnUrl`. */
  async portal(user: UserJson, returnUrl: string): Promise<{ url: string }> {
    const { stripe } = this.configured();
    const customerId = await customerOf(this.ctx.db, user._id);
    if (!customerId) throw notFound('Aucun abonnement Stripe n’est lié à ce compte.');
    return callStripe(() => stripe.createPortalSession(customerId, returnUrl));
  }

  /** Every subscription Sortie keeps, the most recently changed first. */
  async subscriptions(): Promise<StripeSubscription[]> {
    this.configured();
    return listSubscriptions(this.ctx.db);
  }

  /**
   * A webhook delivery: `rawBody` exactly as Stripe sent it, its signature checked (400 in French
   * otherwise), then the event applied once; `applied` is false for a delivery already seen.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; applied: boolean }> {
    const { stripe } = this.configured();
    const event = verify(stripe, rawBody, signature);
    const plan = await callStripe(() => planEvent(stripe, event));
    const applied = await applyEvent(this.ctx.db, event, plan, this.ctx.now());
    return { received: true, applied };
  }

  /** The port and price, or 503 « Paiement non configuré » (the three variables come together). */
  private configured(): { stripe: StripePort; priceId: string } {
    const { port, priceId } = this.setup;
    if (!port || !priceId) throw new PaymentNotConfiguredError();
    return { stripe: port, priceId };
  }
}

function verify(stripe: StripePort, body: Buffer, signature: string | undefined) {
  try {
    return stripe.verifyWebhook(body, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError(`Webhook refusé : ${error.message}`, { code: 'BAD_SIGNATURE', statusCode: 400 });
    throw error;
  }
}
