import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { openGame, SOCKET_EVENTS, type ReportRow } from '@sortie/core';
import { OPERATIONS } from '@sortie/core/domain';
import { aStaffUser, anId, FakeClock, FakeProductApi } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { aQuiz, BLIND_TEST_ID, BlindTestServerSocket } from '../features/blind-tests/testing';

beforeAll(async () => {
  await import('./BlindTestPage');
}, 60_000);

const path = `/blindTests/${BLIND_TEST_ID}`;
/** A game in teams, scored by the mean of each team's players. */
const inTeams = () => openGame(aQuiz(), { teams: ['Rouges', 'Bleus'] }, '123456');

async function open(query: string, { staff = false } = {}) {
  const clock = new FakeClock();
  const socket = new BlindTestServerSocket(inTeams(), clock);
  if (staff) socket.asHost();
  // After the podium the desk reads the game's report: the rows the server would make from its answers' table.
  const api = new FakeProductApi().serve(OPERATIONS.blindTestReportRows, () => ({ rows: REPORT }));
  const app = await renderApp({ path: `${path}${query}`, socket, clock, api: staff ? api.signedInAs(aStaffUser({ _id: anId(9) })) : api });
  return { ...app, socket };
}

const REPORT: ReportRow[] = [
  { questionIndex: 0, question: 'Quel est ce morceau ?', playerId: 'alex', nickname: 'Alex', answer: 'Alors on danse', answered: true, correct: true, elapsedMs: 3200, points: 95 },
  { questionIndex: 1, question: 'Quelle ville accueille le Futuroscope ?', playerId: 'alex', nickname: 'Alex', answer: '', answered: false, correct: false, elapsedMs: null, points: 0 },
];

const rows = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((li) => li.textContent);

describe('a blind test in teams', () => {
  it('lets a phone choose its team on joining, says so in the lobby, and shows the teams at the reveal with its own marked', async () => {
    const { user, socket } = await open('?code=123456');
    await act(async () => socket.addPlayer('Alex'));
    const form = await screen.findByRole('form', { name: 'Rejoindre la partie' });
    const choices = within(form).getByRole('group', { name: 'Équipe' });
    expect(within(choices).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Rouges', 'Bleus', 'Peu importe (la moins nombreuse)']);
    await user.type(within(form).getByLabelText('Pseudo'), 'Camille');
    await user.click(within(choices).getByRole('radio', { name: 'Rouges' }));
    await user.click(within(form).getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText(/Vous jouez avec l’équipe Rouges\./)).toBeTruthy();
    expect(socket.game!.players.map((p) => `${p.nickname}:${p.team}`)).toEqual(['Alex:Rouges', 'Camille:Rouges']);
    await act(async () => {
      socket.addPlayer('Sam');
      socket.play('start', 'host');
      socket.play('answer', 'sam', { questionIndex: 0, text: 'Alors on danse Stromae' });
      socket.play('reveal', 'host');
    });
    expect(screen.getByLabelText('Mon score').textContent).toBe('Camille · Rouges · 0 pt · 3e sur 3');
    expect(rows('Classement des équipes')).toEqual(['1erBleus (1 joueur)100 pts', '2eRouges (2 joueurs)0 pt']);
    expect(within(screen.getByRole('list', { name: 'Classement des équipes' })).getByRole('listitem', { current: true }).textContent).toContain('Rouges');
  });

  it('puts a phone that does not choose in the smallest team', async () => {
    const { user, socket } = await open('?code=123456');
    await act(async () => socket.addPlayer('Alex'));
    const form = await screen.findByRole('form', { name: 'Rejoindre la partie' });
    await user.type(within(form).getByLabelText('Pseudo'), 'Camille');
    await user.click(within(form).getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText(/Vous jouez avec l’équipe Bleus\./)).toBeTruthy();
  });

  it('shows the teams’ board on the venue’s screen at the reveal and on the podium, by the mean of their players', async () => {
    const { socket } = await open('?ecran');
    await screen.findByLabelText('Code de la partie');
    await act(async () => {
      socket.addPlayer('Alex');
      socket.addPlayer('Sam');
      socket.addPlayer('Lou');
      socket.play('start', 'host');
      socket.play('answer', 'alex', { questionIndex: 0, text: 'Alors on danse Stromae' });
      socket.play('answer', 'sam', { questionIndex: 0, text: 'Alors on danse Stromae' });
      socket.play('reveal', 'host');
    });
    // Alex and Lou are Rouges (one right answer between two: the mean halves it), Sam is Bleus.
    expect(screen.getByRole('heading', { name: 'Équipes' })).toBeTruthy();
    expect(rows('Classement des équipes')).toEqual(['1erBleus (1 joueur)100 pts', '2eRouges (2 joueurs)50 pts']);
    await act(async () => socket.play('end', 'host'));
    expect(rows('Classement des équipes')).toEqual(['1erBleus (1 joueur)100 pts', '2eRouges (2 joueurs)50 pts']);
  });

  it('lets the host move a player to another team from the desk', async () => {
    const { user, socket } = await open('?animateur', { staff: true });
    await act(async () => {
      socket.addPlayer('Alex');
      socket.addPlayer('Inès');
    });
    const move = await screen.findByRole('combobox', { name: 'Équipe d’Inès' });
    expect((move as HTMLSelectElement).value).toBe('Bleus');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Équipe d’Alex' }), 'Bleus');
    expect(socket.sent(SOCKET_EVENTS.blindTest).find((r) => (r as { action: string }).action === 'team')).toEqual({ action: 'team', blindTestId: BLIND_TEST_ID, params: { playerId: 'alex', team: 'Bleus' } });
    expect(socket.game!.players.map((p) => `${p.nickname}:${p.team}`)).toEqual(['Alex:Bleus', 'Inès:Bleus']);
    expect(rows('Classement des équipes')).toEqual(['1erRouges (0 joueur)0 pt', '1erBleus (2 joueurs)0 pt']);
  });
});

describe('« Rejouer » from the podium', () => {
  it('offers the game’s report, then starts the same game again with the same players at zero: their phones are back in the lobby without joining again', async () => {
    const { user, socket } = await open('?animateur', { staff: true });
    await act(async () => {
      socket.addPlayer('Alex');
      socket.play('start', 'host');
      socket.play('answer', 'alex', { questionIndex: 0, text: 'Alors on danse Stromae' });
      socket.play('end', 'host');
    });
    expect(socket.game!.players[0]!.score).toBeGreaterThan(0);
    expect((await screen.findByRole('link', { name: 'Télécharger le rapport de la partie (CSV)' })).getAttribute('href')).toBe(`/api/blindTests/${BLIND_TEST_ID}/report.csv`);
    // The report on the desk: the hardest question first, then each player's answers.
    const report = await screen.findByRole('region', { name: 'Rapport de la partie' });
    expect(within(await within(report).findByRole('list', { name: 'Questions les plus difficiles' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Q2 · Quelle ville accueille le Futuroscope ? — 0 bonne réponse sur 1 joueur',
      'Q1 · Quel est ce morceau ? — 1 bonne réponse sur 1 joueur',
    ]);
    expect(within(within(report).getByRole('row', { name: /^Alex/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['juste · 95 pts · 3,2 s', '—']);
    await user.click(await screen.findByRole('button', { name: 'Rejouer avec les mêmes joueurs' }));
    expect(await screen.findByText(/Salle d’attente/)).toBeTruthy();
    expect(socket.game).toMatchObject({ status: 'lobby', code: '123456', round: 2 });
    expect(socket.game!.players.map((p) => `${p.nickname} ${p.score}`)).toEqual(['Alex 0']);
    expect((screen.getByRole('button', { name: 'Démarrer' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
