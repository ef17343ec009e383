import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, FakeStripeApi, signStripePayload, startFakeStripeServer } from './fake-stripe';
import { checkoutSessionOf, WebhookSignatureError, type StripePort } from './port';
import { StripeAdapter } from './stripe-adapter';

/*
 * One contract for the Stripe port, run against the fake (in memory) and against the adapter
 * over the official library, whose API calls go to the local fake served over HTTP like
 * api.stripe.com (no network) and whose webhook check is the library's constructEvent.
 */

const SECRET_KEY = 'sk_test_contract';
const WEBHOOK_SECRET = 'whsec_contract_secret';
const NOW = 1_790_000_000;
const user = { id: '65a000000000000000000001', email: 'gerante@bar.fr' };
const checkout = { user, priceId: 'price_sortie_pro', successUrl: 'https://sortie.example/stripe/success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'https://sortie.example/stripe/cancel' };

interface Subject {
  api: FakeStripeApi;
  port: StripePort;
}

const server = { close: async () => {}, origin: '' };
const subjects: Array<[string, () => Subject]> = [
  [
    'the fake adapter',
    () => {
      const api = new FakeStripeApi(SECRET_KEY, () => NOW);
      return { api, port: new FakeStripe(api, WEBHOOK_SECRET) };
    },
  ],
  [
    'the stripe library adapter (over the local fake API)',
    () => {
      const api = sharedApi;
      return { api, port: new StripeAdapter({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: server.origin, now: () => NOW }) };
    },
  ],
];
const sharedApi = new FakeStripeApi(SECRET_KEY, () => NOW);

beforeAll(async () => {
  const started = await startFakeStripeServer(sharedApi);
  Object.assign(server, { close: started.close, origin: started.origin });
});
afterAll(() => server.close());

describe.each(subjects)('the Stripe port: %s', (_name, make) => {
  let subject: Subject;
  beforeAll(() => {
    subject = make();
  });

  it('creates an open, unpaid Checkout session for the account, with a page to pay on', async () => {
    const session = await subject.port.createCheckoutSession(checkout);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({ status: 'open', paymentStatus: 'unpaid', subscriptionId: null, clientReferenceId: user.id });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(subject.api.sessions.get(session.id)).toMatchObject({ customer_email: user.email, success_url: `https://sortie.example/stripe/success?session_id=${session.id}` });
  });

  it('reads back a paid session with its customer and an active subscription', async () => {
    const session = await subject.port.createCheckoutSession(checkout);
    subject.api.pay(session.id);
    const paid = await subject.port.retrieveCheckoutSession(session.id);
    expect(paid).toMatchObject({ id: session.id, status: 'complete', paymentStatus: 'paid', clientReferenceId: user.id });
    expect(paid!.customerId).toMatch(/^cus_test_/);
    const subscription = await subject.port.retrieveSubscription(paid!.subscriptionId!);
    expect(subscription).toEqual({ id: paid!.subscriptionId, customerId: paid!.customerId, status: 'active', currentPeriodEnd: NOW + 30 * 86_400, userId: user.id });
  });

  it('answers null for a session id Stripe does not know (a forged one)', async () => {
    expect(await subject.port.retrieveCheckoutSession('cs_test_forged000000000000')).toBeNull();
    expect(await subject.port.retrieveSubscription('sub_test_forged')).toBeNull();
  });

  it('opens the customer portal for a customer', async () => {
    const session = await subject.port.createCheckoutSession(checkout);
    subject.api.pay(session.id);
    const { customerId } = (await subject.port.retrieveCheckoutSession(session.id))!;
    const portal = await subject.port.createPortalSession(customerId!, 'https://sortie.example/pricing');
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(subject.api.portalSessions.at(-1)).toMatchObject({ customer: customerId, return_url: 'https://sortie.example/pricing' });
  });

  it('accepts an event signed the way Stripe signs, by the fake and by the library alike', () => {
    const event = subject.api.event('customer.subscription.updated', { id: 'sub_test_1', object: 'subscription', status: 'past_due', customer: 'cus_test_1' });
    const payload = JSON.stringify(event);
    for (const header of [signStripePayload(payload, WEBHOOK_SECRET, NOW), Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: NOW })]) {
      expect(subject.port.verifyWebhook(Buffer.from(payload), header)).toEqual({ id: event.id, type: 'customer.subscription.updated', created: NOW, object: (event.data as { object: unknown }).object });
    }
  });

  it('refuses a wrong signature, another secret, a changed body, an old timestamp or no header', () => {
    const payload = JSON.stringify(subject.api.event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' }));
    const good = signStripePayload(payload, WEBHOOK_SECRET, NOW);
    const refusals = [
      () => subject.port.verifyWebhook(payload, good.replace(/v1=[0-9a-f]{4}/, 'v1=0000')),
      () => subject.port.verifyWebhook(payload, signStripePayload(payload, 'whsec_someone_else', NOW)),
      () => subject.port.verifyWebhook(payload.replace('cs_test_1', 'cs_test_2'), good),
      () => subject.port.verifyWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET, NOW - 3600)),
      () => subject.port.verifyWebhook(payload, 't=1,v0=abc'),
      () => subject.port.verifyWebhook(payload, undefined),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(WebhookSignatureError);
  });

  it('refuses a well-signed body that is not an event', () => {
    for (const payload of ['pas du JSON', JSON.stringify({ id: 'evt_test_1' })]) {
      expect(() => subject.port.verifyWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET, NOW))).toThrow('Corps du webhook illisible.');
    }
  });

  it('reads a session whose status Sortie does not know as neither complete nor paid', () => {
    const event = subject.api.event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', status: 'someday', payment_status: 'later' });
    const payload = JSON.stringify(event);
    const verified = subject.port.verifyWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET, NOW));
    expect(checkoutSessionOf(verified.object)).toMatchObject({ id: 'cs_test_1', status: null, paymentStatus: 'unpaid' });
  });
});

describe('the local fake API', () => {
  it('refuses a wrong API key as Stripe does (401), which the library reports as an authentication error', async () => {
    const adapter = new StripeAdapter({ secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET, apiBase: server.origin });
    await expect(adapter.createCheckoutSession(checkout)).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });
});
