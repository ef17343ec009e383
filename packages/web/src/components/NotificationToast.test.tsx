import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TOAST_CLOSE_DELAY_MS } from '@sortie/core';
import { FakeProductApi, aNotification, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { settle } from '../test/timers';
import { deliverPush } from '../test/push';

// The page's and the toast's chunks compiled once, before the tests' own time limits start: on a
// loaded machine a first import alone can outlast a findBy's wait.
beforeAll(async () => {
  await Promise.all([import('../pages/PlacesPage'), import('./NotificationToast')]);
}, 60_000);

const toast = () => screen.queryByRole('status', { name: 'Notification' });

async function receive(notification: ReturnType<typeof aNotification>) {
  const app = await renderApp({ path: '/places', api: new FakeProductApi().seed('notifications', notification) });
  expect(await screen.findByRole('heading', { level: 1, name: 'Lieux' })).toBeTruthy();
  expect(toast()).toBeNull();
  await deliverPush(app.fakes.push, notification._id);
  await waitFor(() => expect(toast()).not.toBeNull());
  return app;
}

describe('notification toast', () => {
  it('shows the notification’s avatar, title and body at the bottom centre', async () => {
    await receive(aNotification({ _id: anId(50), title: 'Concert ce soir', body: 'Les Zèbres jouent au Confort Moderne.', icon: 'https://cdn.example.fr/zebres.png' }));
    const shown = within(toast()!);
    expect(shown.getByText('Concert ce soir')).toBeTruthy();
    expect(shown.getByText('Les Zèbres jouent au Confort Moderne.')).toBeTruthy();
    expect(toast()!.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.fr/zebres.png');
    expect(toast()!.parentElement!.className).toMatch(/bottom-4/);
  });

  it('shows no avatar image when the notification has no icon', async () => {
    await receive(aNotification({ _id: anId(51), title: 'Nouveau badge' }));
    expect(toast()!.querySelector('img')).toBeNull();
  });

  it('stays 5000 ms, not one less, then closes', async () => {
    const { fakes } = await receive(aNotification({ _id: anId(52), title: 'Tombola' }));
    act(() => fakes.clock.advance(NOTIFICATION_TOAST_CLOSE_DELAY_MS - 1));
    await settle();
    expect(toast()).not.toBeNull();
    act(() => fakes.clock.advance(1));
    await waitFor(() => expect(toast()).toBeNull());
  });

  it('can be closed at once', async () => {
    const { user } = await receive(aNotification({ _id: anId(53) }));
    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    await waitFor(() => expect(toast()).toBeNull());
  });

  it('shows nothing when the notification cannot be fetched', async () => {
    const { fakes } = await renderApp({ path: '/places' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieux' })).toBeTruthy();
    await deliverPush(fakes.push, anId(54));
    await waitFor(() => expect(fakes.logger.messages('error')).toContain('Notification could not be fetched'));
    expect(fakes.logger.entries.error.find((entry) => entry.message === 'Notification could not be fetched')?.context).toEqual([{ id: anId(54), error: expect.any(Error) }]);
    expect(toast()).toBeNull();
  });
});
