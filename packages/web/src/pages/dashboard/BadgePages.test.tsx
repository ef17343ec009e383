import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

const staffApi = () => new FakeProductApi().signedInAs(aStaffUser());

// The pages' chunks compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./ResourceListPage'), import('./ResourceDetailPage')]);
}, 60_000);

describe('the dashboard’s badge form', () => {
  it('offers the rule kinds in French, their number, and the rule as a sentence', async () => {
    const api = staffApi();
    const { user } = await renderApp({ path: '/dashboard/badges', api });
    await user.click(await screen.findByRole('link', { name: 'Nouveau' }));
    await user.type(await screen.findByRole('textbox', { name: /Nom/ }), 'Fan');
    const kind = screen.getByRole('combobox', { name: 'Se gagne en…' });
    expect([...(kind as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Premier événement aimé', 'Événements aimés', 'Abonnements', 'Participations à des événements', 'Tournois gagnés', 'Podiums de blind test', 'Tombolas', 'Explorateur de villes', 'Attribué à la main',
    ]);
    await user.selectOptions(kind, 'likes');
    const count = screen.getByRole('spinbutton', { name: 'Nombre d’événements aimés' });
    expect(screen.getByText('« Aimer un événement »')).toBeTruthy();
    await user.clear(count);
    expect(screen.getByText('indiquez un nombre d’au moins 1')).toBeTruthy();
    await user.type(count, '10');
    expect(screen.getByText('« Aimer 10 événements »')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(api.lastCallTo('create')?.[1]).toMatchObject({ name: 'Fan', rule: { kind: 'likes', count: 10 } }));
  });

  it('asks no number of a first like, and edits a stored rule', async () => {
    const id = anId(1500);
    const api = staffApi().seed('badges', { _id: id, name: 'Champion', description: '', icon: 'mdiTrophy', rule: { kind: 'tournamentsWon', count: 2 } });
    const { user } = await renderApp({ path: `/dashboard/badges/${id}`, api });
    expect(await screen.findByText('« Gagner 2 tournois »')).toBeTruthy();
    expect((screen.getByRole('spinbutton', { name: 'Nombre de tournois gagnés' }) as HTMLInputElement).value).toBe('2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Se gagne en…' }), 'firstLike');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('« Aimer un premier événement »')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.lastCallTo('update')?.[2]).toMatchObject({ rule: { kind: 'firstLike' } }));
  });

  it('lists the badges with their rule as a sentence, not as raw data', async () => {
    const api = staffApi().seed('badges', { name: 'Voyageur', rule: { kind: 'cityExplorer', count: 3 } }, { name: 'Ancien', rule: 'texte libre d’avant' });
    await renderApp({ path: '/dashboard/badges', api });
    expect(await screen.findByRole('link', { name: 'Voyageur' })).toBeTruthy();
    expect(screen.getByText('Sortir dans 3 villes différentes')).toBeTruthy();
    expect(screen.getByText('Attribué à la main par l’équipe')).toBeTruthy();
    expect(screen.queryByText(/"kind"/)).toBeNull();
  });
});
