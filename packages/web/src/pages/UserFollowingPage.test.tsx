import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, pathFor } from '@sortie/core';
import { FakeProductApi, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';
import { FOLLOWING_PAGE_SIZE } from './UserFollowingPage';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./UserFollowingPage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';
const follow = (n: number, kind: string, name: string | null) => ({ _id: anId(n), userId: anId(1), target: { kind, id: anId(n + 50) }, name, createdAt: WHEN, updatedAt: WHEN });

describe('/users/following', () => {
  it('invites a visitor to sign in', async () => {
    await renderApp({ path: '/users/following' });
    expect(await screen.findByText('Connectez-vous pour suivre vos lieux, organisateurs et artistes préférés.')).toBeTruthy();
  });

  it('lists what the user follows, by kind, with links; a deleted target is named so', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/following': pageOf([follow(1300, 'place', 'Le Tap Garden'), follow(1301, 'artist', 'La Rue Ketanou'), follow(1302, 'organization', null)]),
    });
    await renderApp({ path: '/users/following', api });
    const place = await screen.findByRole('link', { name: 'Le Tap Garden' });
    expect(place.getAttribute('href')).toBe(pathFor('place', { id: anId(1350) }));
    expect(within(place.closest('li')!).getByText('Lieu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'La Rue Ketanou' }).getAttribute('href')).toBe(pathFor('artist', { id: anId(1351) }));
    expect(screen.getByText('Organisation supprimée')).toBeTruthy();
    // The header's bell reads its own page of notifications too: the page's request is among the calls, not necessarily the last.
    expect(api.callsTo('request')).toContainEqual(['GET', '/me/following', { query: { limit: FOLLOWING_PAGE_SIZE, offset: 0 } }]);
  });

  it('unfollows at once; a failure puts the line back with a French message', async () => {
    let fail = true;
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/following': pageOf([follow(1310, 'place', 'Le Tap Garden')]),
      [`DELETE /me/follows/${anId(1310)}`]: () => {
        if (fail) throw new ApiError('fetch failed', { statusCode: 0 });
        return undefined;
      },
    });
    const { user } = await renderApp({ path: '/users/following', api });
    await user.click(await screen.findByRole('button', { name: 'Ne plus suivre Le Tap Garden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de ne plus suivre Le Tap Garden pour le moment. Réessayez.');
    expect(screen.getByRole('link', { name: 'Le Tap Garden' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Ne plus suivre Le Tap Garden' }));
    expect(screen.queryByRole('link', { name: 'Le Tap Garden' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Parcourir les lieux' }).getAttribute('href')).toBe('/places');
  });

  it('pages through the follows on the server', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/following': ({ query }) => pageOf([follow(1320 + Number(query?.offset ?? 0), 'place', `Lieu ${query?.offset}`)], { total: FOLLOWING_PAGE_SIZE + 1, limit: FOLLOWING_PAGE_SIZE, offset: Number(query?.offset ?? 0) }),
    });
    const { user } = await renderApp({ path: '/users/following', api });
    await screen.findByRole('link', { name: 'Lieu 0' });
    await user.click(screen.getByRole('button', { name: 'Suivant →' }));
    expect(await screen.findByRole('link', { name: `Lieu ${FOLLOWING_PAGE_SIZE}` })).toBeTruthy();
    expect(screen.getByText('Page 2 sur 2')).toBeTruthy();
  });
});
