/*
 * The words of Sortie Pro's payment through Stripe (issue 23), zod-free so that a page showing
 * them downloads no schema: the French messages, the variables that configure Stripe, the
 * subscription states' French names and which states give access to Sortie Pro.
 */

/** What every Stripe route answers (503) while the server has no Stripe keys. */
export const STRIPE_NOT_CONFIGURED_MESSAGE = 'Paiement non configuré : ce serveur n’a pas de clés Stripe.';
/** What the success page shows for a session that was not paid (unknown, forged, unpaid or someone else's). */
export const STRIPE_NOTHING_PAID_MESSAGE = 'Aucun paiement n’a été enregistré pour cette session.';
/** The environment variables that configure Stripe, each with what it is. */
export const STRIPE_VARIABLES = [
  { name: 'STRIPE_SECRET_KEY', help: 'La clé secrète de l’API (sk_live_… ou sk_test_…), dans Développeurs → Clés API.' },
  { name: 'STRIPE_WEBHOOK_SECRET', help: 'Le secret de signature du webhook (whsec_…), affiché quand vous ajoutez l’adresse du webhook.' },
  { name: 'STRIPE_PRICE_ID', help: 'L’identifiant du prix récurrent de Sortie Pro (price_…), dans Catalogue de produits.' },
] as const;
export type StripeVariable = (typeof STRIPE_VARIABLES)[number]['name'];

/** Stripe's subscription states (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Paiement à finaliser',
  incomplete_expired: 'Paiement expiré',
  trialing: 'Période d’essai',
  active: 'Actif',
  past_due: 'Paiement en retard',
  canceled: 'Résilié',
  unpaid: 'Impayé',
  paused: 'En pause',
};
/** A state Stripe may add later reads as its own name rather than failing: stored as text, labelled when known. */
export const subscriptionStatusLabel = (status: string): string => SUBSCRIPTION_STATUS_LABELS[status as SubscriptionStatus] ?? status;

/** Whether a subscription in this state gives access to Sortie Pro (Stripe keeps retrying a late payment for a while). */
export function grantsSortiePro(status: string): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}
