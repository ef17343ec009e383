import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { ADOPTED_CITY_KEY, CITY_KEY } from './preferences';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await import('../pages/PlacesPage');
}, 60_000);

const ME = anId(4200);
const config = { cities: ['Poitiers', 'Tours', 'Niort'] };
/** The header's city button, named « Ville : … » after the city it shows. */
const cityShown = () => screen.getByRole('button', { name: /^Ville : / }).textContent?.replace(/\s+/g, ' ').trim();

describe('the profile city is the agenda’s city on every device (issue 30)', () => {
  it('is taken by a new device as the page opens with the session', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ _id: ME, city: 'Tours' }));
    await renderApp({ path: '/places', api, config });
    expect(await screen.findByRole('button', { name: 'Ville : Tours' })).toBeTruthy();
    expect(localStorage.getItem(CITY_KEY)).toBe('Tours');
    // The agenda's link follows.
    expect(within(screen.getByRole('navigation', { name: 'Navigation principale' })).getByRole('link', { name: 'Agenda' }).getAttribute('href')).toBe('/home/Tours');
  });

  it('is taken at sign-in, over the city this browser had', async () => {
    localStorage.setItem(CITY_KEY, 'Niort');
    // This browser took Tours from this account before, then the visitor chose Niort: a sign-in still brings Tours back.
    localStorage.setItem(ADOPTED_CITY_KEY, `${ME}:Tours`);
    const { user, fakes } = await renderApp({ path: '/places', config });
    expect(await screen.findByRole('button', { name: 'Ville : Niort' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Se connecter' }));
    fakes.api.userAfterLogin = aUser({ _id: ME, city: 'Tours', displayName: 'Camille Martin' });
    await user.type(dialog.getByLabelText('Adresse e-mail'), 'camille@example.fr');
    await user.type(dialog.getByLabelText('Mot de passe'), 'motdepasse-solide');
    await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('button', { name: 'Mon compte (Camille Martin)' })).toBeTruthy();
    await waitFor(() => expect(cityShown()).toBe('Ville : Tours'));
    expect(localStorage.getItem(CITY_KEY)).toBe('Tours');
  });

  it('leaves a city picked since on this device, until the profile city changes', async () => {
    localStorage.setItem(CITY_KEY, 'Niort');
    localStorage.setItem(ADOPTED_CITY_KEY, `${ME}:Tours`);
    const api = new FakeProductApi().signedInAs(aUser({ _id: ME, city: 'Tours', displayName: 'Camille Martin' }));
    const first = await renderApp({ path: '/places', api, config });
    expect(await screen.findByRole('button', { name: 'Mon compte (Camille Martin)' })).toBeTruthy();
    expect(cityShown()).toBe('Ville : Niort');
    first.unmount();

    // The profile city was changed on another device: the next page here takes it.
    api.signedInAs(aUser({ _id: ME, city: 'Poitiers', displayName: 'Camille Martin' }));
    await renderApp({ path: '/places', api, config });
    expect(await screen.findByRole('button', { name: 'Ville : Poitiers' })).toBeTruthy();
    expect(localStorage.getItem(ADOPTED_CITY_KEY)).toBe(`${ME}:Poitiers`);
  });

  it('keeps this browser’s city for an account without a profile city', async () => {
    localStorage.setItem(CITY_KEY, 'Niort');
    const { city: _none, ...withoutCity } = aUser({ _id: ME, displayName: 'Camille Martin' });
    const api = new FakeProductApi().signedInAs(withoutCity);
    await renderApp({ path: '/places', api, config });
    expect(await screen.findByRole('button', { name: 'Mon compte (Camille Martin)' })).toBeTruthy();
    expect(cityShown()).toBe('Ville : Niort');
  });
});
