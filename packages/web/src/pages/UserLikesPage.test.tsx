import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, pathFor } from '@sortie/core';
import { FakeProductApi, aUser, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';
import { LIKES_PAGE_SIZE } from './UserLikesPage';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./UserLikesPage')]);
}, 60_000);


const liked = anEvent({ _id: anId(1200), title: 'Quiz musical', startsAt: '2026-01-20T19:30:00.000Z', price: { min: 500, max: 500 } });

describe('/users/likes', () => {
  it('invites a visitor to sign in', async () => {
    await renderApp({ path: '/users/likes' });
    expect(await screen.findByText('Connectez-vous pour retrouver les événements que vous aimez.')).toBeTruthy();
  });

  it('lists the liked events with date and price, linking to each', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), { 'GET /me/likes': pageOf([liked]) });
    await renderApp({ path: '/users/likes', api });
    const link = await screen.findByRole('link', { name: 'Quiz musical' });
    expect(link.getAttribute('href')).toBe(pathFor('event', { id: liked._id }));
    const item = link.closest('li')!.textContent;
    expect(item).toMatch(/mardi 20 janvier à 20:30 · Poitiers/);
    expect(item).toMatch(/5\s€/);
    // The header's bell reads its own page of notifications too: the page's request is among the calls, not necessarily the last.
    expect(api.callsTo('request')).toContainEqual(['GET', '/me/likes', { query: { limit: LIKES_PAGE_SIZE, offset: 0 } }]);
  });

  it('takes a like back at once, and puts it back with a French message when the server fails', async () => {
    let fail = true;
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/likes': pageOf([liked]),
      [`DELETE /me/likes/${liked._id}`]: () => {
        if (fail) throw new ApiError('Erreur', { statusCode: 500 });
        return { liked: false, eventId: liked._id };
      },
    });
    const { user } = await renderApp({ path: '/users/likes', api });
    await user.click(await screen.findByRole('button', { name: 'Retirer « Quiz musical » de mes favoris' }));
    expect((await screen.findByRole('alert')).textContent).toBe('« Quiz musical » n’a pas pu être retiré de vos favoris. Réessayez.');
    expect(screen.getByRole('link', { name: 'Quiz musical' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retirer « Quiz musical » de mes favoris' }));
    expect(screen.queryByRole('link', { name: 'Quiz musical' })).toBeNull();
    expect(screen.getByText(/Vous n’avez encore aimé aucun événement/)).toBeTruthy();
  });

  it('offers the agenda of the visitor’s city when nothing is liked', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), { 'GET /me/likes': pageOf([]) });
    await renderApp({ path: '/users/likes', api });
    const agenda = await screen.findByRole('link', { name: /Découvrir l’agenda de/ });
    expect(agenda.getAttribute('href')).toMatch(/^\/home\//);
    expect(within(screen.getByRole('main')).queryByRole('alert')).toBeNull();
  });
});
