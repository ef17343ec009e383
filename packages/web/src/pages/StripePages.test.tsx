import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./StripeSuccessPage'), import('./StripeCancelPage'), import('./DevPricingPage')]);
}, 60_000);


describe('payment return pages', () => {
  it('/stripe/success confirms the payment in French, with its reference and links onward', async () => {
    await renderApp({ path: '/stripe/success?session_id=cs_test_123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement confirmé' })).toBeTruthy();
    expect(screen.getByText('cs_test_123')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Aller au tableau de bord' }).getAttribute('href')).toBe('/dashboard');
  });

  it('/stripe/cancel says nothing was charged and leads back to the offers', async () => {
    await renderApp({ path: '/stripe/cancel' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByText(/aucun montant n’a été débité/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revoir les offres' }).getAttribute('href')).toBe('/pro');
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
