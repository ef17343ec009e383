import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

// Issue 32: the tournament's page edits its settings; the bracket changes through the desk's actions only.

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());
const participants = [
  { id: 'p1', name: 'Anna', seed: 1, checkedIn: false, dropped: false },
  { id: 'p2', name: 'Bruno', seed: 2, checkedIn: false, dropped: false },
];
const match = { id: 'W1-1', stage: 1, bracket: 'winners', round: 1, a: 'p1', b: 'p2', scoreA: null, scoreB: null, winner: null, status: 'ready', confirmed: false, forfeit: false };

async function openTournament(status: 'registration' | 'running') {
  const id = anId();
  const api = staffApi().seed('tournaments', { _id: id, name: 'Fléchettes du jeudi', game: 'Fléchettes', format: 'single_elimination', status, settings: {}, participants, matches: status === 'running' ? [match] : [], standings: [], winnerId: null });
  const rendered = await renderApp({ path: `/dashboard/tournaments/${id}`, api });
  const form = await screen.findByRole('form', { name: 'Modifier' }, { timeout: 15_000 });
  return { ...rendered, form };
}

describe('the dashboard’s tournament form', () => {
  it('shows the settings only: no players, matches, winner nor status to type in', async () => {
    const { form } = await openTournament('running');
    expect(within(form).getByRole('textbox', { name: /^Nom/ })).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: /Formule/ })).toBeTruthy();
    const inputs = [...form.querySelectorAll('input, select, textarea')] as HTMLInputElement[];
    expect(inputs.map((input) => input.value)).not.toContain('p1');
    expect(inputs.map((input) => input.value)).not.toContain('W1-1');
    expect(within(form).queryByText(/Vainqueur/)).toBeNull();
    for (const label of ['Matchs', 'Joueurs', 'Nom du joueur', 'Premier joueur', 'Score du premier joueur', 'Tableau']) expect(within(form).queryByText(label)).toBeNull();
  });

  it('disables the format once registration is closed, and says why in French', async () => {
    const { form } = await openTournament('running');
    const format = within(form).getByRole('combobox', { name: /Formule/ });
    // A disabled fieldset disables what it holds (HTML; jsdom does not apply it to :disabled).
    expect(format.closest('fieldset')?.disabled).toBe(true);
    expect(format.closest('fieldset')?.getAttribute('aria-describedby')).toBe('format-locked');
    expect(within(form).getByText('Le format ne change plus une fois les inscriptions closes.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /^Nom/ }).closest('fieldset:disabled')).toBeNull();
  });

  it('lets the format change while registration is open', async () => {
    const { form } = await openTournament('registration');
    expect(within(form).getByRole('combobox', { name: /Formule/ }).closest('fieldset:disabled')).toBeNull();
    expect(within(form).queryByText('Le format ne change plus une fois les inscriptions closes.')).toBeNull();
  });
});
