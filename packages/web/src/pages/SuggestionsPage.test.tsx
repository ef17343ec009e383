import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, pathFor } from '@sortie/core';
import { FakeProductApi, aUser, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';
import { SUGGESTIONS_PAGE_SIZE } from './SuggestionsPage';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./SuggestionsPage')]);
}, 60_000);


describe('/suggestions', () => {
  it('invites a visitor to sign in', async () => {
    await renderApp({ path: '/suggestions' });
    expect(await screen.findByText(/Connectez-vous : vos suggestions se font/)).toBeTruthy();
  });

  it('shows the server’s ranking, in the user’s city', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser({ city: 'Niort' })), {
      'GET /me/suggestions': pageOf([anEvent({ _id: anId(1500), title: 'Au lieu suivi', city: 'Niort' }), anEvent({ _id: anId(1501), title: 'Même catégorie', city: 'Niort' })]),
    });
    await renderApp({ path: '/suggestions', api });
    expect(await screen.findByText('À Niort, d’après ce que vous suivez et aimez.')).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /Au lieu suivi|Même catégorie/ });
    expect(links.map((l) => l.textContent)).toEqual(['Au lieu suivi', 'Même catégorie']);
    expect(links[0]!.getAttribute('href')).toBe(pathFor('event', { id: anId(1500) }));
    // The header's bell reads its own page of notifications too: the page's request is among the calls, not necessarily the last.
    expect(api.callsTo('request')).toContainEqual(['GET', '/me/suggestions', { query: { limit: SUGGESTIONS_PAGE_SIZE, offset: 0 } }]);
  });

  it('says when there is nothing to suggest', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser({ city: 'Niort' })), { 'GET /me/suggestions': pageOf([]) });
    await renderApp({ path: '/suggestions', api });
    expect(await screen.findByText(/Aucun événement à venir à Niort pour le moment/)).toBeTruthy();
  });

  it('explains a failure in French', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/suggestions': () => {
        throw new ApiError('fetch failed', { statusCode: 0 });
      },
    });
    await renderApp({ path: '/suggestions', api });
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre Sortie');
  });
});
