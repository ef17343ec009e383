import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';

/*
 * Sortie Pro subscriptions paid through Stripe (issue 23): what the API answers about them, the
 * French names of their states, and the one rule of which states give access to Sortie Pro.
 * The server keeps each subscription's state from Stripe's signed webhooks.
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
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;
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

/** GET /api/stripe/status: public, so that /pricing knows whether to show a pay button or how to get in touch. */
export const StripeStatusSchema = z.object({
  configured: z.boolean(),
  /** The variables still missing (names only, never a value). */
  missing: z.array(z.string()),
  /** Where to write for Sortie Pro when payment is not configured (SORTIE_CONTACT_EMAIL), or null. */
  contactEmail: z.string().nullable(),
  /** The webhook's path on this server, to paste (with the site's address) into Stripe's dashboard. */
  webhookPath: z.string(),
});
export type StripeStatus = z.infer<typeof StripeStatusSchema>;

export const StripeRedirectSchema = z.object({ url: z.string() });

export const StripeSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  customerId: z.string(),
  userId: z.string().nullable(),
  /** The account's name or e-mail, for the dashboard. */
  userLabel: z.string().nullable(),
  status: z.string(),
  currentPeriodEnd: IsoDateTimeSchema.nullable(),
  updatedAt: IsoDateTimeSchema,
});
export type StripeSubscription = z.infer<typeof StripeSubscriptionSchema>;
export const StripeSubscriptionListSchema = z.object({ items: z.array(StripeSubscriptionSchema) });

/** The success page's question: was this Checkout session paid, by the signed-in account? */
export const StripeSessionCheckSchema = z.discriminatedUnion('paid', [
  z.object({ paid: z.literal(true), subscription: StripeSubscriptionSchema.nullable() }),
  z.object({ paid: z.literal(false), message: z.string() }),
]);
export type StripeSessionCheck = z.infer<typeof StripeSessionCheckSchema>;
