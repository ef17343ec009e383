import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, aUser } from '@sortie/core/testing';
import { ApiError, STRIPE_NOTHING_PAID_MESSAGE, type StripeStatus } from '@sortie/core';
import { OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./StripeSuccessPage'), import('./StripeCancelPage'), import('./DevPricingPage'), import('./PricingPage')]);
}, 60_000);

const ACTIVATED = /Votre abonnement Sortie Pro est activé/;
const UNCONFIGURED: StripeStatus = { configured: false, missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'], contactEmail: 'pro@sortie.example', webhookPath: '/api/stripe/webhook' };
const CONFIGURED: StripeStatus = { configured: true, missing: [], contactEmail: null, webhookPath: '/api/stripe/webhook' };

describe('/stripe/success asks the server before saying anything', () => {
  it('with a forged session id: nothing was paid, and a way back to the prices', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser()).serve(OPERATIONS.stripeSession, () => ({ paid: false as const, message: STRIPE_NOTHING_PAID_MESSAGE }));
    await renderApp({ path: '/stripe/success?session_id=cs_test_forged123', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aucun paiement' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(STRIPE_NOTHING_PAID_MESSAGE);
    expect(screen.queryByText(ACTIVATED)).toBeNull();
    expect(screen.getByRole('link', { name: 'Voir les tarifs' }).getAttribute('href')).toBe('/pricing');
    expect(api.callsOf(OPERATIONS.stripeSession)).toEqual([{ path: { id: 'cs_test_forged123' } }]);
  });

  it('with a paid session of this account: the subscription is activated, with its reference', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser()).serve(OPERATIONS.stripeSession, () => ({
      paid: true as const,
      subscription: { subscriptionId: 'sub_test_1', customerId: 'cus_test_1', userId: 'u1', userLabel: 'Samir', status: 'active', currentPeriodEnd: '2026-12-25T18:00:00.000Z', updatedAt: '2026-11-25T18:00:00.000Z' },
    }));
    await renderApp({ path: '/stripe/success?session_id=cs_test_paid456', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement confirmé' })).toBeTruthy();
    expect(screen.getByText(ACTIVATED)).toBeTruthy();
    expect(screen.getByText('cs_test_paid456')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller au tableau de bord' }).getAttribute('href')).toBe('/dashboard');
  });

  it('while the server checks: a loading state, and no claim yet', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser()).serve(OPERATIONS.stripeSession, () => new Promise<never>(() => {}));
    await renderApp({ path: '/stripe/success?session_id=cs_test_slow', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification du paiement' })).toBeTruthy();
    expect(screen.queryByText(ACTIVATED)).toBeNull();
  });

  it('without a session id: nothing was paid, and the server is not asked', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser());
    await renderApp({ path: '/stripe/success', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aucun paiement' })).toBeTruthy();
    expect(screen.queryByText(ACTIVATED)).toBeNull();
    expect(api.callsOf(OPERATIONS.stripeSession)).toEqual([]);
  });

  it('on a server without Stripe keys: « Paiement non configuré »', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser()).serve(OPERATIONS.stripeSession, () => {
      throw new ApiError('Paiement non configuré', { statusCode: 503 });
    });
    await renderApp({ path: '/stripe/success?session_id=cs_test_x', api });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Paiement non configuré/);
    expect(screen.queryByText(ACTIVATED)).toBeNull();
  });
});

describe('payment return pages', () => {
  it('/stripe/cancel says nothing was charged and leads back to the offers', async () => {
    await renderApp({ path: '/stripe/cancel' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByText(/aucun montant n’a été débité/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revoir les offres' }).getAttribute('href')).toBe('/pricing');
  });
});

describe('/pricing', () => {
  it('without Stripe keys: no pay button, the contact address instead', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser()).serve(OPERATIONS.stripeStatus, () => UNCONFIGURED);
    await renderApp({ path: '/pricing', api });
    expect(await screen.findByText(/Le paiement en ligne n’est pas ouvert sur ce site/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'pro@sortie.example' }).getAttribute('href')).toBe('mailto:pro@sortie.example?subject=Abonnement%20Sortie%20Pro');
    expect(screen.queryByRole('button', { name: 'S’abonner à Sortie Pro' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Sortie Pro' })).toBeTruthy();
  });

  it('without keys nor contact address: says whom to ask', async () => {
    const api = new FakeProductApi().serve(OPERATIONS.stripeStatus, () => ({ ...UNCONFIGURED, contactEmail: null }));
    await renderApp({ path: '/pricing', api });
    expect(await screen.findByText(/contactez l’équipe qui gère ce site Sortie/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'S’abonner à Sortie Pro' })).toBeNull();
  });

  it('configured: a venue’s team account goes to Stripe Checkout', async () => {
    const api = new FakeProductApi()
      .signedInAs(aStaffUser())
      .serve(OPERATIONS.stripeStatus, () => CONFIGURED)
      .serve(OPERATIONS.stripeCheckout, () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
    const { user, navigator } = await renderApp({ path: '/pricing', api });
    await user.click(await screen.findByRole('button', { name: 'S’abonner à Sortie Pro' }));
    await waitFor(() => expect(navigator.redirects).toEqual(['https://checkout.stripe.com/c/pay/cs_test_1']));
  });

  it('configured: a visitor’s account is told the subscription is for a venue’s team', async () => {
    const api = new FakeProductApi().signedInAs(aUser()).serve(OPERATIONS.stripeStatus, () => CONFIGURED);
    await renderApp({ path: '/pricing', api });
    expect(await screen.findByText(/depuis un compte de l’équipe d’un lieu/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'S’abonner à Sortie Pro' })).toBeNull();
  });
});

describe('/dashboard/stripe', () => {
  it('without keys: what it does, the variables that configure it and the webhook address', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser()).serve(OPERATIONS.stripeStatus, () => UNCONFIGURED);
    await renderApp({ path: '/dashboard/stripe', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stripe' })).toBeTruthy();
    expect(screen.getByText(/À quoi sert cette page/)).toBeTruthy();
    expect((await screen.findByRole('note')).textContent).toContain('n’est pas configurée');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']) expect(screen.getByText(name, { exact: false, selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('http://localhost:3000/api/stripe/webhook')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.stripeSubscriptions)).toEqual([]);
  });

  it('configured: the subscriptions with their state in French', async () => {
    const api = new FakeProductApi()
      .signedInAs(aStaffUser())
      .serve(OPERATIONS.stripeStatus, () => CONFIGURED)
      .serve(OPERATIONS.stripeSubscriptions, () => ({
        items: [
          { subscriptionId: 'sub_test_1', customerId: 'cus_test_1', userId: 'u1', userLabel: 'Le Tap', status: 'past_due', currentPeriodEnd: '2026-12-25T18:00:00.000Z', updatedAt: '2026-11-25T18:00:00.000Z' },
          { subscriptionId: 'sub_test_2', customerId: 'cus_test_2', userId: 'u2', userLabel: 'La Scène', status: 'canceled', currentPeriodEnd: null, updatedAt: '2026-11-24T18:00:00.000Z' },
        ],
      }));
    await renderApp({ path: '/dashboard/stripe', api });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Le Tap');
    expect(rows[0]!.textContent).toContain('Paiement en retard');
    expect(rows[1]!.textContent).toContain('Résilié');
    expect(rows[1]!.textContent).toContain('Sans accès Sortie Pro');
    expect(table.textContent).not.toMatch(/past_due|canceled|sub_test/);
  });
});

describe('/dev/pricing', () => {
  it('shows the shared pricing table, VAT included, and links to the return pages', async () => {
    await renderApp({ path: '/dev/pricing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarifs (développement)' })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1).map((row) => [...row.children].slice(0, 5).map((c) => (c.firstChild?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')));
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['decouverte', '0 €', '0 €', '0 €'],
      ['pro', '29 €', '34,80 €', '290 €'],
      ['reseau', 'Sur devis', 'Sur devis', 'Sur devis'],
    ]);
    expect(screen.getByRole('link', { name: 'Paiement annulé (/stripe/cancel)' }).getAttribute('href')).toBe('/stripe/cancel');
  });
});
