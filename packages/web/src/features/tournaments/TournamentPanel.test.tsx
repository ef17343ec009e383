import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignStations, SOCKET_EVENTS, tournamentEngine } from '@sortie/core';
import { FakeProductApi, aStaffUser } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';
import { TournamentServerSocket, aTournament } from './testing';

// The dashboard and the panel are lazy chunks: compiled once before the tests' clocks start.
beforeAll(async () => {
  await Promise.all([import('../../pages/dashboard/ResourceDetailPage'), import('./TournamentPanel')]);
}, 120_000);

const ID = '0000000000000000000000aa';
const staff = aStaffUser();
const names = ['Alex', 'Sam', 'Lou', 'Noé'];

async function open(tournament: ReturnType<typeof aTournament>, socket = new TournamentServerSocket(tournament).as(staff)) {
  const api = new FakeProductApi().signedInAs(staff).seed('tournaments', tournament as unknown as Record<string, unknown>);
  const view = await renderApp({ path: `/dashboard/tournaments/${ID}`, api, socket });
  const desk = await screen.findByRole('region', { name: 'Arbitrage' }, { timeout: 10_000 });
  return { ...view, socket, desk };
}

describe('a tournament in the dashboard', () => {
  it('adds a walk-in, reorders the seeds, removes a player and starts the tournament', async () => {
    const { user, desk, socket } = await open(aTournament({ format: 'double_elimination', participants: names.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 })) }));
    await user.type(within(desk).getByLabelText('Joueur sur place'), 'Inès');
    await user.click(within(desk).getByRole('button', { name: 'Ajouter' }));
    const seeds = await within(desk).findByRole('list', { name: 'Ordre des têtes de série' });
    expect(within(seeds).getAllByRole('listitem').map((li) => li.querySelector('.truncate')!.textContent)).toEqual(['Alex', 'Sam', 'Lou', 'Noé', 'Inès']);
    await user.click(within(seeds).getByRole('button', { name: 'Monter Inès' }));
    expect(socket.sent(SOCKET_EVENTS.tournament).at(-1)).toMatchObject({ action: 'seed', params: { order: ['p1', 'p2', 'p3', expect.any(String), 'p4'] } });
    await user.click(within(seeds).getByRole('button', { name: 'Retirer Alex' }));
    expect(within(seeds).queryByText('Alex')).toBeNull();
    await user.click(within(desk).getByRole('button', { name: 'Démarrer le tournoi' }));
    expect(await within(desk).findByText('Matchs à jouer (2)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tableau des perdants' })).toBeTruthy();
  });

  it('enters a score, confirms a player’s report, reopens a match and disqualifies a player', async () => {
    const started = tournamentEngine.start(aTournament({ participants: names.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 })) }));
    if (!started.ok) throw new Error(started.error.message);
    const [first, second] = started.tournament.matches.filter((m) => m.status === 'ready');
    const reported = tournamentEngine.report(started.tournament, second!.id, 1, 2, { reportedBy: second!.a!, confirmed: false });
    if (!reported.ok) throw new Error(reported.error.message);
    const { user, desk } = await open(reported.tournament);
    const name = (id: string | null) => names[Number(id!.slice(1)) - 1]!;
    const firstMatch = within(desk).getByRole('group', { name: `${name(first!.a)} contre ${name(first!.b)}` });
    await user.type(within(firstMatch).getByLabelText(name(first!.a)), '3');
    await user.type(within(firstMatch).getByLabelText(name(first!.b)), '0');
    await user.click(within(firstMatch).getByRole('button', { name: 'Valider le score' }));
    expect(await within(desk).findByText('Matchs à jouer (1)')).toBeTruthy();
    const secondMatch = within(desk).getByRole('group', { name: `${name(second!.a)} contre ${name(second!.b)}` });
    expect(within(secondMatch).getByText(`Score saisi par ${name(second!.a)} : 1 – 2`)).toBeTruthy();
    await user.click(within(secondMatch).getByRole('button', { name: 'Confirmer' }));
    expect(await within(desk).findByText('Matchs à jouer (1)')).toBeTruthy();
    expect(within(desk).getByText('Matchs joués (2)')).toBeTruthy();
    await user.click(within(desk).getByText('Matchs joués (2)'));
    await user.click(within(desk).getAllByRole('button', { name: 'Rouvrir' })[0]!);
    expect(await within(desk).findByText('Matchs joués (1)')).toBeTruthy();
    await user.click(within(desk).getByRole('button', { name: 'Noé' }));
    await user.click(within(desk).getByRole('button', { name: 'Disqualifier Noé' }));
    expect(await within(desk).findByText('Matchs à jouer (1)')).toBeTruthy();
    expect(within(desk).queryByRole('button', { name: 'Noé' })).toBeNull();
  });

  it('keeps the next walk-in typed while the room already lists the last one but the server has not answered yet', async () => {
    // As a busy server does: the room's update first, the answer to the desk a moment later.
    const socket = new TournamentServerSocket(aTournament({ participants: [{ id: 'p1', name: 'Alex', seed: 1 }] })).as(staff);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const emit = socket.emitWithAck.bind(socket);
    socket.emitWithAck = (event, payload) =>
      emit(event, payload).then(async (result) => {
        if ((JSON.parse(payload) as { action: string }).action !== 'get') await answered;
        return result;
      });
    const { user, desk } = await open(socket.tournament, socket);
    const field = within(desk).getByLabelText('Joueur sur place');
    await user.type(field, 'Sam');
    await user.click(within(desk).getByRole('button', { name: 'Ajouter' }));
    await within(desk).findByRole('button', { name: 'Retirer Sam' });
    await user.type(field, 'Lou');
    answer();
    await waitFor(() => expect(within(desk).getByRole('button', { name: 'Ajouter' })).toHaveProperty('disabled', false));
    expect(field).toHaveProperty('value', 'Lou');

    // A refused name comes back to be corrected, with the server's reason.
    await user.clear(field);
    await user.type(field, 'alex');
    await user.click(within(desk).getByRole('button', { name: 'Ajouter' }));
    expect(await within(desk).findByRole('alert')).toHaveProperty('textContent', '« alex » est déjà inscrit.');
    expect(field).toHaveProperty('value', 'alex');
  });

  it('counts who checked in beside the start, ticks a latecomer in and warns that the absent will be removed', async () => {
    const { user, desk } = await open(aTournament({ settings: { checkIn: true }, participants: names.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1, checkedIn: name !== 'Lou' && name !== 'Noé' })) }));
    const count = within(desk).getByRole('status', { name: 'Présences' });
    expect(within(count).getByText('2 présents sur 4')).toBeTruthy();
    expect(within(count).getByText('2 absents seront retirés du tableau.')).toBeTruthy();
    await user.click(within(desk).getByRole('button', { name: 'Marquer Lou présent·e' }));
    expect(await within(count).findByText('3 présents sur 4')).toBeTruthy();
    expect(within(count).getByText('1 absent sera retiré du tableau.')).toBeTruthy();
    expect(within(desk).queryByRole('button', { name: 'Marquer Lou présent·e' })).toBeNull();
    await user.click(within(desk).getByRole('button', { name: 'Marquer Noé présent·e' }));
    expect(await within(count).findByText('4 présents sur 4')).toBeTruthy();
    expect(within(count).queryByText(/retiré/)).toBeNull();
  });

  it('says nothing of presence when the tournament does not check in', async () => {
    const { desk } = await open(aTournament({ participants: names.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 })) }));
    expect(within(desk).queryByRole('status', { name: 'Présences' })).toBeNull();
    expect(within(desk).queryByRole('button', { name: /^Marquer / })).toBeNull();
  });

  it('shows which table each match is called to, and the free ones', async () => {
    const started = tournamentEngine.start(aTournament({ settings: { stations: ['Table 1', 'Table 2', 'Table 3'] }, participants: names.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 })) }));
    if (!started.ok) throw new Error(started.error.message);
    const { desk } = await open(assignStations(started.tournament, Date.parse('2026-01-15T20:00:00.000Z')));
    const tables = within(desk).getByRole('region', { name: 'Postes de jeu' });
    expect(within(tables).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Table 1 — Alex contre Noé', 'Table 2 — Sam contre Lou', 'Table 3 — libre']);
    expect(within(within(desk).getByRole('group', { name: 'Sam contre Lou' })).getByText('Table 2')).toBeTruthy();
  });
});
