import { OPERATION_ROUTES, type ProductApiPort } from '@sortie/core';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** The subscription through Stripe: the pricing page, the payment's return page and the dashboard's Stripe page. */

/** GET /api/stripe/status: whether payments are configured. */
export const useStripeStatus = () => useApiQuery('stripe-status', (api) => api.call(OPERATION_ROUTES.stripeStatus));

/** GET /api/stripe/sessions/{id}: whether the checkout session came back paid; null waits. */
export const useStripeSession = (sessionId: string | null) =>
  useApiQuery(sessionId ? `stripe-session:${sessionId}` : null, (api) => api.call(OPERATION_ROUTES.stripeSession, { path: { id: sessionId! } }));

/** GET /api/stripe/subscriptions: the subscriptions, for the dashboard. */
export const useStripeSubscriptions = () => useApiQuery('stripe-subscriptions', (api) => api.call(OPERATION_ROUTES.stripeSubscriptions));

const stripeWrites = (api: ProductApiPort) => ({
  /** A checkout session: its URL is Stripe's payment page. */
  checkout: () => api.call(OPERATION_ROUTES.stripeCheckout),
  /** A session of Stripe's customer portal. */
  portal: () => api.call(OPERATION_ROUTES.stripePortal),
});

export const useStripeWrites = () => useApiWrites(stripeWrites);
