import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

// The generic lists and forms read core's French labels (*.labels.ts beside the schemas):
// labels and help texts, enum values by their French names, references by name, ids nowhere
// but in a record's « Identifiant ».

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());
const HEX_ID = /\b[0-9a-f]{24}\b/;

describe('the dashboard in French', () => {
  it('shows a tournament’s status and format by their French names, in the list and in the form', async () => {
    const id = anId();
    const api = staffApi().seed('tournaments', { _id: id, name: 'Fléchettes du jeudi', game: 'Fléchettes', format: 'single_elimination', status: 'registration', participants: [], matches: [], standings: [] });
    const { user } = await renderApp({ path: '/dashboard/tournaments', api });
    // The first page of a run loads the dashboard's code: give it time on a busy machine.
    const row = (await screen.findByRole('link', { name: 'Fléchettes du jeudi' }, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('Inscriptions ouvertes')).toBeTruthy();
    expect(row.textContent).not.toContain('registration');
    await user.click(within(row).getByRole('link', { name: 'Fléchettes du jeudi' }));
    const format = (await screen.findByRole('combobox', { name: /Formule/ })) as HTMLSelectElement;
    expect(format.value).toBe('single_elimination');
    expect(format.selectedOptions[0]!.textContent).toBe('Élimination directe');
    expect(screen.getByText('Comment les joueurs se rencontrent.')).toBeTruthy();
    expect(screen.queryByText(/single_elimination|Best of|Third place/)).toBeNull();
  });

  it('titles a record without a name by what it belongs to, and shows its id only as its « Identifiant »', async () => {
    const collector = anId();
    const id = anId();
    const api = staffApi()
      .seed('collectors', { _id: collector, name: 'Agenda de la ville', source: { kind: 'ics', url: 'https://example.org/agenda.ics' } })
      .seed('scrape', { _id: id, collectorId: collector, status: 'succeeded', itemsFound: 3, findings: [], errors: [] });
    await renderApp({ path: `/dashboard/scrape/${id}`, api });
    const title = await screen.findByRole('heading', { level: 1, name: 'Collecte · Agenda de la ville' }, { timeout: 15_000 });
    expect(title.textContent).not.toMatch(HEX_ID);
    expect(screen.getByText(id).closest('[data-identifiant]')?.textContent).toBe(`Identifiant : ${id}`);
    const main = screen.getByRole('main');
    const withoutIdentifiant = main.textContent!.replace(`Identifiant : ${id}`, '');
    expect(withoutIdentifiant).not.toMatch(HEX_ID);
    expect((screen.getByRole('combobox', { name: /Statut/ }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Réussie');
  });

  it('lists an organisation’s members by name, as chips, never as ids', async () => {
    const member = anId();
    const id = anId();
    const api = staffApi()
      .seed('users', { _id: member, displayName: 'Camille Martin', email: 'camille@example.org' })
      .seed('organizations', { _id: id, name: 'Les Amis du Jazz', description: '', memberIds: [member] });
    await renderApp({ path: `/dashboard/organizations/${id}`, api });
    expect(await screen.findByText('Camille Martin', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Membres')).toBeTruthy();
    expect(screen.queryByText(/Member ids/)).toBeNull();
    expect(screen.queryByText(member)).toBeNull();
  });

  it('says « Aucune collecte » and offers the menu’s allergens by their French names', async () => {
    await renderApp({ path: '/dashboard/scrape', api: staffApi() });
    expect(await screen.findByText('Aucune collecte pour l’instant : créez la première avec « Nouveau ».')).toBeTruthy();

    const id = anId();
    const api = staffApi().seed('menus', { _id: id, placeId: anId(), title: 'Carte d’été', sections: [{ name: 'Plats', items: [{ name: 'Bouillabaisse', description: '', price: 1800, allergens: ['fish', 'crustaceans'], tags: [] }] }] });
    await renderApp({ path: `/dashboard/menus/${id}`, api });
    const crustaceans = (await screen.findByRole('checkbox', { name: 'Crustacés' }, { timeout: 15_000 })) as HTMLInputElement;
    expect(crustaceans.checked).toBe(true);
    expect(screen.queryByText('crustaceans')).toBeNull();
  });
});
