import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { assignStations, SCREEN_PAGE_MS, SOCKET_EVENTS, tournamentEngine } from '@sortie/core';
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

  it('shows a bracket too big to read whole in parts, in turn, every 15 s, and whole again once it fits', async () => {
    // happy-dom lays nothing out: every box is 1000 × 600 and the bracket 4000 × 2400, a quarter of the size it needs.
    let bracketWidth = 4000;
    const observers = new Set<() => void>();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly fit: () => void) {}
        observe() {
          observers.add(this.fit);
        }
        disconnect() {
          observers.delete(this.fit);
        }
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(() => bracketWidth);
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(() => (bracketWidth * 600) / 1000);
    const socket = new TournamentServerSocket(started('double_elimination'));
    const { fakes } = await renderApp({ path, socket, api: new FakeProductApi() });
    expect(await screen.findByText('Tableau principal · 1/3')).toBeTruthy();
    const shown = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(shown()).toEqual(['Tableau principal']);
    await act(async () => fakes.clock.advance(SCREEN_PAGE_MS - 1));
    expect(shown()).toEqual(['Tableau principal']);
    await act(async () => fakes.clock.advance(1));
    expect(screen.getByText('Tableau des perdants · 2/3')).toBeTruthy();
    expect(shown()).toEqual(['Tableau des perdants']);
    await act(async () => fakes.clock.advance(SCREEN_PAGE_MS));
    expect(shown()).toEqual(['Grande finale']);
    await act(async () => fakes.clock.advance(SCREEN_PAGE_MS));
    expect(screen.getByText('Tableau principal · 1/3')).toBeTruthy();
    // A result comes in and the bracket now fits: the whole, no parts, as soon as the browser reports the new size.
    bracketWidth = 1000;
    const t = socket.tournament;
    const match = t.matches.find((m) => m.status === 'ready' && m.a !== null && m.b !== null)!;
    const played = tournamentEngine.report(t, match.id, 2, 0, { reportedBy: 'staff' });
    if (!played.ok) throw new Error(played.error.message);
    await act(async () => socket.push(played.tournament));
    await act(async () => observers.forEach((fit) => fit()));
    expect(shown()).toEqual(['Tableau principal', 'Tableau des perdants', 'Grande finale']);
    expect(screen.queryByText(/ · 1\/3$/)).toBeNull();
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
