/*
 * What Sortie asks of Stripe, as a port: the server depends on this interface; stripe-adapter.ts
 * implements it with the official `stripe` library, fake-stripe.ts with a local fake shaped
 * like Stripe's API (the same objects, ids, states and webhook signatures). stripe.contract.test.ts
 * runs one suite against both.
 */

/** A Checkout session, as Sortie reads it (Stripe's `checkout.session` object). */
export interface CheckoutSession {
  id: string;
  /** The page on Stripe where the customer pays (null once complete or expired). */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  subscriptionId: string | null;
  /** The Sortie account that started it (client_reference_id). */
  clientReferenceId: string | null;
}

/** A subscription, as Sortie keeps it. */
export interface Subscription {
  id: string;
  customerId: string;
  status: string;
  /** End of the paid period (Unix seconds), or null when Stripe gives none. */
  currentPeriodEnd: number | null;
  /** The Sortie account, from the subscription's metadata (set at Checkout), or null. */
  userId: string | null;
}

/** A webhook event whose signature was verified: its id (for idempotence), type, creation time and object. */
export interface StripeEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  object: Record<string, unknown>;
}

export interface CheckoutInput {
  user: { id: string; email: string | null };
  priceId: string;
  /** May hold `{CHECKOUT_SESSION_ID}`, which Stripe replaces with the session's id. */
  successUrl: string;
  cancelUrl: string;
  /** The account's Stripe customer when it already has one (its subscriptions stay together). */
  customerId?: string | null;
}

export interface StripePort {
  createCheckoutSession(input: CheckoutInput): Promise<CheckoutSession>;
  /** The session, or null when Stripe knows no such id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  retrieveSubscription(id: string): Promise<Subscription | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The event, once its `Stripe-Signature` header proves it came from Stripe; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): StripeEvent;
}

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Signature Stripe invalide.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Stripe's default tolerance between a signature's timestamp and now, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The event's `data.object` read as a subscription (customer.subscription.*). */
export function subscriptionOf(object: Record<string, unknown>): Subscription {
  const items = (object.items as { data?: Array<{ current_period_end?: unknown }> } | undefined)?.data ?? [];
  // Since API 2025-03-31 the period lives on each item; before, on the subscription.
  const end = typeof object.current_period_end === 'number' ? object.current_period_end : items.find((item) => typeof item.current_period_end === 'number')?.current_period_end;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  return {
    id: String(object.id),
    customerId: idOf(object.customer) ?? '',
    status: String(object.status),
    currentPeriodEnd: typeof end === 'number' ? end : null,
    userId: typeof metadata.userId === 'string' ? metadata.userId : null,
  };
}

/** The event's `data.object` read as a Checkout session. */
export function checkoutSessionOf(object: Record<string, unknown>): CheckoutSession {
  return {
    id: String(object.id),
    url: typeof object.url === 'string' ? object.url : null,
    status: object.status as CheckoutSession['status'],
    paymentStatus: object.payment_status as CheckoutSession['paymentStatus'],
    customerId: idOf(object.customer),
    subscriptionId: idOf(object.subscription),
    clientReferenceId: typeof object.client_reference_id === 'string' ? object.client_reference_id : null,
  };
}

/** A Stripe reference: an id, or the object it was expanded into. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}
