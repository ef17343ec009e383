import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, aNotification, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';
import { NOTIFICATIONS_PAGE_SIZE } from './NotificationsPage';
import { deliverPush } from '../test/push';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./NotificationsPage')]);
}, 60_000);


const first = aNotification({ _id: anId(1100), title: 'Concert ce soir', body: 'Les Zèbres jouent au Confort Moderne.', link: '/places/000000000000000000000001' });
const second = aNotification({ _id: anId(1101), title: 'Nouveau badge', readAt: '2026-01-16T10:00:00.000Z' });
const serverPage = (items = [first, second], unread = 1) => ({ ...pageOf(items, { limit: NOTIFICATIONS_PAGE_SIZE }), unread });

describe('/notifications', () => {
  it('invites a visitor to sign in', async () => {
    const { user } = await renderApp({ path: '/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText('Connectez-vous pour retrouver vos notifications.')).toBeTruthy();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('dialog', { name: 'Se connecter' })).toBeTruthy();
  });

  it('lists the server’s notifications, newest first, with the unread count and links', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), { 'GET /me/notifications': serverPage() });
    await renderApp({ path: '/notifications', api });
    expect(await screen.findByText('1 notification non lue')).toBeTruthy();
    const items = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.font-semibold')?.textContent)).toEqual(['Concert ce soir', 'Nouveau badge']);
    expect(within(items[0]!).getByRole('link', { name: 'Concert ce soir' }).getAttribute('href')).toBe('/places/000000000000000000000001');
    expect(items[0]!.textContent).toContain('Non lue');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    // The header's bell reads its own page of notifications too: the page's request is among the calls, not necessarily the last.
    expect(api.callsTo('request')).toContainEqual(['GET', '/me/notifications', { query: { limit: NOTIFICATIONS_PAGE_SIZE, offset: 0 } }]);
  });

  it('marks one notification as read, then all of them', async () => {
    const third = aNotification({ _id: anId(1102), title: 'Tombola' });
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/notifications': serverPage([first, third, second], 2),
      [`PUT /me/notifications/${first._id}/read`]: { ...first, readAt: '2026-01-17T10:00:00.000Z' },
      'PUT /me/notifications/read': { updated: 1 },
    });
    const { user } = await renderApp({ path: '/notifications', api });
    await user.click(await screen.findByRole('button', { name: 'Marquer comme lue : Concert ce soir' }));
    expect(screen.getByText('1 notification non lue')).toBeTruthy();
    expect(api.callsTo('request').map((call) => call.slice(0, 2))).toContainEqual(['PUT', `/me/notifications/${first._id}/read`]);
    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    expect(screen.getByText('Tout est lu.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Marquer/ })).toBeNull();
    expect(api.callsTo('request').map((call) => call.slice(0, 2))).toContainEqual(['PUT', '/me/notifications/read']);
  });

  it('goes back and says so in French when marking fails', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/notifications': serverPage(),
      [`PUT /me/notifications/${first._id}/read`]: () => {
        throw new ApiError('fetch failed', { statusCode: 0 });
      },
    });
    const { user } = await renderApp({ path: '/notifications', api });
    await user.click(await screen.findByRole('button', { name: 'Marquer comme lue : Concert ce soir' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La notification n’a pas pu être marquée comme lue. Réessayez.');
    expect(screen.getByRole('button', { name: 'Marquer comme lue : Concert ce soir' })).toBeTruthy();
  });

  it('says when there is nothing yet, and shows a notification pushed while the page is open', async () => {
    let items: ReturnType<typeof aNotification>[] = [];
    const pushed = aNotification({ _id: anId(1103), title: 'Arrivée à l’instant' });
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()).seed('notifications', pushed), { 'GET /me/notifications': () => serverPage(items, items.length) });
    const { fakes } = await renderApp({ path: '/notifications', api });
    expect(await screen.findByText('Aucune notification pour le moment. Elles apparaîtront ici dès leur arrivée.')).toBeTruthy();
    items = [pushed];
    await deliverPush(fakes.push, pushed._id);
    await waitFor(() => expect(within(screen.getByRole('main')).getByText('Arrivée à l’instant')).toBeTruthy());
  });

  it('explains a failed load in French', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), {
      'GET /me/notifications': () => {
        throw new ApiError('fetch failed', { statusCode: 0 });
      },
    });
    await renderApp({ path: '/notifications', api });
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre Sortie');
  });
});
