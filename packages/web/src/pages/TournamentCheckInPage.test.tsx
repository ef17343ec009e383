import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTournamentAction } from '@sortie/core';
import { FakeProductApi, aStaffUser, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { TournamentServerSocket, aTournament } from '../features/tournaments/testing';

beforeAll(async () => {
  await import('./TournamentCheckInPage');
  await import('./TournamentPage');
  await import('./TournamentScreenPage');
}, 60_000);

const ID = '0000000000000000000000aa';
const path = `/tournaments/${ID}/checkIn`;
const valentine = aUser({ _id: anId(7), displayName: 'Valentine' });
/** A bar night with check-in: two walk-ins added by staff (one already here), and Valentine registered with her account. */
const night = (overrides: Record<string, unknown> = {}) =>
  aTournament({
    joinCode: '731904',
    settings: { checkIn: true },
    participants: [
      { id: 'p1', name: 'Luigi', seed: 1, checkedIn: false },
      { id: 'p2', name: 'Peach', seed: 2, checkedIn: true },
      { id: 'p3', name: 'Valentine', seed: 3, userId: valentine._id, checkedIn: false },
    ],
    ...overrides,
  });

describe('/tournaments/{id}/checkIn, the door’s « Je suis là » (issue 32)', () => {
  it('lets a walk-in without an account pick their name among those not yet here, once', async () => {
    const socket = new TournamentServerSocket(night());
    const { user } = await renderApp({ path, socket, api: new FakeProductApi() });
    const names = await screen.findByRole('group', { name: 'Choisissez votre nom' });
    expect(within(names).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Luigi', 'Valentine']);
    expect(screen.getByRole('status', { name: 'Présences' }).textContent).toBe('1 présent sur 3');
    const here = screen.getByRole('button', { name: 'Je suis là' }) as HTMLButtonElement;
    expect(here.disabled).toBe(true);
    await user.click(within(names).getByRole('radio', { name: 'Luigi' }));
    await user.click(here);
    expect((await screen.findByText('C’est noté, Luigi : vous êtes là. Bon tournoi !')).getAttribute('role')).toBe('status');
    expect(socket.tournament.participants.find((p) => p.id === 'p1')!.checkedIn).toBe(true);
    expect(screen.getByRole('status', { name: 'Présences' }).textContent).toBe('2 présents sur 3');
  });

  it('says so when someone else took the name meanwhile, and the list follows the room', async () => {
    const socket = new TournamentServerSocket(night());
    const { user } = await renderApp({ path, socket, api: new FakeProductApi() });
    const names = await screen.findByRole('group', { name: 'Choisissez votre nom' });
    await user.click(within(names).getByRole('radio', { name: 'Luigi' }));
    // Another phone takes Luigi first; this one has not received the update yet.
    socket.tournament = runTournamentAction('walkInCheckIn', socket.tournament, null, { participantId: 'p1' });
    await user.click(screen.getByRole('button', { name: 'Je suis là' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Luigi est déjà noté·e présent·e : si ce n’est pas vous, voyez l’équipe.');
    // The other phone's check-in reaches the room.
    act(() => socket.push(socket.tournament));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Choisissez votre nom' })).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Valentine']));
  });

  it('lets a registered visitor signed in check themselves in with one button', async () => {
    const socket = new TournamentServerSocket(night()).as(valentine);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(valentine) });
    expect(await screen.findByText('Valentine', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Choisissez votre nom' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Je suis là' }));
    expect(await screen.findByText('C’est noté, Valentine : vous êtes là. Bon tournoi !')).toBeTruthy();
    expect(socket.tournament.participants.find((p) => p.id === 'p3')!.checkedIn).toBe(true);
  });

  it('goes on to the tournament’s page once it has started, or without check-in', async () => {
    const luigiHere = runTournamentAction('walkInCheckIn', night(), null, { participantId: 'p1' });
    const started = new TournamentServerSocket(runTournamentAction('start', luigiHere, { id: 's', name: 'Équipe', staff: true }, {}));
    const first = await renderApp({ path, socket: started, api: new FakeProductApi() });
    await waitFor(() => expect(first.navigator.navigations.at(-1)).toEqual({ path: `/tournaments/${ID}`, replace: true }));
    first.unmount();
    const noCheckIn = await renderApp({ path, socket: new TournamentServerSocket(night({ settings: { checkIn: false } })), api: new FakeProductApi() });
    await waitFor(() => expect(noCheckIn.navigator.location).toBe(`/tournaments/${ID}`));
  });

  it('prints a poster with the check-in QR code, the short address and the code, and no id', async () => {
    await renderApp({ path: `${path}?affiche`, socket: new TournamentServerSocket(night()), api: new FakeProductApi() });
    expect((await screen.findByRole('img', { name: 'QR code vers http://localhost:3000/j/731904' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('localhost:3000/j')).toBeTruthy();
    expect(screen.getByLabelText('Code du tournoi').textContent).toBe('731904');
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeTruthy();
    expect(document.body.textContent).not.toContain(ID);
  });
});

describe('the desk and the TV follow the door', () => {
  it('shows staff the join block, the poster and who came, and lets them take a presence back', async () => {
    const staff = aStaffUser({ _id: anId(9) });
    const socket = new TournamentServerSocket(night()).as(staff);
    const { user } = await renderApp({ path: `/tournaments/${ID}`, socket, api: new FakeProductApi().signedInAs(staff) });
    const desk = await screen.findByRole('region', { name: 'Arbitrage' });
    const join = within(desk).getByRole('region', { name: 'Rejoindre la partie' });
    expect(within(join).getByLabelText('Code de la partie').textContent).toBe('731904');
    expect(within(join).getByText('localhost:3000/j')).toBeTruthy();
    expect(within(desk).getByRole('link', { name: 'Imprimer l’affiche' }).getAttribute('href')).toBe(`${path}?affiche`);
    // A phone at the door checks Luigi in: the desk sees it at once.
    act(() => socket.push(runTournamentAction('walkInCheckIn', socket.tournament, null, { participantId: 'p1' })));
    expect(await within(desk).findByRole('button', { name: 'Annuler la présence de Luigi' })).toBeTruthy();
    expect(within(desk).getByRole('status', { name: 'Présences' }).textContent).toMatch(/^2 présents sur 3/);
    await user.click(within(desk).getByRole('button', { name: 'Annuler la présence de Luigi' }));
    expect(await within(desk).findByRole('button', { name: 'Marquer Luigi présent·e' })).toBeTruthy();
    expect(socket.tournament.participants.find((p) => p.id === 'p1')!.checkedIn).toBe(false);
  });

  it('puts the join block on the TV, its QR code leading to /j/{code}, and no id', async () => {
    await renderApp({ path: `/tournaments/${ID}/screen`, socket: new TournamentServerSocket(night()), api: new FakeProductApi() });
    const join = await screen.findByRole('region', { name: 'Rejoindre la partie' });
    expect((await within(join).findByRole('img', { name: 'QR code vers http://localhost:3000/j/731904' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(join).getByText('Scannez en arrivant : « Je suis là »')).toBeTruthy();
    expect(within(join).getByLabelText('Code de la partie').textContent).toBe('731904');
    expect(document.body.textContent).not.toContain(ID);
  });

  it('uses the configured public address rather than the page’s own', async () => {
    await renderApp({ path: `/tournaments/${ID}/screen`, socket: new TournamentServerSocket(night()), api: new FakeProductApi(), config: { publicUrl: 'https://sortie.example' } });
    const join = await screen.findByRole('region', { name: 'Rejoindre la partie' });
    expect(await within(join).findByRole('img', { name: 'QR code vers https://sortie.example/j/731904' })).toBeTruthy();
    expect(within(join).getByText('sortie.example/j')).toBeTruthy();
  });
});
