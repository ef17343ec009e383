import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES, pathFor } from '@sortie/core';
import { FakeProductApi, aStaffUser, aUser, anId } from '@sortie/core/testing';
import { PAGE_LOADERS } from './page-registry';
import { renderApp } from '../test/render-app';

const errorMessage = async () => (await screen.findByTestId('error-message')).textContent;

describe('routing through core’s route table', () => {
  it('has a lazily loaded page for every route', async () => {
    for (const route of ROUTES) expect(PAGE_LOADERS[route.name], route.name).toBeTypeOf('function');
    const modules = await Promise.all(ROUTES.map((route) => PAGE_LOADERS[route.name]!()));
    for (const module of modules) expect(module.default).toBeTypeOf('function');
  });

  it.each([
    ['/events/' + anId(1), 'default', 'Événement'],
    ['/tournaments/' + anId(2), 'empty', 'Tournoi'],
    ['/map', 'empty', 'Carte'],
    ['/pro', 'landing', 'Sortie Pro'],
    ['/artists/les-zebres', 'default', 'Artiste'],
    ['/users/badges', 'default', 'Mes badges'],
    // The docs' table of contents (its pages come from the server: DocsPage.test and DocsCrawl.test).
    ['/docs', 'empty', 'Documentation'],
    ['/forms/' + anId(3) + '/entries/AbC123xy', 'default', 'Votre réponse'],
  ])('shows %s in the %s layout', async (path, layout, title) => {
    await renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('main').closest('[data-layout]')?.getAttribute('data-layout')).toBe(layout);
  });

  describe('404 messages of SPEC.md §8', () => {
    it('an invalid id: « Page Not Found: {path} »', async () => {
      await renderApp({ path: '/events/not-an-id' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
      expect(await errorMessage()).toBe('Page Not Found: /events/not-an-id');
      expect(screen.getByLabelText('Erreur 404')).toBeTruthy();
    });

    it('an uppercase id is not an id either', async () => {
      await renderApp({ path: '/places/' + 'A'.repeat(24) });
      expect(await errorMessage()).toBe(`Page Not Found: /places/${'A'.repeat(24)}`);
    });

    it('an artist slug that breaks its rule', async () => {
      await renderApp({ path: '/artists/-zebres' });
      expect(await errorMessage()).toBe('Page Not Found: /artists/-zebres');
    });

    it('an invalid id on a dashboard route', async () => {
      await renderApp({ path: '/dashboard/events/123', api: new FakeProductApi().signedInAs(aStaffUser()) });
      expect(await errorMessage()).toBe('Page Not Found: /dashboard/events/123');
    });

    it('an unmatched path: « Page not found: {path} »', async () => {
      await renderApp({ path: '/nulle/part' });
      expect(await errorMessage()).toBe('Page not found: /nulle/part');
      expect(screen.getByRole('main').closest('[data-layout]')?.getAttribute('data-layout')).toBe('default');
    });

    it('/notFound shows the not-found page with its default message', async () => {
      await renderApp({ path: '/notFound' });
      expect(await errorMessage()).toBe('Page Not Found');
    });
  });

  describe('dashboard guard', () => {
    it('lets staff in', async () => {
      await renderApp({ path: '/dashboard/events', api: new FakeProductApi().signedInAs(aStaffUser()) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Événements' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Tableau de bord' })).toBeTruthy();
    });

    it('lets admins in', async () => {
      const { navigator } = await renderApp({ path: '/dashboard', api: new FakeProductApi().signedInAs(aUser({ roles: ['admin'] })) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
      expect(navigator.location).toBe('/dashboard');
    });

    it('sends a signed-in visitor without the role to /unauthorized', async () => {
      const { navigator } = await renderApp({ path: `/dashboard/places/${anId(5)}`, api: new FakeProductApi().signedInAs(aUser()) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
      expect(navigator.location).toBe(pathFor('unauthorized'));
      expect(navigator.memory.history).toEqual(['/unauthorized']);
    });

    it('sends an anonymous visitor to /unauthorized, with a way to sign in', async () => {
      const { navigator } = await renderApp({ path: '/dashboard/tools' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
      expect(navigator.location).toBe('/unauthorized');
      expect(screen.getAllByRole('button', { name: 'Se connecter' }).length).toBeGreaterThan(0);
    });

    it('opens the way back to the dashboard once staff sign in from /unauthorized', async () => {
      const api = new FakeProductApi();
      api.userAfterLogin = aStaffUser();
      const { user, navigator } = await renderApp({ path: '/dashboard/events', api });
      expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
      await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Se connecter' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Se connecter' }));
      await user.type(dialog.getByLabelText('Adresse e-mail'), 'sacha@example.fr');
      await user.type(dialog.getByLabelText('Mot de passe'), 'motdepasse-solide');
      await user.click(dialog.getByRole('button', { name: 'Se connecter' }));
      await user.click(await screen.findByRole('link', { name: 'Ouvrir le tableau de bord' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
      expect(navigator.location).toBe('/dashboard');
    });

    it('waits while the session is unknown, deciding nothing', async () => {
      const api = new FakeProductApi().signedInAs(aStaffUser());
      let answer!: () => void;
      api.answerOnce('me', () => new Promise((resolve) => (answer = () => resolve(aStaffUser()))));
      const { navigator } = await renderApp({ path: '/dashboard/users', api });
      expect(await screen.findByText('Vérification de vos droits…')).toBeTruthy();
      expect(navigator.location).toBe('/dashboard/users');
      answer();
      expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeTruthy();
      await waitFor(() => expect(navigator.location).toBe('/dashboard/users'));
    });
  });
});
