import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, pathFor } from '@sortie/core';
import { FakeProductApi, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { PLACES_PAGE_SIZE } from './PlacesPage';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./PlacesPage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';
const aPlace = (n: number, name: string, extra: Record<string, unknown> = {}) => ({
  _id: anId(n), name, slug: `lieu-${n}`, description: '', address: { street: `${n} rue Carnot`, postalCode: '86000', city: 'Poitiers' },
  socials: {}, images: [], openingHours: {}, createdAt: WHEN, updatedAt: WHEN, ...extra,
});
const BAR = anId(500);
const filters = () => within(screen.getByRole('search', { name: 'Filtrer les lieux' }));

describe('/places', () => {
  it('lists places with their type and address, each linking to its page', async () => {
    const api = new FakeProductApi()
      .seed('placeTypes', { _id: BAR, name: 'Bar', icon: 'mdiGlassMugVariant' })
      .seed('places', aPlace(1, 'Le Tap Garden', { typeId: BAR }), aPlace(2, 'Confort Moderne'));
    await renderApp({ path: '/places', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieux' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Le Tap Garden' });
    expect(link.getAttribute('href')).toBe(pathFor('place', { id: anId(1) }));
    const item = link.closest('li')!;
    expect(within(item).getByText('Bar')).toBeTruthy();
    expect(item.textContent).toContain('1 rue Carnot, 86000 Poitiers');
    expect(screen.getByText('2 lieux')).toBeTruthy();
  });

  it('filters by type and by city on the server, back to the first page', async () => {
    const api = new FakeProductApi().seed('placeTypes', { _id: BAR, name: 'Bar', icon: 'mdiGlassMugVariant' }).seed('places', aPlace(1, 'Le Tap Garden'));
    const { user, navigator } = await renderApp({ path: '/places?page=3', api, config: { cities: ['Niort', 'Poitiers'] } });
    expect(await screen.findByText('Aucun lieu pour le moment.')).toBeTruthy();
    expect(api.lastCallTo('list')?.[1]).toMatchObject({ offset: 2 * PLACES_PAGE_SIZE });
    await user.selectOptions(filters().getByLabelText('Type de lieu'), 'Bar');
    await waitFor(() => expect(api.lastCallTo('list')).toEqual(['places', { limit: PLACES_PAGE_SIZE, offset: 0, typeId: BAR, city: undefined }]));
    await user.selectOptions(filters().getByLabelText('Ville'), 'Niort');
    await waitFor(() => expect(api.lastCallTo('list')).toEqual(['places', { limit: PLACES_PAGE_SIZE, offset: 0, typeId: BAR, city: 'Niort' }]));
    expect(navigator.location).toBe(`/places?type=${BAR}&city=Niort`);
  });

  it('pages through the server’s results', async () => {
    const api = new FakeProductApi().seed('places', ...Array.from({ length: PLACES_PAGE_SIZE + 1 }, (_, i) => aPlace(i + 10, `Lieu ${String(i).padStart(2, '0')}`)));
    const { user, navigator } = await renderApp({ path: '/places', api });
    await screen.findByRole('link', { name: 'Lieu 00' });
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('main'))).toHaveLength(PLACES_PAGE_SIZE);
    expect(screen.getByText('Page 1 sur 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suivant →' }));
    expect(await screen.findByRole('link', { name: `Lieu ${PLACES_PAGE_SIZE}` })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Lieu 00' })).toBeNull();
    expect(api.lastCallTo('list')).toEqual(['places', { limit: PLACES_PAGE_SIZE, offset: PLACES_PAGE_SIZE, typeId: undefined, city: undefined }]);
    expect(navigator.location).toBe('/places?page=2');
  });

  it('opens on the filters and the page the address gives', async () => {
    const api = new FakeProductApi().seed('placeTypes', { _id: BAR, name: 'Bar', icon: 'mdiGlassMugVariant' });
    await renderApp({ path: `/places?type=${BAR}&city=Niort&page=2`, api, config: { cities: ['Niort', 'Poitiers'] } });
    await waitFor(() => expect(api.lastCallTo('list')).toEqual(['places', { limit: PLACES_PAGE_SIZE, offset: PLACES_PAGE_SIZE, typeId: BAR, city: 'Niort' }]));
    expect((filters().getByLabelText('Ville') as HTMLSelectElement).value).toBe('Niort');
    await waitFor(() => expect((filters().getByLabelText('Type de lieu') as HTMLSelectElement).value).toBe(BAR));
  });

  it('says so when there is no place', async () => {
    await renderApp({ path: '/places' });
    expect(await screen.findByText('Aucun lieu pour le moment.')).toBeTruthy();
  });

  it('explains a failure in French', async () => {
    const api = new FakeProductApi().fail('list', new ApiError('fetch failed', { statusCode: 0 }));
    await renderApp({ path: '/places', api });
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre Sortie');
  });
});
