import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, tournamentEngine } from '@sortie/core';
import { FakeProductApi } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { TournamentServerSocket, aTournament } from '../features/tournaments/testing';
import { OFFLINE_RETRY_MS } from '../data/useLiveConnection';

beforeAll(async () => {
  await import('./TournamentScreenPage');
}, 60_000);

const ID = '0000000000000000000000aa';
const path = `/tournaments/${ID}/screen`;
const names = ['Alex', 'Sam', 'Lou', 'Noé', 'Inès', 'Marius'];

function started(format: string) {
  const result = tournamentEngine.start(aTournament({ format, participants: names.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 })) }));
  if (!result.ok) throw new Error(result.error.message);
  return result.tournament;
}

describe('/tournaments/{id}/screen', () => {
  it('draws a double elimination as a bracket, highlights the matches being played and shows a QR code to join', async () => {
    const socket = new TournamentServerSocket(started('double_elimination'));
    await renderApp({ path, socket, api: new FakeProductApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournoi de fléchettes' })).toBeTruthy();
    expect(document.querySelector('[data-layout="empty"]')).not.toBeNull();
    expect(screen.getByText('Fléchettes · Double élimination · En cours · 6 participants')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
    const winners = screen.getByRole('region', { name: 'Tableau principal' });
    expect(within(winners).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Quarts de finale', 'Demi-finales', 'Finale']);
    expect(screen.getAllByRole('group', { current: true }).map((g) => g.getAttribute('aria-label')).sort()).toEqual(['Lou contre Marius, à jouer', 'Noé contre Inès, à jouer']);
    expect(screen.getAllByRole('group', { current: true })).toHaveLength(2);
    expect((await screen.findByRole('img', { name: `QR code vers http://localhost:3000/tournaments/${ID}` })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('Scannez pour suivre vos matchs')).toBeTruthy();
  });

  it('shows the new bracket as soon as the room receives it, and rejoins the room after a reconnection', async () => {
    const t = started('double_elimination');
    const socket = new TournamentServerSocket(t);
    const { fakes } = await renderApp({ path, socket, api: new FakeProductApi() });
    const first = (await screen.findAllByRole('group', { current: true }))[0]!;
    const match = t.matches.find((m) => m.status === 'ready' && m.a !== null && m.b !== null)!;
    const played = tournamentEngine.report(t, match.id, 2, 0, { reportedBy: 'staff' });
    if (!played.ok) throw new Error(played.error.message);
    act(() => socket.push(played.tournament));
    expect(first.getAttribute('aria-label')).toMatch(/ : 2 – 0, joué$/);
    await act(async () => socket.serverEmit('disconnect', 'transport close'));
    expect(screen.getByRole('status').textContent).toBe('Connexion perdue : reconnexion en cours…');
    const gets = () => socket.sent(SOCKET_EVENTS.tournament).filter((r) => (r as { action: string }).action === 'get').length;
    // socket.io may give up reconnecting: the screen keeps asking, which makes the socket connect anew.
    await act(async () => fakes.clock.advance(OFFLINE_RETRY_MS - 1));
    expect(gets()).toBe(1);
    await act(async () => fakes.clock.advance(1));
    expect(gets()).toBe(2);
    await act(async () => fakes.clock.advance(OFFLINE_RETRY_MS));
    expect(gets()).toBe(3);
    await act(async () => socket.serverEmit('connect'));
    expect(gets()).toBe(4);
    await act(async () => fakes.clock.advance(OFFLINE_RETRY_MS));
    expect(gets()).toBe(4);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the standings of a Swiss tournament and its matches in play', async () => {
    const socket = new TournamentServerSocket(started('swiss'));
    await renderApp({ path, socket, api: new FakeProductApi() });
    const table = await screen.findByRole('table', { name: 'Classement' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(screen.getByRole('region', { name: 'Matchs en cours' })).getAllByRole('group', { current: true })).toHaveLength(3);
  });

  it('lists who registered while the registrations are open', async () => {
    const socket = new TournamentServerSocket(aTournament({ participants: [{ id: 'p1', name: 'Alex', seed: 1 }] }));
    await renderApp({ path, socket, api: new FakeProductApi() });
    expect(within(await screen.findByRole('list', { name: 'Inscrits' })).getByText('Alex')).toBeTruthy();
    expect(screen.getByText('Scannez pour vous inscrire')).toBeTruthy();
  });
});
