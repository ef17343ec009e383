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
  /** null when Stripe gives none (its type allows it) or one Sortie does not know. */
  status: 'open' | 'complete' | 'expired' | null;
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
  /** Its `data.object`, read with checkoutSessionOf or subscriptionOf. */
  object: StripeObject;
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

/** A Stripe object as received: the library's typed object, or the JSON of a webhook or of the fake. */
export type StripeObject = object;

/** One field of a Stripe object, unknown until checked. */
const field = (object: unknown, key: string): unknown => (typeof object === 'object' && object !== null ? Reflect.get(object, key) : undefined);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.some((known) => known === value);

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

/** The event's `data.object` read as a subscription (customer.subscription.*). */
export function subscriptionOf(object: StripeObject): Subscription {
  const items: unknown = field(field(object, 'items'), 'data');
  const ownEnd = field(object, 'current_period_end');
  // Since API 2025-03-31 the period lives on each item; before, on the subscription.
  const end = typeof ownEnd === 'number' ? ownEnd : (Array.isArray(items) ? items : []).map((item) => field(item, 'current_period_end')).find((itemEnd) => typeof itemEnd === 'number');
  const userId = field(field(object, 'metadata'), 'userId');
  return {
    id: String(field(object, 'id')),
    customerId: idOf(field(object, 'customer')) ?? '',
    status: String(field(object, 'status')),
    currentPeriodEnd: typeof end === 'number' ? end : null,
    userId: stringOrNull(userId),
  };
}

/** The event's `data.object` read as a Checkout session. */
export function checkoutSessionOf(object: StripeObject): CheckoutSession {
  const status = field(object, 'status');
  const paymentStatus = field(object, 'payment_status');
  return {
    id: String(field(object, 'id')),
    url: stringOrNull(field(object, 'url')),
    status: oneOf(SESSION_STATUSES, status) ? status : null,
    // Anything Stripe would add later is not « paid ».
    paymentStatus: oneOf(PAYMENT_STATUSES, paymentStatus) ? paymentStatus : 'unpaid',
    customerId: idOf(field(object, 'customer')),
    subscriptionId: idOf(field(object, 'subscription')),
    clientReferenceId: stringOrNull(field(object, 'client_reference_id')),
  };
}

/** A Stripe reference: an id, or the object it was expanded into. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return stringOrNull(field(value, 'id'));
}
