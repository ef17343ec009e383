import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignStations, SessionService, SOCKET_EVENTS, tournamentEngine } from '@sortie/core';
import { FakeProductApi, aStaffUser, aUser, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { TournamentServerSocket, aTournament } from '../features/tournaments/testing';

// The page's chunk compiled once, before the tests' own time limits start (2 shared cores).
beforeAll(async () => {
  await import('./TournamentPage');
}, 60_000);

const ID = '0000000000000000000000aa';
const path = `/tournaments/${ID}`;
const me = aUser({ _id: anId(7), displayName: 'Valentine' });
const players = ['Alex', 'Sam', 'Lou', 'Valentine'].map((name, i) => ({ id: `p${i + 1}`, name, seed: i + 1, ...(name === 'Valentine' ? { userId: me._id } : {}) }));

function running() {
  const result = tournamentEngine.start(aTournament({ participants: players }));
  if (!result.ok) throw new Error(result.error.message);
  return result.tournament;
}
/** Valentine's first match (seed 4 plays seed 1). */
const firstMatchOf = (t: ReturnType<typeof running>, id: string) => t.matches.find((m) => m.round === 1 && (m.a === id || m.b === id))!;

describe('/tournaments/{id} on a phone', () => {
  it('shows the tournament to a visitor and invites them to sign in', async () => {
    const socket = new TournamentServerSocket(aTournament({ participants: players.slice(0, 2) }));
    await renderApp({ path, socket, api: new FakeProductApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournoi de fléchettes' })).toBeTruthy();
    expect(screen.getByText('Fléchettes · Élimination directe')).toBeTruthy();
    expect(screen.getByText('Inscriptions ouvertes')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Inscrits' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Alex', 'Sam']);
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(socket.sent(SOCKET_EVENTS.tournament)[0]).toEqual({ action: 'get', tournamentId: ID, params: {} });
  });

  describe('« Être prévenu quand votre match est appelé ? » after registering (issue 33)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
      localStorage.clear();
      sessionStorage.clear();
    });

    it('offers, once registered (from the second visit), to receive the call of their match on this phone', async () => {
      // A browser that can receive Web Push and was never asked, on its second visit.
      vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
      vi.stubGlobal('PushManager', function PushManager() {});
      Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('sortie:visits', '1');
      const socket = new TournamentServerSocket(aTournament()).as(me);
      const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me), config: { vapidPublicKey: 'BOr3s0pJzGBLmH0Ii-wNNtrWHnE4ecTnR8gXBAOY8tGLnFJCLIrZNq6YkE-Rx4vdCqF6pUnHkgSn20MOhsQwFAg' } });
      await user.click(await screen.findByRole('button', { name: 'Je m’inscris' }));
      const offer = await screen.findByRole('dialog', { name: 'Être prévenu quand votre match est appelé ?' });
      expect(offer.textContent).toContain('quand votre prochain match est prêt, et à quelle table');
      expect(within(offer).getByRole('button', { name: 'Oui, me prévenir' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Recevoir un rappel le jour J ?' })).toBeNull();
    });
  });

  it('lets a signed-in visitor join under a nickname, then leave', async () => {
    const socket = new TournamentServerSocket(aTournament()).as(me);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    await user.type(await screen.findByLabelText('Pseudo (facultatif)'), 'Val');
    await user.click(screen.getByRole('button', { name: 'Je m’inscris' }));
    expect(await screen.findByText('Val', { selector: 'strong' })).toBeTruthy();
    expect(socket.sent(SOCKET_EVENTS.tournament).at(-1)).toEqual({ action: 'join', tournamentId: ID, params: { name: 'Val' } });
    await user.click(screen.getByRole('button', { name: 'Me désinscrire' }));
    expect(await screen.findByRole('button', { name: 'Je m’inscris' })).toBeTruthy();
  });

  it('lets a registered player check in when the tournament asks for it', async () => {
    const socket = new TournamentServerSocket(aTournament({ participants: players, settings: { checkIn: true } })).as(me);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    await user.click(await screen.findByRole('button', { name: 'Je suis présent·e' }));
    expect(await screen.findByText(/présence confirmée/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Je suis présent·e' })).toBeNull();
  });

  it('opens a new socket handshake after a sign-in on the page, since the server reads the user there', async () => {
    const api = new FakeProductApi();
    const socket = new TournamentServerSocket(aTournament());
    const { container } = await renderApp({ path, socket, api });
    await screen.findByRole('button', { name: 'Se connecter' });
    expect(socket.connected).toBe(true);
    api.signedInAs(me);
    socket.as(me);
    await act(async () => {
      await container.get(SessionService).reload();
    });
    expect(socket.reconnections).toBe(1);
    expect(socket.sent(SOCKET_EVENTS.tournament).map((r) => (r as { action: string }).action)).toEqual(['get', 'get']);
    expect(await screen.findByLabelText('Pseudo (facultatif)')).toBeTruthy();
  });

  it('shows my match against a walk-in, and says the staff confirm the score I send', async () => {
    const t = running();
    const match = firstMatchOf(t, 'p4');
    const socket = new TournamentServerSocket(t).as(me);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    const mine = await screen.findByRole('region', { name: 'Ma participation' });
    expect(within(mine).getByText(/Votre match : contre/).textContent).toBe('Votre match : contre Alex');
    await user.type(within(mine).getByLabelText('Mon score'), '1');
    await user.type(within(mine).getByLabelText('Score d’Alex'), '3');
    await user.click(within(mine).getByRole('button', { name: 'Envoyer le score' }));
    expect((await within(mine).findByRole('status')).textContent).toBe('Score saisi : vous 1 – 3 Alex. L’équipe va confirmer.');
    const iAmA = match.a === 'p4';
    expect(socket.sent(SOCKET_EVENTS.tournament).at(-1)).toEqual({ action: 'reportScore', tournamentId: ID, params: { matchId: match.id, scoreA: iAmA ? 1 : 3, scoreB: iAmA ? 3 : 1 } });
    // A typo can be corrected until the opponent confirms.
    await user.click(within(mine).getByRole('button', { name: 'Corriger mon score' }));
    await user.type(within(mine).getByLabelText('Mon score'), '3');
    await user.type(within(mine).getByLabelText('Score d’Alex'), '1');
    await user.click(within(mine).getByRole('button', { name: 'Envoyer le score' }));
    expect((await within(mine).findByRole('status')).textContent).toBe('Score saisi : vous 3 – 1 Alex. L’équipe va confirmer.');
  });

  it('waits for the confirmation of an opponent who has an account', async () => {
    const alex = aUser({ _id: anId(8), displayName: 'Alex' });
    const result = tournamentEngine.start(aTournament({ participants: players.map((p) => (p.id === 'p1' ? { ...p, userId: alex._id } : p)) }));
    if (!result.ok) throw new Error(result.error.message);
    const socket = new TournamentServerSocket(result.tournament).as(me);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    const mine = await screen.findByRole('region', { name: 'Ma participation' });
    await user.type(within(mine).getByLabelText('Mon score'), '1');
    await user.type(within(mine).getByLabelText('Score d’Alex'), '3');
    await user.click(within(mine).getByRole('button', { name: 'Envoyer le score' }));
    expect((await within(mine).findByRole('status')).textContent).toBe('Score saisi : vous 1 – 3 Alex. En attente de la confirmation d’Alex.');
  });

  it('sends me to my table, or tells me when my match should start', async () => {
    const socket = new TournamentServerSocket(aTournament()).as(me);
    const { fakes } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    await screen.findByRole('region', { name: 'Inscrits' });
    const now = fakes.clock.now().getTime();
    // One table for two ready matches, 15 minutes a match: Sam and Lou are called first (21 h, Paris).
    const result = tournamentEngine.start(aTournament({ participants: players, settings: { stations: ['Cible 1'], matchMinutes: 15 } }));
    if (!result.ok) throw new Error(result.error.message);
    const first = result.tournament.matches.find((m) => m.round === 1 && m.a === 'p2')!;
    const queued = assignStations({ ...result.tournament, matches: result.tournament.matches.map((m) => (m.id === first.id ? { ...m, station: 'Cible 1', calledAt: now } : m)) }, now);
    act(() => socket.push(queued));
    const mine = await screen.findByRole('region', { name: 'Ma participation' });
    expect(within(mine).getByText('Début prévu vers 21 h 15, dès qu’un poste se libère.')).toBeTruthy();
    // Sam and Lou's score is in: the table is mine.
    const played = tournamentEngine.report(queued, first.id, 2, 0, { reportedBy: 'staff' });
    if (!played.ok) throw new Error(played.error.message);
    act(() => socket.push(assignStations(played.tournament, now + 10 * 60_000)));
    expect(await within(mine).findByText('Rendez-vous : Cible 1')).toBeTruthy();
    expect(within(mine).queryByText(/Début prévu/)).toBeNull();
  });

  it('says the next Swiss round is being drawn once I have played mine', async () => {
    const result = tournamentEngine.start(aTournament({ format: 'swiss', participants: players }));
    if (!result.ok) throw new Error(result.error.message);
    const mineFirst = firstMatchOf(result.tournament, 'p4');
    const played = tournamentEngine.report(result.tournament, mineFirst.id, 2, 1, { reportedBy: 'staff' });
    if (!played.ok) throw new Error(played.error.message);
    expect(played.tournament.status).toBe('running');
    const socket = new TournamentServerSocket(played.tournament).as(me);
    await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    const mine = await screen.findByRole('region', { name: 'Ma participation' });
    expect(await within(mine).findByText('La ronde 2 se prépare.')).toBeTruthy();
    expect(within(mine).queryByText('Vous n’avez plus de match à jouer.')).toBeNull();
  });

  it('reads a Swiss tournament as standings', async () => {
    const result = tournamentEngine.start(aTournament({ format: 'swiss', participants: players }));
    if (!result.ok) throw new Error(result.error.message);
    await renderApp({ path, socket: new TournamentServerSocket(result.tournament), api: new FakeProductApi() });
    const board = await screen.findByRole('region', { name: 'Classement' });
    expect(within(board).getAllByRole('row').slice(1).map((row) => row.querySelector('th')!.textContent).sort()).toEqual(['Alex', 'Lou', 'Sam', 'Valentine']);
    expect(within(board).getAllByRole('group', { current: true })).toHaveLength(2);
  });

  it('asks me to confirm the score my opponent reported, and the bracket moves on', async () => {
    const t = running();
    const match = firstMatchOf(t, 'p4');
    const reported = tournamentEngine.report(t, match.id, match.a === 'p4' ? 2 : 0, match.a === 'p4' ? 0 : 2, { reportedBy: 'p1', confirmed: false });
    if (!reported.ok) throw new Error(reported.error.message);
    const socket = new TournamentServerSocket(reported.tournament).as(me);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(me) });
    expect(await screen.findByText('Alex a saisi le score : vous 2 – 0 Alex.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirmer le score' }));
    expect(await screen.findByText('Prochain match contre', { exact: false })).toBeTruthy();
    const board = screen.getByRole('region', { name: 'Tableau' });
    expect(within(board).getByRole('group', { name: /^(Valentine contre Alex : 2 – 0|Alex contre Valentine : 0 – 2), joué$/ })).toBeTruthy();
  });

  it('follows the updates pushed to the room, and fetches the tournament again after a reconnection', async () => {
    const t = running();
    const socket = new TournamentServerSocket(t);
    await renderApp({ path, socket, api: new FakeProductApi() });
    const board = await screen.findByRole('region', { name: 'Tableau' });
    expect(within(board).getAllByRole('group', { current: true })).toHaveLength(2);
    const played = tournamentEngine.report(t, firstMatchOf(t, 'p1').id, 3, 1, { reportedBy: 'staff' });
    if (!played.ok) throw new Error(played.error.message);
    act(() => socket.push(played.tournament));
    expect(within(board).getAllByRole('group', { current: true })).toHaveLength(1);
    const gets = socket.sent(SOCKET_EVENTS.tournament).length;
    await act(async () => socket.serverEmit('disconnect', 'transport close'));
    expect(screen.getByRole('status').textContent).toBe('Connexion perdue : reconnexion en cours…');
    await act(async () => socket.serverEmit('connect'));
    expect(socket.sent(SOCKET_EVENTS.tournament).slice(gets)).toEqual([{ action: 'get', tournamentId: ID, params: {} }]);
    expect(screen.queryByText('Connexion perdue : reconnexion en cours…')).toBeNull();
  });

  it('gives staff the desk: walk-ins and the start', async () => {
    const staff = aStaffUser({ _id: anId(9) });
    const socket = new TournamentServerSocket(aTournament({ participants: players.slice(0, 1) })).as(staff);
    const { user } = await renderApp({ path, socket, api: new FakeProductApi().signedInAs(staff) });
    const desk = await screen.findByRole('region', { name: 'Arbitrage' });
    await user.type(within(desk).getByLabelText('Joueur sur place'), 'Noé');
    await user.click(within(desk).getByRole('button', { name: 'Ajouter' }));
    expect(await within(desk).findByRole('button', { name: 'Retirer Noé' })).toBeTruthy();
    await user.click(within(desk).getByRole('button', { name: 'Démarrer le tournoi' }));
    expect(await screen.findByText('En cours', { selector: 'span' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Tableau' })).getByRole('group', { name: 'Alex contre Noé, à jouer' })).toBeTruthy();
  });

  it('shows the server’s refusal in French', async () => {
    const socket = new TournamentServerSocket(aTournament());
    socket.emitWithAck = (event, payload) => {
      socket.emitted.push({ event, payload, ack: true });
      return Promise.resolve({ status: 'error', msg: 'Tournoi introuvable.' });
    };
    await renderApp({ path, socket, api: new FakeProductApi() });
    expect((await screen.findByRole('alert')).textContent).toContain('Tournoi introuvable.');
  });

  it('shows the server’s temporary refusal as is while its database is out of reach', async () => {
    const socket = new TournamentServerSocket(aTournament());
    socket.emitWithAck = (event, payload) => {
      socket.emitted.push({ event, payload, ack: true });
      return Promise.resolve({ status: 'error', msg: 'Service momentanément indisponible, réessayez dans un instant.', code: 'unavailable' });
    };
    await renderApp({ path, socket, api: new FakeProductApi() });
    expect((await screen.findByRole('alert')).textContent).toContain('Service momentanément indisponible, réessayez dans un instant.');
  });
});
