import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aNotification, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { answerRequests, pageOf } from '../features/people/testing';
import { BELL_SIZE } from './NotificationBell';
import { deliverPush } from '../test/push';

beforeAll(async () => {
  await Promise.all([import('./NotificationBell'), import('./SessionAccount'), import('./AccountMenu')]);
}, 60_000);

const concert = aNotification({ _id: anId(1200), title: 'Concert ce soir', body: 'Les Zèbres au Confort Moderne.', link: '/places/000000000000000000000001' });
const badge = aNotification({ _id: anId(1201), title: 'Nouveau badge', readAt: '2026-01-16T10:00:00.000Z' });
const announcement = aNotification({ _id: anId(1202), title: 'Soirée annulée' });

/** The server's notifications, as GET /api/me/notifications reads them now. */
function inbox(items: ReturnType<typeof aNotification>[]) {
  let stored = [...items];
  const page = () => ({ ...pageOf(stored, { limit: BELL_SIZE }), unread: stored.filter((n) => !n.readAt).length });
  return {
    add: (notification: ReturnType<typeof aNotification>) => (stored = [notification, ...stored]),
    routes: {
      'GET /me/notifications': page,
      'PUT /me/notifications/read': () => {
        stored = stored.map((n) => ({ ...n, readAt: n.readAt ?? '2026-01-17T10:00:00.000Z' }));
        return { updated: 1 };
      },
      [`PUT /me/notifications/${concert._id}/read`]: () => ({ ...concert, readAt: '2026-01-17T10:00:00.000Z' }),
    },
  };
}

describe('the notification bell', () => {
  it('shows the unread count in the header and the window’s title, and counts a pushed notification without reload', async () => {
    const server = inbox([concert, badge]);
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), server.routes).seed('notifications', announcement);
    const { fakes } = await renderApp({ path: '/places', api });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^\(1\) /));

    server.add(announcement);
    await deliverPush(fakes.push, announcement._id);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 non lues' })).toBeTruthy();
    expect(screen.getByTestId('bell-count').textContent).toBe('2');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
  });

  it('opens the latest ten, each leading to what it is about, and marks them all read', async () => {
    const server = inbox([concert, badge]);
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), server.routes);
    const { user } = await renderApp({ path: '/places', api });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 non lue' }));
    const panel = screen.getByRole('region', { name: 'Dernières notifications' });
    expect(within(panel).getByRole('link', { name: /Concert ce soir/ }).getAttribute('href')).toBe('/places/000000000000000000000001');
    expect(within(panel).getByRole('link', { name: 'Voir tout' }).getAttribute('href')).toBe('/notifications');
    expect(api.callsTo('request')).toContainEqual(['GET', '/me/notifications', { query: { limit: BELL_SIZE, offset: 0 } }]);

    await user.click(within(panel).getByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await screen.findByRole('button', { name: 'Notifications, aucune non lue' })).toBeTruthy();
    expect(screen.queryByTestId('bell-count')).toBeNull();
    await waitFor(() => expect(document.title).not.toMatch(/^\(\d+\) /));
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    const api = answerRequests(new FakeProductApi().signedInAs(aUser()), inbox([]).routes);
    const { user } = await renderApp({ path: '/places', api });
    const bell = await screen.findByRole('button', { name: 'Notifications, aucune non lue' });
    await user.click(bell);
    expect(await screen.findByText('Aucune notification pour le moment.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Dernières notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('is not there for a visitor who is not signed in', async () => {
    await renderApp({ path: '/places' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
