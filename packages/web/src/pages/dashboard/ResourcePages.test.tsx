import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, aUser, anId } from '@sortie/core/testing';
import { ValidationError } from '@sortie/core';
import { renderApp } from '../../test/render-app';

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());

describe('dashboard resource list', () => {
  it('lists records with a link to each, and pages of 20', async () => {
    const api = staffApi();
    for (let i = 1; i <= 25; i++) api.seed('artists', { name: `Artiste ${String(i).padStart(2, '0')}`, slug: `artiste-${i}` });
    const { user } = await renderApp({ path: '/dashboard/artists', api });
    // The first page of a run loads the dashboard's code: give it time on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Artistes' }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Artiste 01' })).toBeTruthy();
    expect(screen.getByText('1–20 sur 25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('link', { name: 'Artiste 21' })).toBeTruthy();
    expect(api.lastCallTo('list')).toEqual(['artists', { limit: 20, offset: 20 }]);
  });

  it('sends the search, the filters and the sort the server knows', async () => {
    const api = staffApi().seed('events', { title: 'Concert', startsAt: '2026-05-01T18:00:00.000Z', city: 'Poitiers', status: 'draft' });
    const { user } = await renderApp({ path: '/dashboard/events', api });
    await screen.findByRole('link', { name: 'Concert' });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'jazz');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'draft');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), '-startsAt');
    await waitFor(() => expect(api.lastCallTo('list')).toEqual(['events', { limit: 20, offset: 0, upcoming: false, q: 'jazz', status: 'draft', sort: '-startsAt' }]));
  });

  it('deletes the selection only after a confirmation', async () => {
    const api = staffApi().seed('badges', { name: 'Fidèle' }, { name: 'Curieux' }, { name: 'Noctambule' });
    const { user } = await renderApp({ path: '/dashboard/badges', api });
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Fidèle' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Curieux' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer la sélection (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer définitivement ?' });
    expect(api.callsTo('remove')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer (2)' }));
    expect(await screen.findByText('2 badges supprimé(s).')).toBeTruthy();
    expect(api.callsTo('remove')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Fidèle' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Noctambule' })).toBeTruthy();
  });

  it('says so when a list is empty, and in French when it fails', async () => {
    await renderApp({ path: '/dashboard/stores', api: staffApi() });
    // The noun agrees with its gender (core's *.labels.ts): « Aucune boutique », not « Aucun boutique ».
    expect(await screen.findByText('Aucune boutique pour l’instant : créez la première avec « Nouveau ».')).toBeTruthy();
  });

  it('creates from « Nouveau » and opens the new record', async () => {
    const api = staffApi();
    const { user, navigator } = await renderApp({ path: '/dashboard/badges', api });
    await user.click(await screen.findByRole('link', { name: 'Nouveau' }));
    await user.type(await screen.findByRole('textbox', { name: /Nom/ }), 'Explorateur');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(navigator.location).toMatch(/^\/dashboard\/badges\/[0-9a-f]{24}$/));
    expect(api.lastCallTo('create')?.[0]).toBe('badges');
    expect(api.lastCallTo('create')?.[1]).toMatchObject({ name: 'Explorateur' });
  });

  it('keeps a visitor out', async () => {
    const { navigator } = await renderApp({ path: '/dashboard/events', api: new FakeProductApi().signedInAs(aUser()) });
    await waitFor(() => expect(navigator.location).toBe('/unauthorized'));
  });
});

describe('dashboard record page', () => {
  it('edits an event with proper widgets and saves the change', async () => {
    const id = anId();
    const api = staffApi()
      .seed('events', { _id: id, title: 'Jazz au parc', description: '**Gratuit** pour tous', startsAt: '2026-07-14T18:30:00.000Z', city: 'Poitiers', status: 'published', price: { free: true }, artistIds: [], categoryIds: [], tags: [] })
      .seed('places', { name: 'Le Confort Moderne' });
    const { user } = await renderApp({ path: `/dashboard/events/${id}`, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz au parc' })).toBeTruthy();
    const start = screen.getByLabelText(/^Début/) as HTMLInputElement;
    expect(start.type).toBe('datetime-local');
    expect(start.value).toBe('2026-07-14T20:30');
    expect((screen.getByRole('combobox', { name: /Statut/ }) as HTMLSelectElement).value).toBe('published');
    await user.click(screen.getByRole('button', { name: 'Aperçu' }));
    expect((await screen.findByText('Gratuit', { selector: 'strong' })).tagName).toBe('STRONG');
    await user.clear(screen.getByRole('textbox', { name: /Titre/ }));
    await user.type(screen.getByRole('textbox', { name: /Titre/ }), 'Jazz en plein air');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    const [resource, savedId, body] = api.lastCallTo('update') as [string, string, Record<string, unknown>];
    expect([resource, savedId]).toEqual(['events', id]);
    expect(body).toMatchObject({ title: 'Jazz en plein air', startsAt: '2026-07-14T18:30:00.000Z', city: 'Poitiers' });
    expect(body).not.toHaveProperty('_id');
  });

  it('shows the server’s validation errors beside their fields and keeps what was typed', async () => {
    const id = anId();
    const api = staffApi().seed('badges', { _id: id, name: 'Fidèle', description: '' });
    api.failOnce('update', new ValidationError('Requête invalide.', [{ path: 'name', message: 'Le nom est trop long.' }]));
    const { user } = await renderApp({ path: `/dashboard/badges/${id}`, api });
    const name = await screen.findByRole('textbox', { name: /Nom/ });
    await user.type(name, ' toujours');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom est trop long.', { selector: 'p' })).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('textbox', { name: /Nom/ }) as HTMLInputElement).value).toBe('Fidèle toujours');
    expect(screen.getByRole('alert').textContent).toContain('rien de ce que vous avez saisi n’est perdu');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
  });

  it('repeats groups: adds a menu section and an item in it', async () => {
    const id = anId();
    const api = staffApi().seed('menus', { _id: id, placeId: anId(), title: 'Carte d’été', sections: [] });
    const { user } = await renderApp({ path: `/dashboard/menus/${id}`, api });
    await user.click(await screen.findByRole('button', { name: 'Ajouter : rubriques' }));
    const section = screen.getByRole('group', { name: 'Rubriques n° 1' });
    await user.type(within(section).getAllByRole('textbox', { name: /Nom/ })[0]!, 'Boissons');
    await user.click(within(section).getByRole('button', { name: 'Ajouter : plats' }));
    const item = screen.getByRole('group', { name: 'Plats n° 1' });
    await user.type(within(item).getByRole('textbox', { name: /Nom/ }), 'Limonade');
    await user.type(within(item).getByRole('spinbutton', { name: /Prix/ }), '350');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Enregistré.');
    const body = api.lastCallTo('update')![2] as { sections: unknown[] };
    expect(body.sections).toEqual([{ name: 'Boissons', items: [{ name: 'Limonade', description: '', price: 350, allergens: [], tags: [] }] }]);
  });

  it('deletes a record after a confirmation and goes back to the list', async () => {
    const id = anId();
    const api = staffApi().seed('badges', { _id: id, name: 'Fidèle' });
    const { user, navigator } = await renderApp({ path: `/dashboard/badges/${id}`, api });
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(navigator.location).toBe('/dashboard/badges'));
    expect(api.callsTo('remove')).toEqual([['badges', id]]);
  });
});
