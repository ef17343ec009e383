import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, anId } from '@sortie/core/testing';
import type { Query } from '@sortie/core';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./JobOffersPage')]);
}, 60_000);


const offer = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: anId(110 + n), title: `Offre ${n}`, contract: 'CDI', city: 'Poitiers', description: `Description de l’offre ${n}.`, publishedAt: '2026-01-10T09:00:00Z',
  applyEmail: 'recrutement@exemple.fr', createdAt: '2026-01-10T09:00:00Z', updatedAt: '2026-01-10T09:00:00Z', ...overrides,
});

/** The server's /jobOffers/open, over a list: contract and city filters, pagination. */
function jobsApi(offers: Array<ReturnType<typeof offer>>) {
  return new FakeProductApi().answer('request', (method: string, path: string, { query = {} }: { query?: Query }) => {
    if (method !== 'GET' || path !== '/jobOffers/open') throw new Error(`unexpected ${method} ${path}`);
    const matching = offers.filter((o) => (!query['contract'] || o.contract === query['contract']) && (!query['city'] || o.city.toLowerCase() === String(query['city']).toLowerCase()));
    const offset = Number(query['offset'] ?? 0);
    const limit = Number(query['limit'] ?? 20);
    return { meta: { total: matching.length, limit, offset }, items: matching.slice(offset, offset + limit) };
  });
}
const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('/jobOffers', () => {
  it('lists the offers and opens one for its details and how to apply', async () => {
    const api = jobsApi([offer(1, { salary: '1 900 € brut', applyEmail: undefined, applyUrl: 'https://emplois.exemple.fr/1' }), offer(2)]);
    const { user } = await renderApp({ path: '/jobOffers', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offres d’emploi' }, { timeout: 5000 })).toBeTruthy();
    expect(titles()).toEqual(['Offre 1', 'Offre 2']);
    const first = screen.getByRole('article', { name: 'Offre 1' });
    const toggle = within(first).getByRole('button', { name: 'Voir le détail de l’offre « Offre 1 »' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).queryByRole('link')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByText('1 900 € brut')).toBeTruthy();
    const online = within(first).getByRole('link', { name: 'Postuler en ligne' });
    expect(online.getAttribute('href')).toBe('https://emplois.exemple.fr/1');
    expect(online.getAttribute('rel')).toBe('noopener noreferrer');
    const second = screen.getByRole('article', { name: 'Offre 2' });
    await user.click(within(second).getByRole('button', { name: /Voir le détail/ }));
    expect(within(second).getByRole('link', { name: 'Postuler par e-mail (recrutement@exemple.fr)' }).getAttribute('href')).toBe(
      'mailto:recrutement@exemple.fr?subject=Candidature%20%3A%20Offre%202',
    );
  });

  it('filters by contract and by city, in the address', async () => {
    const api = jobsApi([offer(1), offer(2, { contract: 'CDD' }), offer(3, { contract: 'CDD', city: 'Tours' })]);
    const { user, navigator } = await renderApp({ path: '/jobOffers', api });
    await screen.findByText('Offre 1');
    await user.selectOptions(screen.getByLabelText('Type de contrat'), 'CDD');
    expect(await screen.findByText('Offre 3')).toBeTruthy();
    expect(titles()).toEqual(['Offre 2', 'Offre 3']);
    expect(navigator.location).toBe('/jobOffers?contrat=CDD');
    await user.type(within(screen.getByRole('search', { name: 'Filtrer les offres' })).getByLabelText('Ville'), 'tours');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await screen.findByText('1 offre');
    expect(titles()).toEqual(['Offre 3']);
    expect(api.lastCallTo('request')).toEqual(['GET', '/jobOffers/open', { query: { limit: 10, offset: 0, contract: 'CDD', city: 'tours' } }]);
    await user.selectOptions(screen.getByLabelText('Type de contrat'), 'stage');
    expect(await screen.findByText('Aucune offre ne correspond à ces filtres pour le moment.')).toBeTruthy();
  });

  it('pages through the offers ten by ten', async () => {
    const api = jobsApi(Array.from({ length: 12 }, (_, i) => offer(i + 1)));
    const { user, navigator } = await renderApp({ path: '/jobOffers', api });
    await screen.findByText('Offre 1');
    expect(titles()).toHaveLength(10);
    expect(screen.getByText('Page 1 sur 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Offre 11')).toBeTruthy();
    expect(titles()).toEqual(['Offre 11', 'Offre 12']);
    expect(navigator.location).toBe('/jobOffers?page=2');
    expect((screen.getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when there is no offer, and when the list cannot load', async () => {
    await renderApp({ path: '/jobOffers', api: jobsApi([]) });
    expect(await screen.findByText('Aucune offre d’emploi ouverte pour le moment. Revenez bientôt !')).toBeTruthy();
  });
});
