import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { listenOnFreePort } from '../http/local-port';
import { checkoutSessionOf, SIGNATURE_TOLERANCE_SECONDS, subscriptionOf, WebhookSignatureError, type CheckoutInput, type CheckoutSession, type StripeEvent, type StripePort, type Subscription } from './port';

/*
 * A local fake of the part of Stripe that Sortie uses, shaped like the real API: Checkout
 * sessions `cs_test_…` (status, payment_status, customer, subscription, client_reference_id),
 * customers `cus_test_…`, subscriptions `sub_test_…` with their items' current_period_end,
 * portal sessions, events `evt_test_…` and their `Stripe-Signature` header (t=…,v1=HMAC-SHA256
 * of `t.payload` with the webhook secret). FakeStripeApi holds the state; FakeStripe is the port
 * over it; startFakeStripeServer serves it over HTTP like api.stripe.com, for the real adapter.
 */

type Json = Record<string, unknown>;
const DAY = 86_400;

/* Type aliases rather than interfaces: the tests hand these objects on as plain JSON (`Json`). */

/** A Checkout session as the fake keeps it: Stripe's fields, and two of its own (the price, the subscription's metadata). */
type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string | null;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Json;
  created: number;
  line_items_price: string;
  subscription_metadata: Json;
};
type PublicSession = Omit<FakeSession, 'line_items_price' | 'subscription_metadata'>;

type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Json;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; price: { id: string }; current_period_start: number; current_period_end: number }> };
  created: number;
};

type FakePortalSession = { id: string; object: 'billing_portal.session'; customer: string; return_url: string; url: string };

type FakeEvent = { id: string; object: 'event'; api_version: string; type: string; created: number; livemode: false; data: { object: object } };

/** What the fake reads of a webhook's body (the library reads the same fields). */
const EventBody = z.object({ id: z.string(), type: z.string(), created: z.number(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export class FakeStripeApi {
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly portalSessions: FakePortalSession[] = [];
  constructor(
    readonly secretKey = 'sk_test_fake',
    readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** POST /v1/checkout/sessions. */
  createCheckoutSession(params: { mode?: string; priceId: string; successUrl: string; cancelUrl: string; clientReferenceId: string | null; customer: string | null; customerEmail: string | null; metadata: Json; subscriptionMetadata: Json }): PublicSession {
    const sessionId = id('cs');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: params.mode ?? 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      success_url: params.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
      cancel_url: params.cancelUrl,
      client_reference_id: params.clientReferenceId,
      customer: params.customer,
      customer_email: params.customerEmail,
      subscription: null,
      metadata: params.metadata,
      created: this.now(),
      line_items_price: params.priceId,
      subscription_metadata: params.subscriptionMetadata,
    };
    this.sessions.set(sessionId, session);
    return this.publicSession(session);
  }

  retrieveCheckoutSession(sessionId: string): PublicSession | null {
    const session = this.sessions.get(sessionId);
    return session ? this.publicSession(session) : null;
  }

  retrieveSubscription(subscriptionId: string): FakeSubscription | null {
    return this.subscriptions.get(subscriptionId) ?? null;
  }

  /** POST /v1/billing_portal/sessions. */
  createPortalSession(customer: string, returnUrl: string): FakePortalSession {
    const portal: FakePortalSession = { id: id('bps'), object: 'billing_portal.session', customer, return_url: returnUrl, url: `https://billing.stripe.com/p/session/${id('bps')}` };
    this.portalSessions.push(portal);
    return portal;
  }

  /** The customer pays on Stripe's page: the session completes, a customer and an active subscription exist; the event Stripe sends. */
  pay(sessionId: string): FakeEvent {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    const customer = session.customer ?? id('cus');
    const subscriptionId = id('sub');
    const now = this.now();
    this.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      object: 'subscription',
      customer,
      status: 'active',
      metadata: session.subscription_metadata,
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price: { id: session.line_items_price }, current_period_start: now, current_period_end: now + 30 * DAY }] },
      created: now,
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscriptionId, url: null });
    return this.event('checkout.session.completed', this.publicSession(session));
  }

  /** Stripe changes a subscription (renewal, late payment, cancellation at period end…): the event it sends. */
  updateSubscription(subscriptionId: string, changes: { status?: string; currentPeriodEnd?: number }): FakeEvent {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    if (changes.status) subscription.status = changes.status;
    if (changes.currentPeriodEnd !== undefined) for (const item of subscription.items.data) item.current_period_end = changes.currentPeriodEnd;
    return this.event('customer.subscription.updated', structuredClone(subscription));
  }

  /** The subscription ends: `customer.subscription.deleted`, with the subscription canceled. */
  deleteSubscription(subscriptionId: string): FakeEvent {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    subscription.status = 'canceled';
    return this.event('customer.subscription.deleted', structuredClone(subscription));
  }

  event(type: string, object: object): FakeEvent {
    return { id: id('evt'), object: 'event', api_version: '2025-10-29.clover', type, created: this.now(), livemode: false, data: { object } };
  }

  private publicSession(session: FakeSession): PublicSession {
    const { line_items_price: _price, subscription_metadata: _metadata, ...visible } = session;
    return structuredClone(visible);
  }
}

/** The `Stripe-Signature` header Stripe sends with a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Stripe's check of a signature header, as its libraries do it: any v1 matching, timestamp within the tolerance. */
export function verifyStripeSignature(payload: string, header: string | undefined, secret: string, nowSeconds: number, tolerance = SIGNATURE_TOLERANCE_SECONDS): void {
  if (!header) throw new WebhookSignatureError('En-tête Stripe-Signature absent.');
  const parts = header.split(',').map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.flatMap(([key, value]) => (key === 'v1' && value ? [value] : []));
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw new WebhookSignatureError('En-tête Stripe-Signature illisible.');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'));
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError();
  if (tolerance > 0 && nowSeconds - timestamp > tolerance) throw new WebhookSignatureError('Signature Stripe trop ancienne.');
}

/** The port over the fake's state, in memory (no HTTP): what the routes would get from Stripe. */
export class FakeStripe implements StripePort {
  constructor(
    readonly api: FakeStripeApi,
    private readonly webhookSecret: string,
  ) {}

  async createCheckoutSession(input: CheckoutInput): Promise<CheckoutSession> {
    const metadata = { userId: input.user.id };
    return checkoutSessionOf(
      this.api.createCheckoutSession({
        priceId: input.priceId,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        clientReferenceId: input.user.id,
        customer: input.customerId ?? null,
        customerEmail: input.customerId ? null : input.user.email,
        metadata,
        subscriptionMetadata: metadata,
      }),
    );
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
    const session = this.api.retrieveCheckoutSession(sessionId);
    return session ? checkoutSessionOf(session) : null;
  }

  async retrieveSubscription(subscriptionId: string): Promise<Subscription | null> {
    const subscription = this.api.retrieveSubscription(subscriptionId);
    return subscription ? subscriptionOf(subscription) : null;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return { url: this.api.createPortalSession(customerId, returnUrl).url };
  }

  verifyWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): StripeEvent {
    const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    verifyStripeSignature(payload, signatureHeader, this.webhookSecret, this.api.now());
    const event = EventBody.safeParse(parseJson(payload)).data;
    // As the library: a signed body that is not an event is refused.
    if (!event) throw new WebhookSignatureError('Corps du webhook illisible.');
    return { id: event.id, type: event.type, created: event.created, object: event.data.object };
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A form as api.stripe.com reads it: each key a text, or a nested form (`a[b]=v`). */
export type StripeForm = { [key: string]: string | StripeForm };

/** The subset of api.stripe.com's form encoding that Sortie sends (`a[b][0][c]=v`), read back into objects. */
export function parseStripeForm(body: string): StripeForm {
  const root: StripeForm = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const child = node[part];
      node = typeof child === 'object' ? child : (node[part] = {});
    });
  }
  return root;
}

const text = (value: string | StripeForm | undefined): string | null => (typeof value === 'string' ? value : null);
const nested = (value: string | StripeForm | undefined): StripeForm | null => (typeof value === 'object' ? value : null);

const stripeError = (status: number, message: string, extra: Json = {}) => ({ status, body: { error: { type: 'invalid_request_error', message, ...extra } } });

/** Answers one request the way api.stripe.com does (status and JSON body). */
export function answerStripeRequest(api: FakeStripeApi, method: string, path: string, authorization: string | undefined, body: string): { status: number; body: object } {
  if (authorization !== `Bearer ${api.secretKey}`) return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } };
  const form = parseStripeForm(body);
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const price = text(nested(nested(form.line_items)?.['0'])?.price);
    const successUrl = text(form.success_url);
    const cancelUrl = text(form.cancel_url);
    if (price === null || !successUrl || !cancelUrl) return stripeError(400, 'Missing required param: line_items[0][price].', { code: 'parameter_missing' });
    return {
      status: 200,
      body: api.createCheckoutSession({
        mode: text(form.mode) ?? undefined,
        priceId: price,
        successUrl,
        cancelUrl,
        clientReferenceId: text(form.client_reference_id),
        customer: text(form.customer),
        customerEmail: text(form.customer_email),
        metadata: nested(form.metadata) ?? {},
        subscriptionMetadata: nested(nested(form.subscription_data)?.metadata) ?? {},
      }),
    };
  }
  const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
  if (method === 'GET' && session) {
    const found = api.retrieveCheckoutSession(decodeURIComponent(session[1]!));
    return found ? { status: 200, body: found } : stripeError(404, `No such checkout.session: '${session[1]}'`, { code: 'resource_missing', param: 'session' });
  }
  const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (method === 'GET' && subscription) {
    const found = api.retrieveSubscription(decodeURIComponent(subscription[1]!));
    return found ? { status: 200, body: found } : stripeError(404, `No such subscription: '${subscription[1]}'`, { code: 'resource_missing', param: 'id' });
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    if (typeof form.customer !== 'string') return stripeError(400, 'Missing required param: customer.', { code: 'parameter_missing' });
    return { status: 200, body: api.createPortalSession(form.customer, text(form.return_url) ?? '') };
  }
  return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
}

/** The fake over HTTP on 127.0.0.1, for the real library (`new Stripe(key, { host, port, protocol: 'http' })`). */
export async function startFakeStripeServer(api: FakeStripeApi): Promise<{ server: Server; origin: string; requests: Array<{ method: string; path: string }>; close(): Promise<void> }> {
  const requests: Array<{ method: string; path: string }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.stripe');
      requests.push({ method: request.method ?? 'GET', path: url.pathname });
      const answer = answerStripeRequest(api, request.method ?? 'GET', url.pathname, request.headers.authorization, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(answer.body));
    });
  });
  const port = await listenOnFreePort(server);
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
