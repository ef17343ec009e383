import { z } from 'zod';
import { IsoDateTimeSchema } from './schemas/common.schema';
import { SUBSCRIPTION_STATUSES } from './stripe-text';

/*
 * Sortie Pro subscriptions paid through Stripe (issue 23): what the API answers about them, the
 * French names of their states, and the one rule of which states give access to Sortie Pro.
 * The server keeps each subscription's state from Stripe's signed webhooks.
 */

export * from './stripe-text';
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

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
