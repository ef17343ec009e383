import { SESSION_HINT_COOKIE } from '@sortie/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeCookies, FakeProductApi, aStaffUser } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

describe('App shell', () => {
  it('shows the landing page at / with the header, a skip link and the city choice', async () => {
    await renderApp({ config: { cities: ['Poitiers', 'Niort', 'La Rochelle'] } });
    expect(await screen.findByRole('heading', { level: 1, name: /Que faire ce soir/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller au contenu' }).getAttribute('href')).toBe('#contenu');
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Votre ville' })).toBeTruthy();
    expect(screen.getByRole('main').closest('[data-layout]')?.getAttribute('data-layout')).toBe('landing');
  });

  it('opens the chosen city’s agenda from the landing page', async () => {
    const { user, navigator } = await renderApp({ config: { cities: ['Poitiers', 'Niort'] } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Votre ville' }), 'Niort');
    await user.click(screen.getByRole('button', { name: 'Voir l’agenda' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Que faire à Niort ?' })).toBeTruthy();
    expect(navigator.location).toBe('/home/Niort');
  });

  it('moves between pages with the header’s links', async () => {
    const { user, navigator } = await renderApp({ path: '/account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await user.click(within(nav).getByRole('link', { name: 'Lieux' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieux' })).toBeTruthy();
    expect(navigator.location).toBe('/places');
  });

  it('offers an anonymous visitor to sign in without asking the server who they are (no 401 in their console)', async () => {
    const { fakes } = await renderApp({ path: '/places' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieux' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(fakes.api.calls.filter((call) => call.method === 'me')).toHaveLength(0);
  });

  it('runs the me call once at start when the server’s session hint says a session may exist', async () => {
    const cookies = new FakeCookies();
    cookies.set(SESSION_HINT_COOKIE, '1', { maxAgeSeconds: 60 });
    const { fakes } = await renderApp({ cookies });
    // The hint was stale (the session expired): the me call fails and the visitor is offered to sign in.
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(fakes.api.calls.filter((call) => call.method === 'me')).toHaveLength(1);
  });

  it('shows the account menu with sign-out for a signed-in visitor', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser({ displayName: 'Sacha Bernard' }));
    const { user } = await renderApp({ api });
    await user.click(await screen.findByRole('button', { name: 'Mon compte (Sacha Bernard)' }));
    expect(screen.getByRole('menuitem', { name: 'Tableau de bord' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'logout')).toBe(true);
  });

  it('keeps the header usable on a phone: the navigation folds into a menu', async () => {
    const { user } = await renderApp({ path: '/places' });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    // The menu's code loads on that click, then the menu opens on its own.
    expect(await screen.findByRole('menuitem', { name: 'Carte' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('menu')).toBeTruthy());
  });

  it('lets the keyboard skip to the content', async () => {
    const { user } = await renderApp({ path: '/places' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieux' })).toBeTruthy();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('shows the chosen city in the header and remembers it', async () => {
    const { user, navigator } = await renderApp({ path: '/places', config: { cities: ['Poitiers', 'Tours'] } });
    // Its name holds the city it shows (WCAG 2.5.3: the visible text is part of the name).
    const picker = await screen.findByRole('button', { name: 'Ville : Poitiers' });
    await user.click(picker);
    // The picker's code loads on that click, then its list opens (the page has a city filter of its own).
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Tours' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Que faire à Tours ?' })).toBeTruthy();
    expect(navigator.location).toBe('/home/Tours');
    expect(localStorage.getItem('sortie_city')).toBe('Tours');
    expect(screen.getByRole('button', { name: /^Ville/ }).textContent).toBe('Tours');
  });

  it('starts each new page at its top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = await renderApp({ path: '/account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('navigation', { name: 'Navigation principale' })).getByRole('link', { name: 'Carte' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Carte' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
