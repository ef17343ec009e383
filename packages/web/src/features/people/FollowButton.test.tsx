import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';
import { answerRequests } from './testing';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('../../pages/OrganizationPage')]);
}, 60_000);


// The follow button is exercised on an organisation page, the simplest page that has one.
const ORG = anId(300);
const organization = { _id: ORG, name: 'Jazz à Poitiers', description: '', memberIds: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

/** The button once it takes clicks: it waits, disabled, while the session's version loads and says whether the target is followed. */
async function ready(name: string): Promise<HTMLButtonElement> {
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(false));
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

function signedInApi() {
  return new FakeProductApi().signedInAs(aUser()).seed('organizations', organization);
}

describe('follow button', () => {
  it('asks a visitor to sign in', async () => {
    const { user } = await renderApp({ path: `/organizations/${ORG}`, api: new FakeProductApi().seed('organizations', organization) });
    // The button waits, disabled, until the session says nobody is signed in.
    await user.click(await ready('Suivre Jazz à Poitiers'));
    expect(await screen.findByRole('dialog', { name: 'Se connecter' })).toBeTruthy();
  });

  it('follows at once, then unfollows with the id the server gave', async () => {
    const api = signedInApi();
    let release!: () => void;
    answerRequests(api, {
      [`GET /me/follows/organization/${ORG}`]: { follow: null },
      'POST /me/follows': () => new Promise((resolve) => (release = () => resolve({ _id: anId(301), target: { kind: 'organization', id: ORG } }))),
      // 204, as the server answers an unfollow.
      [`DELETE /me/follows/${anId(301)}`]: () => undefined,
    });
    const { user } = await renderApp({ path: `/organizations/${ORG}`, api });
    await user.click(await ready('Suivre Jazz à Poitiers'));
    // Optimistic: the button says « Suivi » before the server answers.
    const followed = screen.getByRole('button', { name: 'Suivi — ne plus suivre Jazz à Poitiers' });
    expect(followed.textContent).toContain('Suivi');
    // (The header's bell reads its notifications too: the follow is one of the requests, not necessarily the last.)
    expect(api.callsTo('request')).toContainEqual(['POST', '/me/follows', { body: { kind: 'organization', id: ORG } }]);
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Suivi — ne plus suivre Jazz à Poitiers' })).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Suivi — ne plus suivre Jazz à Poitiers' }));
    expect(await screen.findByRole('button', { name: 'Suivre Jazz à Poitiers' })).toBeTruthy();
    expect(api.callsTo('request').map((call) => call.slice(0, 2))).toContainEqual(['DELETE', `/me/follows/${anId(301)}`]);
  });

  it('shows an existing follow, and goes back with a French message when unfollowing fails', async () => {
    const api = signedInApi();
    answerRequests(api, {
      [`GET /me/follows/organization/${ORG}`]: { follow: { _id: anId(302), target: { kind: 'organization', id: ORG } } },
      [`DELETE /me/follows/${anId(302)}`]: () => {
        throw new ApiError('fetch failed', { statusCode: 0 });
      },
    });
    const { user } = await renderApp({ path: `/organizations/${ORG}`, api });
    await user.click(await ready('Suivi — ne plus suivre Jazz à Poitiers'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de ne plus suivre pour le moment. Réessayez.');
    expect(screen.getByRole('button', { name: 'Suivi — ne plus suivre Jazz à Poitiers' }).textContent).toContain('Suivi');
  });

  it('rolls a failed follow back', async () => {
    const api = signedInApi();
    answerRequests(api, {
      [`GET /me/follows/organization/${ORG}`]: { follow: null },
      'POST /me/follows': () => {
        throw new ApiError('Erreur', { statusCode: 500 });
      },
    });
    const { user } = await renderApp({ path: `/organizations/${ORG}`, api });
    await user.click(await ready('Suivre Jazz à Poitiers'));
    expect((await screen.findByRole('alert')).textContent).toBe('Votre abonnement n’a pas pu être enregistré. Réessayez.');
    expect(screen.getByRole('button', { name: 'Suivre Jazz à Poitiers' }).textContent).toContain('Suivre');
  });
});
