import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';

describe('/dashboard/designer', () => {
  it('finds an event by its name, shows its short link and previews each format with a download', async () => {
    const id = anId();
    const api = new FakeProductApi().signedInAs(aStaffUser());
    api.seed('events', anEvent({ _id: id, title: 'Tournoi Mario Kart' }));
    api.answer('request', (method: string, path: string) =>
      method === 'GET' && path === `/designer/events/${id}/link` ? Promise.resolve({ code: 'mk2026', url: 'http://localhost:3000/r/mk2026', target: `http://localhost:3000/events/${id}` }) : Promise.reject(new Error(`unexpected ${method} ${path}`)),
    );
    const { user } = await renderApp({ path: '/dashboard/designer', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Designer' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Choisissez un événement pour voir son visuel.')).toBeTruthy();

    await user.type(screen.getByRole('combobox', { name: 'Événement' }), 'Mario');
    await user.click(await screen.findByRole('option', { name: 'Tournoi Mario Kart' }));

    expect((await screen.findByRole('link', { name: 'localhost:3000/r/mk2026' })).getAttribute('href')).toBe('http://localhost:3000/r/mk2026');
    expect(screen.getByText('Création du visuel…')).toBeTruthy();
    const square = screen.getByRole('img', { name: 'Aperçu : Carré Instagram', hidden: true });
    expect(square.getAttribute('src')).toBe(`/api/designer/events/${id}/image.png?format=square`);
    expect(screen.getByRole('link', { name: 'Télécharger (PNG)' }).getAttribute('href')).toBe(`/api/designer/events/${id}/image.png?format=square&download=1`);

    await user.click(screen.getByRole('radio', { name: 'Affiche A3' }));
    expect(screen.getByTitle('Aperçu : Affiche A3').getAttribute('src')).toBe(`/api/designer/events/${id}/poster.pdf?size=A3`);
    expect(screen.getByRole('link', { name: 'Télécharger (PDF)' }).getAttribute('href')).toBe(`/api/designer/events/${id}/poster.pdf?size=A3&download=1`);
  });

  it('says so in French when a visual cannot be made, and tries again', async () => {
    const id = anId();
    const api = new FakeProductApi().signedInAs(aStaffUser());
    api.seed('places', { _id: id, name: 'Le Tap Garden', slug: 'le-tap-garden', address: { street: '', postalCode: '86000', city: 'Poitiers' } });
    const { user } = await renderApp({ path: '/dashboard/designer', api });
    await user.click(await screen.findByRole('radio', { name: 'La semaine d’un lieu' }, { timeout: 10_000 }));
    await user.type(screen.getByRole('combobox', { name: 'Lieu' }), 'Tap');
    await user.click(await screen.findByRole('option', { name: 'Le Tap Garden' }));
    const image = screen.getByRole('img', { name: 'Aperçu : Semaine en carré', hidden: true });
    expect(image.getAttribute('src')).toBe(`/api/designer/places/${id}/week.png`);
    image.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('alert')).textContent).toContain('Le visuel n’a pas pu être créé.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Aperçu : Semaine en carré', hidden: true }).getAttribute('src')).toBe(`/api/designer/places/${id}/week.png?essai=1`));
  });
});
