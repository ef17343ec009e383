import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aRuntimeConfig, aUser } from '@sortie/core/testing';
import { OPERATIONS, type CurrentUser } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';
import { CITY_KEY } from '../../services/preferences';
import { initialsOf } from './ProfileSection';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await import('../../pages/AccountPage');
}, 60_000);

afterEach(() => localStorage.clear());

const config = aRuntimeConfig({ cities: ['Poitiers', 'Bordeaux', 'Niort'] });

/** The server's account, as PATCH /api/me/profile and PUT /api/me/avatar leave it (and /api/auth/me reads it). */
function account(start: CurrentUser) {
  const api = new FakeProductApi().signedInAs(start);
  let current = start;
  api.serve(OPERATIONS.updateMyProfile, async ({ body }) => {
    const { avatar: _drop, ...rest } = current;
    current = { ...(body.avatar === null ? rest : current), ...(body.displayName ? { displayName: body.displayName } : {}), ...(body.city ? { city: body.city } : {}) } as CurrentUser;
    api.signedInAs(current);
    return current;
  });
  api.serve(OPERATIONS.uploadMyAvatar, async () => {
    current = { ...current, avatar: '/api/images/files/0123456789abcdef01234567-192-0123456789abcdef.webp' };
    api.signedInAs(current);
    return current;
  });
  return api;
}

describe('/account’s profile', () => {
  it('saves a name and a city, and the agenda opens on that city from then on', async () => {
    const api = account(aUser({ displayName: 'Camille', city: undefined }));
    const { user } = await renderApp({ path: '/account', api, config });
    const profile = await screen.findByRole('region', { name: 'Mon profil' });
    await user.clear(within(profile).getByRole('textbox', { name: 'Nom affiché' }));
    await user.type(within(profile).getByRole('textbox', { name: 'Nom affiché' }), 'Camille Durand');
    await user.selectOptions(within(profile).getByRole('combobox', { name: /Ma ville/ }), 'Bordeaux');
    await user.click(within(profile).getByRole('button', { name: 'Enregistrer le profil' }));
    expect(await within(profile).findByText('Profil enregistré.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.updateMyProfile)).toEqual([{ body: { displayName: 'Camille Durand', city: 'Bordeaux' } }]);
    expect(localStorage.getItem(CITY_KEY)).toBe('Bordeaux');
    expect(await screen.findByRole('heading', { level: 1, name: 'Camille Durand' })).toBeTruthy();
  });

  it('refuses an empty name in French without calling the server', async () => {
    const api = account(aUser({ displayName: 'Camille' }));
    const { user } = await renderApp({ path: '/account', api, config });
    const profile = await screen.findByRole('region', { name: 'Mon profil' });
    await user.clear(within(profile).getByRole('textbox', { name: 'Nom affiché' }));
    await user.click(within(profile).getByRole('button', { name: 'Enregistrer le profil' }));
    expect((await within(profile).findByRole('alert')).textContent).toMatch(/nom affiché/i);
    expect(api.callsOf(OPERATIONS.updateMyProfile)).toEqual([]);
  });

  it('uploads a picture that replaces the initials, and removes it', async () => {
    const api = account(aUser({ displayName: 'Camille Durand' }));
    const { user } = await renderApp({ path: '/account', api, config });
    const profile = await screen.findByRole('region', { name: 'Mon profil' });
    expect(within(profile).getByText('CD')).toBeTruthy();
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'moi.jpg', { type: 'image/jpeg' });
    await user.upload(within(profile).getByLabelText('Ajouter une photo'), picture);
    expect(await within(profile).findByText('Photo enregistrée.')).toBeTruthy();
    expect(api.callsOf(OPERATIONS.uploadMyAvatar)).toEqual([{ body: picture }]);
    expect(profile.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/images\/files\//);
    await user.click(within(profile).getByRole('button', { name: 'Retirer la photo' }));
    expect(await within(profile).findByText('Photo retirée : vos initiales la remplacent.')).toBeTruthy();
    expect(profile.querySelector('img')).toBeNull();
  });

  it('makes initials from the first and last names', () => {
    expect([initialsOf('Camille Durand'), initialsOf('camille'), initialsOf('Jean-Paul de la Fontaine'), initialsOf('  ')]).toEqual(['CD', 'C', 'JF', '?']);
  });
});
