import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, aNotification, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';
import { deliverPush } from '../test/push';

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

  it('says how each badge is earned, and lists those still to earn (not those awarded by hand)', async () => {
    const premier = { _id: anId(1401), name: 'Premier pas', description: 'Votre premier événement aimé.', icon: 'mdiShoePrint', rule: { kind: 'firstLike' }, createdAt: WHEN, updatedAt: WHEN };
    const api = answerRequests(
      new FakeProductApi()
        .signedInAs(aUser())
        .seed('badges', premier, { _id: anId(1402), name: 'Voyageur', rule: { kind: 'cityExplorer', count: 3 } }, { _id: anId(1403), name: 'Coup de cœur de l’équipe', rule: { kind: 'manual' } }),
      { 'GET /me/badges': pageOf([{ ...premier, awardedAt: '2026-01-10T22:00:00.000Z' }]) },
    );
    await renderApp({ path: '/users/badges', api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Premier pas' })).toBeTruthy();
    expect(screen.getByText('Aimer un premier événement')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'À gagner' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Voyageur' })).toBeTruthy();
    expect(screen.getByText('Sortir dans 3 villes différentes')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Coup de cœur de l’équipe' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 3, name: 'Premier pas' })).toBeNull();
  });

  it('shows a badge awarded while the page is open, on its notification, without a reload', async () => {
    let earned: unknown[] = [];
    const notification = aNotification({ _id: anId(1404), title: 'Nouveau badge : Premier pas', link: '/users/badges' });
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()).seed('notifications', notification), { 'GET /me/badges': () => pageOf(earned) });
    const { fakes } = await renderApp({ path: '/users/badges', api });
    expect(await screen.findByText(/Aimez votre premier événement pour gagner « Premier pas »/)).toBeTruthy();
    earned = [{ _id: anId(1405), name: 'Premier pas', description: 'Votre premier événement aimé.', icon: 'mdiShoePrint', rule: { kind: 'firstLike' }, awardedAt: WHEN, createdAt: WHEN, updatedAt: WHEN }];
    await deliverPush(fakes.push, notification._id);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Premier pas' })).toBeTruthy());
    expect(screen.queryByText(/Pas encore de badge/)).toBeNull();
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
