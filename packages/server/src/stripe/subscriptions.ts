import type { StripeSubscription } from '@sortie/core';
import type { Db } from '../db/database';
import type { StripeEvent, StripePort, Subscription } from './port';
import { checkoutSessionOf, subscriptionOf } from './port';

/*
 * The subscriptions' state as Sortie keeps it (table stripe_subscriptions), and the webhook's
 * events applied once each (table stripe_events). An event older than the last one applied to a
 * subscription does not undo it (Stripe does not promise the order of its deliveries).
 */

interface Row extends Record<string, unknown> {
  subscription_id: string;
  customer_id: string;
  user_id: string | null;
  user_label: string | null;
  status: string;
  current_period_end: Date | string | null;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const viewOf = (row: Row): StripeSubscription => ({
  subscriptionId: row.subscription_id,
  customerId: row.customer_id,
  userId: row.user_id,
  userLabel: row.user_label,
  status: row.status,
  currentPeriodEnd: row.current_period_end ? iso(row.current_period_end) : null,
  updatedAt: iso(row.updated_at),
});

const SELECT = `SELECT s.*, COALESCE(NULLIF(u.data->>'displayName', ''), u.email) AS user_label
  FROM stripe_subscriptions s LEFT JOIN users u ON u.id = s.user_id`;

/** Records a subscription's state (from an event created at `eventAt`, Unix seconds, or from a fresh read when null). */
export async function saveSubscription(db: Db, subscription: Subscription, options: { userId?: string | null; checkoutSessionId?: string | null; eventAt: number | null; now: number }): Promise<void> {
  await db.query(
    `INSERT INTO stripe_subscriptions (subscription_id, customer_id, user_id, status, current_period_end, checkout_session_id, last_event_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, to_timestamp($5), $6, to_timestamp($7), to_timestamp($8 / 1000.0), to_timestamp($8 / 1000.0))
     ON CONFLICT (subscription_id) DO UPDATE SET
       customer_id = EXCLUDED.customer_id,
       user_id = COALESCE(EXCLUDED.user_id, stripe_subscriptions.user_id),
       status = EXCLUDED.status,
       current_period_end = COALESCE(EXCLUDED.current_period_end, stripe_subscriptions.current_period_end),
       checkout_session_id = COALESCE(EXCLUDED.checkout_session_id, stripe_subscriptions.checkout_session_id),
       last_event_at = GREATEST(EXCLUDED.last_event_at, stripe_subscriptions.last_event_at),
       updated_at = EXCLUDED.updated_at
     WHERE EXCLUDED.last_event_at IS NULL OR stripe_subscriptions.last_event_at IS NULL OR EXCLUDED.last_event_at >= stripe_subscriptions.last_event_at`,
    [subscription.id, subscription.customerId, options.userId ?? subscription.userId, subscription.status, subscription.currentPeriodEnd, options.checkoutSessionId ?? null, options.eventAt, options.now],
  );
}

export async function findSubscription(db: Db, subscriptionId: string): Promise<StripeSubscription | null> {
  const [row] = await db.query<Row>(`${SELECT} WHERE s.subscription_id = $1`, [subscriptionId]);
  return row ? viewOf(row) : null;
}

/** Every subscription, the most recently changed first. */
export async function listSubscriptions(db: Db): Promise<StripeSubscription[]> {
  const rows = await db.query<Row>(`${SELECT} ORDER BY s.updated_at DESC, s.subscription_id LIMIT 1000`);
  return rows.map(viewOf);
}

/** The account's Stripe customer (its latest subscription's), or null. */
export async function customerOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC LIMIT 1', [userId]);
  return row?.customer_id ?? null;
}

/** What a verified event changes, read before the transaction (a Checkout session's subscription is fetched from Stripe). */
export async function planEvent(port: StripePort, event: StripeEvent): Promise<{ subscription: Subscription; userId: string | null; checkoutSessionId: string | null } | null> {
  if (event.type === 'checkout.session.completed') {
    const session = checkoutSessionOf(event.object);
    if (!session.subscriptionId) return null;
    const subscription = await port.retrieveSubscription(session.subscriptionId);
    return subscription ? { subscription, userId: session.clientReferenceId, checkoutSessionId: session.id } : null;
  }
  if (event.type.startsWith('customer.subscription.')) return { subscription: subscriptionOf(event.object), userId: null, checkoutSessionId: null };
  return null;
}

/** Applies an event once: false when its id was already recorded (Stripe delivers again until it gets a 2xx). */
export async function applyEvent(db: Db, event: StripeEvent, plan: Awaited<ReturnType<typeof planEvent>>, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query('INSERT INTO stripe_events (event_id, type, received_at) VALUES ($1, $2, to_timestamp($3 / 1000.0)) ON CONFLICT (event_id) DO NOTHING RETURNING event_id', [event.id, event.type, now]);
    if (inserted.length === 0) return false;
    if (plan) await saveSubscription(tx, plan.subscription, { userId: plan.userId, checkoutSessionId: plan.checkoutSessionId, eventAt: event.created, now });
    return true;
  });
}
