import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STRIPE_NOTHING_PAID_MESSAGE } from '@sortie/core';
import { buildApp, type SortieApp } from '../app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { signIn, testApp, testConfig } from '../testing/test-app';
import { FakeStripeApi, signStripePayload, startFakeStripeServer } from './fake-stripe';

/*
 * The Stripe routes over the adapter of the official library, its API calls answered by the
 * local fake served like api.stripe.com: what staff, the success page, Stripe's webhook and the
 * dashboard get; and the honest 503 of a server without keys (same database, no Stripe config).
 */

const SECRET_KEY = 'sk_test_routes';
const WEBHOOK_SECRET = 'whsec_routes_secret';
const PRICE = 'price_sortie_pro_month';
type Json = Record<string, unknown>;

describe('Sortie Pro through Stripe', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let bare: SortieApp;
  let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
  // Stripe's clock for the events it creates (Unix seconds); signatures are made at the real time.
  let stripeNow = Math.floor(Date.now() / 1000);
  const api = new FakeStripeApi(SECRET_KEY, () => stripeNow);
  let staff: string;
  let visitor: string;

  const call = (app: SortieApp, method: 'GET' | 'POST', url: string, cookie?: string) => app.inject({ method, url, headers: { host: 'sortie.example', ...(cookie ? { cookie } : {}) } });
  const deliver = (event: Json, signature?: string) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)) },
      payload,
    });
  };
  const subscriptions = async () => (await call(t.app, 'GET', '/api/dashboard/stripe/subscriptions', staff)).json().items as Json[];
  /** Staff start a Checkout session: its id, read from the page Stripe would show. */
  const startCheckout = async (cookie = staff) => {
    const answer = await call(t.app, 'POST', '/api/stripe/checkout', cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().url as string).split('/').at(-1)!;
  };

  beforeAll(async () => {
    fake = await startFakeStripeServer(api);
    t = await testApp({ config: { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, priceId: PRICE, apiBase: fake.origin }, contactEmail: 'pro@sortie.example' } });
    bare = await buildApp({ db: t.db, config: testConfig() });
    await bare.ready();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
  }, 60_000);
  afterAll(async () => {
    await bare.close();
    await t.close();
    await fake.close();
  });

  describe('without Stripe keys', () => {
    it('answers 503 « Paiement non configuré » on every Stripe route, and says which variables are missing', async () => {
      const cookie = await signIn(bare, DEMO_ACCOUNTS.staff.email);
      const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        for (const [method, url] of [['POST', '/api/stripe/checkout'], ['GET', '/api/stripe/sessions/cs_test_abc'], ['POST', '/api/stripe/portal'], ['POST', '/api/stripe/webhook'], ['GET', '/api/dashboard/stripe/subscriptions']] as const) {
          const answer = await call(bare, method, url, cookie);
          expect(answer.statusCode, url).toBe(503);
          expect(answer.json().message, url).toMatch(/^Paiement non configuré/);
          // The state of a server nobody configured yet: nothing to retry in a second, no error in the log.
          expect(answer.headers['retry-after'], url).toBeUndefined();
        }
        expect(stderr).not.toHaveBeenCalled();
      } finally {
        stderr.mockRestore();
      }
      const status = (await call(bare, 'GET', '/api/stripe/status')).json();
      expect(status).toEqual({ configured: false, missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'], contactEmail: null, webhookPath: '/api/stripe/webhook' });
    });

    it('still asks for a session before saying so to an anonymous caller', async () => {
      expect((await call(bare, 'POST', '/api/stripe/checkout')).statusCode).toBe(401);
    });
  });

  it('tells anyone that payment is configured, with the contact address, and never a key', async () => {
    const answer = await call(t.app, 'GET', '/api/stripe/status');
    expect(answer.json()).toEqual({ configured: true, missing: [], contactEmail: 'pro@sortie.example', webhookPath: '/api/stripe/webhook' });
    expect(answer.body).not.toContain(SECRET_KEY);
    expect(answer.body).not.toContain(WEBHOOK_SECRET);
  });

  it('gives staff a Checkout page for Sortie Pro that returns to /stripe/success with the session id', async () => {
    const id = await startCheckout();
    expect(api.sessions.get(id)).toMatchObject({ mode: 'subscription', client_reference_id: DEMO_IDS.users.staff, customer_email: DEMO_ACCOUNTS.staff.email, success_url: `http://sortie.example/stripe/success?session_id=${id}`, cancel_url: 'http://sortie.example/stripe/cancel' });
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/checkout/sessions' });
    expect((await call(t.app, 'POST', '/api/stripe/checkout', visitor)).statusCode).toBe(403);
  });

  describe('the success page’s check', () => {
    it('answers that nothing was paid for a forged session id, asking Stripe', async () => {
      const before = fake.requests.length;
      const answer = await call(t.app, 'GET', '/api/stripe/sessions/cs_test_a1Forged0000000000000000', staff);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ paid: false, message: STRIPE_NOTHING_PAID_MESSAGE });
      expect(fake.requests.slice(before)).toEqual([{ method: 'GET', path: '/v1/checkout/sessions/cs_test_a1Forged0000000000000000' }]);
    });

    it('answers the same, without asking Stripe, for something that is not a session id', async () => {
      const before = fake.requests.length;
      for (const id of ['123', 'cs_test_..%2F..%2Fcustomers', '%7BCHECKOUT_SESSION_ID%7D']) {
        expect((await call(t.app, 'GET', `/api/stripe/sessions/${id}`, staff)).json()).toEqual({ paid: false, message: STRIPE_NOTHING_PAID_MESSAGE });
      }
      expect(fake.requests.length).toBe(before);
    });

    it('answers that nothing was paid for a session left unpaid, and for one another account paid', async () => {
      const unpaid = await startCheckout();
      expect((await call(t.app, 'GET', `/api/stripe/sessions/${unpaid}`, staff)).json()).toMatchObject({ paid: false });
      api.pay(unpaid);
      expect((await call(t.app, 'GET', `/api/stripe/sessions/${unpaid}`, visitor)).json()).toEqual({ paid: false, message: STRIPE_NOTHING_PAID_MESSAGE });
      expect((await call(t.app, 'GET', `/api/stripe/sessions/${unpaid}`)).statusCode).toBe(401);
    });

    it('confirms a paid session of the account and records its active subscription', async () => {
      const id = await startCheckout();
      api.pay(id);
      const answer = (await call(t.app, 'GET', `/api/stripe/sessions/${id}`, staff)).json();
      const subscriptionId = api.sessions.get(id)!.subscription as string;
      expect(answer).toMatchObject({ paid: true, subscription: { subscriptionId, userId: DEMO_IDS.users.staff, userLabel: DEMO_ACCOUNTS.staff.displayName, status: 'active' } });
      expect(answer.subscription.currentPeriodEnd).toBe(new Date((stripeNow + 30 * 86_400) * 1000).toISOString());
      expect((await subscriptions()).find((s) => s.subscriptionId === subscriptionId)).toMatchObject({ status: 'active' });
    });
  });

  describe('the webhook', () => {
    it('refuses a wrong signature, another secret’s or none with a 400, and changes nothing', async () => {
      const id = await startCheckout();
      const event = api.pay(id);
      const payload = JSON.stringify(event);
      const now = Math.floor(Date.now() / 1000);
      for (const signature of [`t=${now},v1=${'0'.repeat(64)}`, signStripePayload(payload, 'whsec_someone_else', now), '']) {
        const answer = await deliver(event, signature);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toMatch(/^Webhook refusé/);
      }
      const subscriptionId = api.sessions.get(id)!.subscription as string;
      expect((await subscriptions()).some((s) => s.subscriptionId === subscriptionId)).toBe(false);
    });

    it('keeps a subscription’s state through its events: paid, late, renewed, ended', async () => {
      const id = await startCheckout();
      const completed = api.pay(id);
      const subscriptionId = api.sessions.get(id)!.subscription as string;
      const state = async () => (await subscriptions()).find((s) => s.subscriptionId === subscriptionId);

      expect((await deliver(completed)).json()).toEqual({ received: true, applied: true });
      expect(await state()).toMatchObject({ status: 'active', userId: DEMO_IDS.users.staff });

      stripeNow += 60;
      expect((await deliver(api.updateSubscription(subscriptionId, { status: 'past_due' }))).statusCode).toBe(200);
      expect(await state()).toMatchObject({ status: 'past_due' });

      stripeNow += 60;
      const renewedUntil = stripeNow + 60 * 86_400;
      await deliver(api.updateSubscription(subscriptionId, { status: 'active', currentPeriodEnd: renewedUntil }));
      expect(await state()).toMatchObject({ status: 'active', currentPeriodEnd: new Date(renewedUntil * 1000).toISOString() });

      stripeNow += 60;
      await deliver(api.deleteSubscription(subscriptionId));
      expect(await state()).toMatchObject({ status: 'canceled' });
    });

    it('applies an event delivered twice once, and an older event arriving late does not undo a newer one', async () => {
      const id = await startCheckout();
      await deliver(api.pay(id));
      const subscriptionId = api.sessions.get(id)!.subscription as string;
      stripeNow += 60;
      const late = api.updateSubscription(subscriptionId, { status: 'past_due' });
      stripeNow += 60;
      const ended = api.deleteSubscription(subscriptionId);

      expect((await deliver(ended)).json()).toEqual({ received: true, applied: true });
      expect((await deliver(ended)).json()).toEqual({ received: true, applied: false });
      expect((await t.db.query('SELECT count(*)::int AS n FROM stripe_events WHERE event_id = $1', [ended.id]))[0]).toEqual({ n: 1 });
      // Stripe sends again what it sent before; the older change arrives after the cancellation.
      expect((await deliver(late)).statusCode).toBe(200);
      expect((await subscriptions()).find((s) => s.subscriptionId === subscriptionId)).toMatchObject({ status: 'canceled' });
    });

    it('acknowledges an event it has no use for', async () => {
      expect((await deliver(api.event('invoice.paid', { id: 'in_test_1', object: 'invoice' }))).json()).toEqual({ received: true, applied: true });
    });
  });

  it('opens the customer portal for an account with a subscription, and says so to one without', async () => {
    const portal = await call(t.app, 'POST', '/api/stripe/portal', staff);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(api.portalSessions.at(-1)).toMatchObject({ return_url: 'http://sortie.example/pricing' });
    const none = await call(t.app, 'POST', '/api/stripe/portal', visitor);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Aucun abonnement Stripe n’est lié à ce compte.');
  });

  it('lists the subscriptions to staff only', async () => {
    expect((await call(t.app, 'GET', '/api/dashboard/stripe/subscriptions', visitor)).statusCode).toBe(403);
    expect((await subscriptions()).length).toBeGreaterThan(0);
  });
});
