import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, grantsSortiePro, subscriptionStatusLabel } from './stripe-text';

describe('Sortie Pro subscription states', () => {
  it('names every state Stripe documents in French, and shows an unknown one as it came', () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(subscriptionStatusLabel(status)).not.toBe(status);
    expect(subscriptionStatusLabel('past_due')).toBe('Paiement en retard');
    expect(subscriptionStatusLabel('someday_new')).toBe('someday_new');
  });

  it('gives Sortie Pro while paid, on trial or while Stripe retries a late payment; not once ended, unpaid or paused', () => {
    expect(SUBSCRIPTION_STATUSES.filter(grantsSortiePro)).toEqual(['trialing', 'active', 'past_due']);
  });
});
