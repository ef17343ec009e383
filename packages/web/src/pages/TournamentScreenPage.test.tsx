import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignStations, SOCKET_EVENTS, tournamentEngine } from '@sortie/core';
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

function started(format: string, settings: Record<string, unknown> = {}, players = names) {
  const result = tournamentEngine.start(aTournament({ format, settings, participants: players.map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1 })) }));
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

  it('never shows a match with nobody on either side: a 5-player double elimination has no « Exempt » against « Exempt » card', async () => {
    const t = started('double_elimination', {}, names.slice(0, 5));
    expect(t.matches.some((m) => m.status === 'done' && m.a === null && m.b === null)).toBe(true);
    await renderApp({ path, socket: new TournamentServerSocket(t), api: new FakeProductApi() });
    await screen.findByRole('region', { name: 'Tableau des perdants' });
    const cards = screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((label) => label!.startsWith('Exempt contre Exempt'))).toEqual([]);
    // A player's bye is still shown: they go through.
    expect(cards.some((label) => /Exempt/.test(label!))).toBe(true);
  });

  it('calls the matches to their tables and says when the next ones should start', async () => {
    const socket = new TournamentServerSocket(aTournament());
    const { fakes } = await renderApp({ path, socket, api: new FakeProductApi() });
    // The server calls the ready matches to the free tables at 21 h (Paris), 20 minutes a match.
    const t = assignStations(started('double_elimination', { stations: ['Table 1', 'Table 2'], matchMinutes: 20 }), fakes.clock.now().getTime());
    act(() => socket.push(t));
    const tables = await screen.findByRole('region', { name: 'Postes de jeu' });
    expect(within(tables).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Table 1 — Noé contre Inès', 'Table 2 — Lou contre Marius']);
    const called = screen.getAllByRole('group', { current: true });
    expect(called.map((g) => g.getAttribute('aria-label')).sort()).toEqual(['Lou contre Marius, à jouer, Table 2', 'Noé contre Inès, à jouer, Table 1']);
    expect(within(called.find((g) => g.getAttribute('aria-label')!.startsWith('Lou'))!).getByText('Table 2')).toBeTruthy();
    // The quarter-finals' winners meet the top seeds once a table frees, 20 minutes later.
    const semi = () => screen.getAllByRole('group').find((g) => g.getAttribute('aria-label')!.startsWith('Alex contre À déterminer'))!;
    expect(within(semi()).getByText('vers 21 h 20')).toBeTruthy();
    // Half an hour later, both matches still running: the estimate moves back with the clock.
    await act(async () => fakes.clock.advance(30 * 60_000));
    expect(within(semi()).getByText('vers 21 h 30')).toBeTruthy();
    expect(screen.queryByText('vers 21 h 20')).toBeNull();
  });

  it('shows no tables without stations', async () => {
    await renderApp({ path, socket: new TournamentServerSocket(started('double_elimination')), api: new FakeProductApi() });
    await screen.findByRole('region', { name: 'Tableau principal' });
    expect(screen.queryByRole('region', { name: 'Postes de jeu' })).toBeNull();
    expect(screen.queryByText(/^vers /)).toBeNull();
  });
});
