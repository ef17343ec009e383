import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { checkoutSessionOf, SIGNATURE_TOLERANCE_SECONDS, subscriptionOf, WebhookSignatureError, type CheckoutInput, type CheckoutSession, type StripeEvent, type StripePort, type Subscription } from './port';

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API than api.stripe.com (`http://127.0.0.1:12111`: a local fake, stripe-mock), or null. */
  apiBase?: string | null;
  /** Unix seconds, for the signature's age (Stripe's tolerance: 5 minutes). */
  now?: () => number;
}

/** The port over the official `stripe` library: Checkout, the customer portal, and constructEvent for webhooks. */
export class StripeAdapter implements StripePort {
  private readonly client: Stripe;
  private readonly library: typeof Stripe;
  constructor(private readonly options: StripeAdapterOptions) {
    // Loaded here, where Stripe is configured, not with every server: it is one of the largest modules a start would load.
    this.library = createRequire(import.meta.url)('stripe') as typeof Stripe;
    const base = options.apiBase ? new URL(options.apiBase) : null;
    this.client = new this.library(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Sortie' },
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
  }

  async createCheckoutSession(input: CheckoutInput): Promise<CheckoutSession> {
    const metadata = { userId: input.user.id };
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.user.id,
      ...(input.customerId ? { customer: input.customerId } : input.user.email ? { customer_email: input.user.email } : {}),
      metadata,
      subscription_data: { metadata },
      locale: 'fr',
    });
    return checkoutSessionOf(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession | null> {
    try {
      return checkoutSessionOf(await this.client.checkout.sessions.retrieve(id));
    } catch (error) {
      if (isMissing(this.library, error)) return null;
      throw error;
    }
  }

  async retrieveSubscription(id: string): Promise<Subscription | null> {
    try {
      return subscriptionOf(await this.client.subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(this.library, error)) return null;
      throw error;
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: 'fr' });
    return { url: session.url };
  }

  /** Pure: the library's constructEvent, no network. */
  verifyWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): StripeEvent {
    if (!signatureHeader) throw new WebhookSignatureError('En-tête Stripe-Signature absent.');
    try {
      // The library reads its clock in milliseconds.
      const receivedAt = this.options.now ? this.options.now() * 1000 : undefined;
      const event = this.client.webhooks.constructEvent(rawBody, signatureHeader, this.options.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, receivedAt);
      return { id: event.id, type: event.type, created: event.created, object: event.data.object };
    } catch (error) {
      if (error instanceof this.library.errors.StripeSignatureVerificationError) throw new WebhookSignatureError();
      throw new WebhookSignatureError('Corps du webhook illisible.');
    }
  }
}

/** Stripe's 404 for an id it does not know (a forged or mistyped session id). */
function isMissing(library: typeof Stripe, error: unknown): boolean {
  return error instanceof library.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');
}
