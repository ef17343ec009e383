import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./UserBadgesPage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';

describe('/users/badges', () => {
  it('invites a visitor to sign in', async () => {
    await renderApp({ path: '/users/badges' });
    expect(await screen.findByText('Connectez-vous pour voir les badges que vous avez gagnés.')).toBeTruthy();
  });

  it('shows the badges earned, with the day each was earned', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/badges': pageOf([{ _id: anId(1400), name: 'Noctambule', description: 'Dix soirées en un mois.', icon: 'mdiWeatherNight', rule: '', awardedAt: '2026-01-10T22:00:00.000Z', createdAt: WHEN, updatedAt: WHEN }]),
    });
    await renderApp({ path: '/users/badges', api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Noctambule' })).toBeTruthy();
    expect(screen.getByText('Dix soirées en un mois.')).toBeTruthy();
    expect(screen.getByText('Obtenu le samedi 10 janvier 2026')).toBeTruthy();
  });

  it('encourages a user without badge', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), { 'GET /me/badges': pageOf([]) });
    await renderApp({ path: '/users/badges', api });
    expect(await screen.findByText(/Pas encore de badge/)).toBeTruthy();
  });

  it('explains a failure in French', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/badges': () => {
        throw new ApiError('Erreur', { statusCode: 500 });
      },
    });
    await renderApp({ path: '/users/badges', api });
    expect((await screen.findByRole('alert')).textContent).toContain('Une erreur est survenue de notre côté');
  });
});
