import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());
const address = { street: '12 rue de la Cathédrale', postalCode: '86000', city: 'Poitiers' };
const aPlace = (name: string, city = 'Poitiers') => ({ _id: anId(), name, slug: name.toLowerCase().replace(/\W+/g, '-'), description: '', address: { ...address, city }, socials: {}, images: [], openingHours: {}, closures: [] });

describe('the dashboard’s widgets, in their forms', () => {
  it('adds a member to an organisation by typing part of a name, removes the last one with Backspace, and saves the ids', async () => {
    const orgId = anId();
    const alice = anId();
    const martin = anId();
    const api = staffApi()
      .seed('users', { _id: alice, displayName: 'Alice Dupont', email: 'alice@example.fr', roles: [] }, { _id: martin, displayName: 'Martin Lefèvre', email: 'martin@example.fr', roles: [] }, { _id: anId(), displayName: 'Marie Curie', email: 'marie@example.fr', roles: [] })
      .seed('organizations', { _id: orgId, name: 'Jazz à Poitiers', description: '', memberIds: [alice] });
    const { user } = await renderApp({ path: `/dashboard/organizations/${orgId}`, api });
    const members = await screen.findByRole('list', { name: 'Membres' }, { timeout: 15_000 });
    expect(await within(members).findByText('Alice Dupont')).toBeTruthy();

    const search = screen.getByRole('combobox', { name: 'Ajouter : Membres' });
    await user.type(search, 'lefè');
    const option = await screen.findByRole('option', { name: /Martin Lefèvre/ });
    expect(screen.queryByRole('option', { name: /Marie Curie/ })).toBeNull();
    expect(option.textContent).toContain('martin@example.fr');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await within(members).findByText('Martin Lefèvre')).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Retirer Martin Lefèvre' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect((api.lastCallTo('update') as unknown[])[2]).toMatchObject({ memberIds: [alice, martin] });

    // Backspace in the empty search removes the last chip; a chip's own button removes it too.
    search.focus();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(within(members).queryByText('Martin Lefèvre')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Retirer Alice Dupont' }));
    expect(screen.queryByRole('list', { name: 'Membres' })).toBeNull();
  });

  it('edits a place’s hours and links without any JSON, and saves them in the shape the public page reads', async () => {
    const place = aPlace('Le Zinc');
    const api = staffApi().seed('places', place);
    const { user } = await renderApp({ path: `/dashboard/places/${place._id}`, api });
    const hours = await screen.findByRole('group', { name: 'Horaires d’ouverture' }, { timeout: 15_000 });
    expect(screen.queryByText(/Au format JSON/)).toBeNull();
    const friday = within(hours).getByRole('group', { name: 'Vendredi' });
    await user.click(within(friday).getByRole('checkbox', { name: 'Fermé' }));
    const from = within(friday).getByLabelText('Ouverture le vendredi');
    const to = within(friday).getByLabelText('Fermeture le vendredi');
    await user.clear(from);
    await user.type(from, '18:00');
    await user.clear(to);
    await user.type(to, '02:00');
    expect(within(friday).getByText('(le lendemain)')).toBeTruthy();

    const links = screen.getByRole('group', { name: 'Réseaux sociaux' });
    await user.click(within(links).getByRole('button', { name: 'Ajouter un lien' }));
    await user.selectOptions(within(links).getByRole('combobox', { name: 'Réseau du lien 1' }), 'Instagram');
    await user.type(within(links).getByLabelText('Adresse Instagram'), 'https://www.instagram.com/lezinc');

    const closures = screen.getByRole('group', { name: /Fermetures exceptionnelles/ });
    await user.click(within(closures).getByRole('button', { name: /Ajouter/ }));
    await user.type(within(closures).getByLabelText(/^Date/), '2026-12-25');
    await user.type(within(closures).getByLabelText('Note'), 'Noël');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect((api.lastCallTo('update') as unknown[])[2]).toMatchObject({
      openingHours: { fri: ['18:00-02:00'] },
      socials: { instagram: 'https://www.instagram.com/lezinc' },
      closures: [{ date: '2026-12-25', note: 'Noël' }],
    });
  });

  it('gives a place a colour by its hex code or the picker, and takes it away with « Aucune », by keyboard', async () => {
    const place = aPlace('Le Zinc');
    const api = staffApi().seed('places', place);
    const { user } = await renderApp({ path: `/dashboard/places/${place._id}`, api });
    const hex = (await screen.findByLabelText('Couleur', {}, { timeout: 15_000 })) as HTMLInputElement;
    const picker = screen.getByLabelText('Couleur : nuancier') as HTMLInputElement;
    expect(picker.type).toBe('color');
    expect(hex.value).toBe('');
    expect(screen.getByText('Aucune couleur')).toBeTruthy();
    expect(screen.getByText(/affiches et visuels/)).toBeTruthy();

    await user.type(hex, '#1E6B52');
    expect(picker.value).toBe('#1e6b52');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect((api.lastCallTo('update') as unknown[])[2]).toMatchObject({ colour: '#1E6B52' });

    // The browser's picker writes the hex code beside it.
    fireEvent.change(picker, { target: { value: '#ff8800' } });
    expect(hex.value).toBe('#ff8800');

    // From the hex code, Tab reaches « Aucune »; Enter takes the colour away, and the save says so (null).
    hex.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Couleur : aucune' }));
    await user.keyboard('{Enter}');
    expect(hex.value).toBe('');
    expect(screen.getByText('Aucune couleur')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect((api.lastCallTo('update') as unknown[])[2]).toMatchObject({ colour: null }));
  });

  it('asks « Quitter sans enregistrer ? » before a link leaves a form with unsaved changes', async () => {
    const place = aPlace('Le Zinc');
    const api = staffApi().seed('places', place);
    const { user, memory } = await renderApp({ path: `/dashboard/places/${place._id}`, api });
    const name = await screen.findByRole('textbox', { name: /^Nom/ }, { timeout: 15_000 });
    await user.type(name, ' Bar');
    expect(screen.getByText('Modifications non enregistrées.')).toBeTruthy();
    const away = screen.getAllByRole('link').find((link) => link.getAttribute('href')?.startsWith('/dashboard/') && !link.getAttribute('href')?.includes(place._id))!;
    await user.click(away);
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(memory.history.at(-1)).toBe(`/dashboard/places/${place._id}`);
    expect((screen.getByRole('textbox', { name: /^Nom/ }) as HTMLInputElement).value).toBe('Le Zinc Bar');

    await user.click(away);
    await user.click(within(await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' })).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe(away.getAttribute('href')));
  });

  it('fills an event’s city from its place, unless a city was typed by hand', async () => {
    const zinc = aPlace('Le Zinc', 'Poitiers');
    const confort = aPlace('Confort Moderne', 'Châtellerault');
    const api = staffApi().seed('places', zinc, confort);
    const { user } = await renderApp({ path: '/dashboard/events?nouveau=1', api });
    const form = await screen.findByRole('form', { name: 'Créer' }, { timeout: 15_000 });
    const city = within(form).getByRole('textbox', { name: /^Ville/ }) as HTMLInputElement;
    const place = within(form).getByRole('combobox', { name: 'Lieu' });
    await user.type(place, 'Zinc');
    await user.click(await screen.findByRole('option', { name: 'Le Zinc' }));
    await waitFor(() => expect(city.value).toBe('Poitiers'));
    // The previous place's city follows the place…
    await user.clear(place);
    await user.type(place, 'Confort');
    await user.click(await screen.findByRole('option', { name: 'Confort Moderne' }));
    await waitFor(() => expect(city.value).toBe('Châtellerault'));
    // …a city typed by hand stays.
    await user.clear(city);
    await user.type(city, 'Buxerolles');
    await user.clear(place);
    await user.type(place, 'Zinc');
    await user.click(await screen.findByRole('option', { name: 'Le Zinc' }));
    await waitFor(() => expect((place as HTMLInputElement).value).toBe('Le Zinc'));
    expect(city.value).toBe('Buxerolles');
  });
});
