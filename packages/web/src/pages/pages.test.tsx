import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, USER_AGENTS, aNotification, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

describe('/notifications', () => {
  it('says when there is nothing yet', async () => {
    await renderApp({ path: '/notifications' });
    expect(await screen.findByText('Aucune notification pour le moment. Elles apparaîtront ici dès leur arrivée.')).toBeTruthy();
  });

  it('lists the notifications received, newest first', async () => {
    const api = new FakeProductApi().seed(
      'notifications',
      aNotification({ _id: anId(60), title: 'Première' }),
      aNotification({ _id: anId(61), title: 'Seconde' }),
    );
    const { fakes } = await renderApp({ path: '/notifications', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    act(() => fakes.push.deliver({ data: { id: anId(60) } }));
    act(() => fakes.push.deliver({ data: { id: anId(61) } }));
    const main = within(screen.getByRole('main'));
    await waitFor(() => expect(main.getAllByRole('listitem')).toHaveLength(2));
    expect(main.getAllByRole('listitem').map((item) => within(item).getByText(/Première|Seconde/).textContent)).toEqual(['Seconde', 'Première']);
  });
});

describe('/debug-mobile', () => {
  it('tells what the store redirect would do, without redirecting', async () => {
    const { navigator, fakes } = await renderApp({ path: '/debug-mobile', userAgent: USER_AGENTS.android });
    expect(await screen.findByText('Android')).toBeTruthy();
    expect(screen.getByText('oui : redirection vers la page du store')).toBeTruthy();
    expect(screen.getByText(fakes.config.storePages.android!)).toBeTruthy();
    expect(navigator.redirects).toEqual([]);
  });
});
