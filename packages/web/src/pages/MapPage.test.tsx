import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

vi.mock('../features/map/MapView', () => import('../features/map/MapView.mock'));

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./MapPage');
}, 60_000);

const confort = { _id: anId(1), name: 'Confort Moderne', city: 'Poitiers', address: { street: '185 rue du Faubourg du Pont-Neuf', postalCode: '86000', city: 'Poitiers' }, location: { lat: 46.58, lng: 0.35 } };
const noGps = { _id: anId(2), name: 'Salle sans coordonnées', city: 'Poitiers', address: { street: '', postalCode: '86000', city: 'Poitiers' } };

describe('the map (/map)', () => {
  it('lists the city’s places and upcoming events and pins those with a location', async () => {
    const api = new FakeProductApi().seed('places', confort, noGps).seed('events', anEvent({ _id: anId(3), title: 'Concert', placeId: anId(1) }));
    await renderApp({ path: '/map', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Carte' })).toBeTruthy();
    const list = await screen.findByRole('complementary', { name: 'Liste des lieux et des événements' });
    expect(await within(list).findByRole('link', { name: 'Confort Moderne' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Salle sans coordonnées' }).getAttribute('href')).toBe(`/places/${anId(2)}`);
    expect(within(list).getByRole('link', { name: 'Concert' }).getAttribute('href')).toBe(`/events/${anId(3)}`);
    const pins = within(screen.getByRole('list', { name: 'Marqueurs' })).getAllByRole('listitem');
    expect(pins.map((pin) => [pin.textContent, pin.getAttribute('data-kind')])).toEqual([
      ['Confort Moderne', 'place'],
      ['Concert', 'event'],
    ]);
    expect(api.lastCallTo('list')).toEqual(['places', { city: 'Poitiers', limit: 100 }]);
    expect(api.lastCallTo('listEvents')?.[0]).toMatchObject({ city: 'Poitiers', upcoming: 'true', limit: 50 });
  });

  it('shows a place of the list on the map, and the one named in the address', async () => {
    const api = new FakeProductApi().seed('places', confort);
    const { user } = await renderApp({ path: `/map?place=${anId(1)}`, api });
    const map = await screen.findByRole('region', { name: 'Carte des lieux et événements de Poitiers' });
    expect(map.getAttribute('data-selected')).toBe(anId(1));
    const show = await screen.findByRole('button', { name: 'Montrer Confort Moderne sur la carte' });
    expect(show.getAttribute('aria-pressed')).toBe('true');
    await user.click(show);
    expect(map.getAttribute('data-selected')).toBe(anId(1));
  });

  it('changes city through the address', async () => {
    const api = new FakeProductApi();
    const { user, navigator } = await renderApp({ path: '/map', api, config: { cities: ['Poitiers', 'Niort'] } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Ville' }), 'Niort');
    expect(navigator.location).toBe('/map?city=Niort');
    expect(await screen.findByText('Aucun lieu ni événement à afficher à Niort pour le moment.')).toBeTruthy();
    expect(api.lastCallTo('list')).toEqual(['places', { city: 'Niort', limit: 100 }]);
  });

  it('says in French when the places cannot be loaded', async () => {
    await renderApp({ path: '/map', api: new FakeProductApi().fail('list', new ApiError('boom', { statusCode: 503 })) });
    expect((await screen.findByRole('alert')).textContent).toContain('Une erreur est survenue de notre côté');
  });
});
