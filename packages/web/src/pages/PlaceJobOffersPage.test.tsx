import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathFor } from '@sortie/core';
import { FakeProductApi, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { JOB_OFFERS_PAGE_SIZE } from './PlaceJobOffersPage';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./PlaceJobOffersPage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';
const PLACE = anId(700);
const place = { _id: PLACE, name: 'Confort Moderne', slug: 'confort-moderne', description: '', address: { street: '', postalCode: '86000', city: 'Poitiers' }, socials: {}, images: [], openingHours: {}, createdAt: WHEN, updatedAt: WHEN };
const offer = (n: number, extra: Record<string, unknown>) => ({ _id: anId(n), placeId: PLACE, city: 'Poitiers', publishedAt: '2026-01-10T09:00:00.000Z', description: '', createdAt: WHEN, updatedAt: WHEN, ...extra });

describe('/places/{id}/jobOffers', () => {
  // The test clock reads 2026-01-15T20:00:00Z: an offer expiring then is over, one a second later is open.
  it('lists the place’s offers with contract, dates and safe ways to apply', async () => {
    const api = new FakeProductApi()
      .seed('places', place)
      .seed(
        'jobOffers',
        offer(701, { title: 'Barman / barmaid', contract: 'CDI', salary: '1 900 € brut', applyUrl: 'https://emploi.example.fr/barman' }),
        offer(702, { title: 'Technicien son', contract: 'extra', applyEmail: 'jobs@confort.example.fr', expiresAt: '2026-01-15T20:00:01.000Z' }),
        offer(703, { title: 'Ancien poste', contract: 'CDD', applyEmail: 'x@confort.example.fr', expiresAt: '2026-01-15T20:00:00.000Z' }),
      );
    await renderApp({ path: pathFor('placeJobOffers', { id: PLACE }), api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offres d’emploi · Confort Moderne' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Confort Moderne' }).getAttribute('href')).toBe(pathFor('place', { id: PLACE }));
    const barman = screen.getByRole('heading', { name: 'Barman / barmaid' }).closest('li')!;
    expect(within(barman).getByText('CDI')).toBeTruthy();
    expect(barman.textContent).toContain('publiée le samedi 10 janvier 2026');
    expect(barman.textContent).toContain('1 900 € brut');
    expect(within(barman).getByRole('link', { name: /Postuler en ligne/ }).getAttribute('href')).toBe('https://emploi.example.fr/barman');
    const sound = screen.getByRole('heading', { name: 'Technicien son' }).closest('li')!;
    expect(within(sound).getByText('Extra')).toBeTruthy();
    expect(within(sound).getByRole('link', { name: 'Postuler par e-mail' }).getAttribute('href')).toMatch(/^mailto:jobs@confort\.example\.fr\?subject=/);
    const old = screen.getByRole('heading', { name: 'Ancien poste' }).closest('li')!;
    expect(within(old).getByText('Offre expirée')).toBeTruthy();
    expect(within(old).queryByRole('link')).toBeNull();
    expect(api.lastCallTo('list')).toEqual(['jobOffers', { placeId: PLACE, limit: JOB_OFFERS_PAGE_SIZE, offset: 0 }]);
  });

  it('says when the place is not hiring', async () => {
    await renderApp({ path: pathFor('placeJobOffers', { id: PLACE }), api: new FakeProductApi().seed('places', place) });
    expect(await screen.findByText('Ce lieu ne recrute pas en ce moment. Revenez bientôt !')).toBeTruthy();
  });
});
