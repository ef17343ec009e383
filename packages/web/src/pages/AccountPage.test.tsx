import { screen, within, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, aUser } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await import('./AccountPage');
}, 60_000);

describe('/account', () => {
  it('invites an anonymous visitor to sign in or create an account', async () => {
    const { user } = await renderApp({ path: '/account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(await screen.findByRole('dialog', { name: 'Créer un compte' })).toBeTruthy();
  });

  it('shows the signed-in visitor’s details, in French, and signs out', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ displayName: 'Camille Martin', email: 'camille@example.fr', city: 'Niort', createdAt: '2025-06-01T10:00:00.000Z' }));
    const { user } = await renderApp({ path: '/account', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Camille Martin' })).toBeTruthy();
    expect(screen.getByText('camille@example.fr')).toBeTruthy();
    // The profile's city, which the header now shows too (the agenda's city follows the profile).
    expect(within(screen.getByRole('main')).getByText('Niort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ville : Niort' })).toBeTruthy();
    expect(screen.getByText('Membre')).toBeTruthy();
    expect(screen.getByText('dimanche 1 juin 2025')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tableau de bord' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('logout')).toHaveLength(1));
  });

  it('signs out even when the identity provider fails to, logging only a warning', async () => {
    const api = new FakeProductApi().signedInAs(aUser({ displayName: 'Camille Martin' }));
    const { user, fakes } = await renderApp({ path: '/account', api });
    fakes.auth.fail('signOut');
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    await waitFor(() => expect(fakes.logger.messages('warn')).toEqual(['Identity provider sign-out failed']));
    expect(fakes.logger.messages('error')).toEqual([]);
  });

  it('links staff to the dashboard', async () => {
    await renderApp({ path: '/account', api: new FakeProductApi().signedInAs(aStaffUser()) });
    expect(await screen.findByRole('link', { name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.getByText('Équipe')).toBeTruthy();
  });

  it('lets the visitor choose, per kind, notifications in the app, on this phone and by e-mail', async () => {
    const defaults = { reminder: { inApp: true, push: true, email: false }, followedEvent: { inApp: true, push: true, email: false }, raffleDraw: { inApp: true, push: true, email: false }, announcement: { inApp: true, push: true, email: false },
      blindTestSoon: { inApp: true, push: true, email: false }, matchReady: { inApp: true, push: true, email: false } };
    const saved: unknown[] = [];
    const api = new FakeProductApi().signedInAs(aUser({ displayName: 'Camille Martin' }));
    api.answer('request', (method: string, path: string, options: { body?: unknown } = {}) => {
      if (path !== '/users/notificationPreferences') return Promise.reject(new Error(`unexpected ${method} ${path}`));
      if (method === 'PUT') saved.push(options.body);
      return Promise.resolve(method === 'PUT' ? options.body : defaults);
    });
    const { user } = await renderApp({ path: '/account', api });
    const email = await screen.findByRole('checkbox', { name: 'Rappels de mes favoris : par e-mail' });
    expect((email as HTMLInputElement).checked).toBe(false);
    await user.click(email);
    const phone = screen.getByRole('checkbox', { name: 'Annonces : sur ce téléphone' });
    expect((phone as HTMLInputElement).checked).toBe(true);
    await user.click(phone);
    // The tournament player's call to their table, by e-mail too (issue 33).
    await user.click(screen.getByRole('checkbox', { name: 'Mes matchs de tournoi : par e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos préférences sont enregistrées.')).toBeTruthy();
    expect(saved).toEqual([{ ...defaults, reminder: { inApp: true, push: true, email: true }, announcement: { inApp: true, push: false, email: false }, matchReady: { inApp: true, push: true, email: true } }]);
  });
});
