import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blindTestPlayerKey, SOCKET_EVENTS, SPOTIFY_TOKEN_KEY } from '@sortie/core';
import { aStaffUser, aUser, anId, FakeAudioAnalysis, FakeClock, FakeMusic, FakeProductApi, FakeTokenStore } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { aGame, BLIND_TEST_ID, BlindTestServerSocket } from '../features/blind-tests/testing';
import { OFFLINE_RETRY_MS } from '../data/useLiveConnection';

beforeAll(async () => {
  await import('./BlindTestPage');
}, 60_000);

const path = `/blindTests/${BLIND_TEST_ID}`;

/** A phone at `path`, with the server's game behind its socket. */
async function phone(game = aGame(), { query = '', tokens = new FakeTokenStore(), api = new FakeProductApi(), config = {} }: { query?: string; tokens?: FakeTokenStore; api?: FakeProductApi; config?: { vapidPublicKey?: string } } = {}) {
  const clock = new FakeClock();
  const socket = new BlindTestServerSocket(game, clock);
  const app = await renderApp({ path: `${path}${query}`, socket, clock, tokens, api, config });
  return { ...app, socket, clock };
}

async function join(user: Awaited<ReturnType<typeof phone>>['user'], nickname: string, code?: string) {
  const form = await screen.findByRole('form', { name: 'Rejoindre la partie' });
  if (code) await user.type(within(form).getByLabelText('Code de la partie'), code);
  await user.type(within(form).getByLabelText('Pseudo'), nickname);
  await user.click(within(form).getByRole('button', { name: 'Rejoindre' }));
}

describe('/blindTests/{id} on a phone', () => {
  it('joins with the code from the QR code and a nickname, waits in the lobby, and keeps its token', async () => {
    const { user, socket, fakes } = await phone(aGame(), { query: '?code=123456' });
    expect(document.querySelector('[data-layout="empty"]')).not.toBeNull();
    expect((screen.getByLabelText('Code de la partie') as HTMLInputElement).value).toBe('123456');
    await join(user, 'Camille');
    expect(await screen.findByText(/La partie va bientôt commencer/)).toBeTruthy();
    expect(screen.getByText('1 joueur dans la partie')).toBeTruthy();
    expect(fakes.tokens.json(blindTestPlayerKey(BLIND_TEST_ID))).toEqual({ id: 'p1', token: 'token-p1' });
    expect(socket.game!.players.map((p) => p.nickname)).toEqual(['Camille']);
  });

  describe('« Être prévenu du prochain blind test ? » after joining (issue 33)', () => {
    const VAPID = 'BOr3s0pJzGBLmH0Ii-wNNtrWHnE4ecTnR8gXBAOY8tGLnFJCLIrZNq6YkE-Rx4vdCqF6pUnHkgSn20MOhsQwFAg';
    const pushableBrowser = () => {
      // A browser that can receive Web Push and was never asked, on its second visit.
      vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
      vi.stubGlobal('PushManager', function PushManager() {});
      Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('sortie:visits', '1');
    };
    afterEach(() => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
      localStorage.clear();
      sessionStorage.clear();
    });

    it('offers a signed-in player, once in the game, the next blind tests of the places they follow on this phone', async () => {
      pushableBrowser();
      const { user } = await phone(aGame(), { query: '?code=123456', api: new FakeProductApi().signedInAs(aUser()), config: { vapidPublicKey: VAPID } });
      await join(user, 'Camille');
      await screen.findByText(/La partie va bientôt commencer/);
      const offer = await screen.findByRole('dialog', { name: 'Être prévenu du prochain blind test ?' });
      expect(offer.textContent).toContain('quand un blind test va commencer dans un lieu que vous suivez');
    });

    it('offers nothing to a player without an account (their phone could not be registered)', async () => {
      pushableBrowser();
      const { user } = await phone(aGame(), { query: '?code=123456', config: { vapidPublicKey: VAPID } });
      await join(user, 'Camille');
      await screen.findByText(/La partie va bientôt commencer/);
      expect(screen.queryByRole('dialog', { name: 'Être prévenu du prochain blind test ?' })).toBeNull();
    });
  });

  it('explains a refused code or nickname in French', async () => {
    const { user } = await phone();
    await join(user, 'Camille', '654321');
    expect((await screen.findByRole('alert')).textContent).toBe('Ce code ne correspond à aucune partie en cours.');
  });

  it('answers a track in one box, counts down locally, shows « Réponse envoyée », then « Bonne réponse ! +N », the solution, my score and rank', async () => {
    const { user, socket, clock } = await phone(aGame(), { query: '?code=123456' });
    await join(user, 'Camille');
    await screen.findByText(/La partie va bientôt commencer/);
    socket.addPlayer('Sam');
    await act(async () => socket.play('start', 'host'));
    expect(screen.getByText('Question 1/3')).toBeTruthy();
    expect(screen.getByText('Quel est ce morceau, et qui le chante ?')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Temps restant' }).textContent).toBe('20');
    await act(async () => clock.advance(4_000));
    expect(screen.getByRole('timer', { name: 'Temps restant' }).textContent).toBe('16');
    await user.type(screen.getByLabelText('Titre et artiste'), 'stromae alors on danse');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('status')).textContent).toBe('Réponse envoyée');
    await act(async () => socket.play('reveal', 'host'));
    const result = screen.getByRole('status');
    expect(result.textContent).toContain('Bonne réponse ! +90');
    expect(result.textContent).toContain('La réponse : Alors on danse — Stromae');
    expect(screen.getByLabelText('Mon score').textContent).toBe('Camille · 90 pts · 1er sur 2');
  });

  it('answers with one of four big coloured buttons, and sees « Raté » with the right answer', async () => {
    const game = aGame('answers', [aGame().questions[2]!]);
    const { user, socket } = await phone(game, { query: '?code=123456' });
    await join(user, 'Camille');
    await screen.findByText(/La partie va bientôt commencer/);
    const sam = socket.addPlayer('Sam');
    await act(async () => socket.play('start', 'host'));
    const buttons = within(screen.getByRole('group', { name: 'Réponses proposées' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['▲Angèle', '◆Stromae', '●Indila', '■Zaz']);
    await user.click(screen.getByRole('button', { name: /Angèle/ }));
    expect((await screen.findByRole('status')).textContent).toBe('Réponse envoyée');
    expect(screen.getByText('1 réponse sur 2')).toBeTruthy();
    // Sam answers on another phone: this one hears a count, not a whole view, and counts on.
    const updates = socket.serverEmitted.length;
    await act(async () => socket.play('answer', sam, { questionIndex: 0, choice: 1 }));
    expect(socket.serverEmitted.slice(updates)).toEqual([[SOCKET_EVENTS.blindTestUpdate, { blindTestId: expect.any(String), progress: { status: 'question', questionIndex: 0, answerCount: 2, playerCount: 2 } }]]);
    expect(screen.getByText('2 réponses sur 2')).toBeTruthy();
    await act(async () => socket.play('reveal', 'host'));
    expect(screen.getByRole('status').textContent).toBe('RatéLa réponse : Stromae');
    expect(screen.getByLabelText('Mon score').textContent).toBe('Camille · 0 pt · 2e sur 2');
  });

  it('answers a text question; the countdown stops during a pause, and a late answer cannot be sent', async () => {
    const game = aGame('answers', [aGame().questions[1]!]);
    const { user, socket, clock } = await phone(game, { query: '?code=123456' });
    await join(user, 'Camille');
    await screen.findByText(/La partie va bientôt commencer/);
    await act(async () => socket.play('start', 'host'));
    expect(screen.getByText('Quelle ville accueille le Futuroscope ?')).toBeTruthy();
    await user.type(screen.getByLabelText('Votre réponse'), 'poitier');
    await act(async () => clock.advance(5_000));
    await act(async () => socket.play('pause', 'host'));
    expect(screen.getByRole('status').textContent).toBe('Pause : la partie reprend dans un instant.');
    await act(async () => clock.advance(60_000));
    expect(screen.getByRole('timer', { name: 'Temps restant' }).textContent).toBe('15');
    await act(async () => socket.play('resume', 'host'));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => clock.advance(15_001));
    expect(screen.getByRole('timer', { name: 'Temps restant' }).textContent).toBe('0');
    expect(screen.getByRole('status').textContent).toBe('Temps écoulé.');
    expect((screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('buzzes in buzzer mode, is told to answer aloud, and sees the host’s verdict', async () => {
    const { user, socket } = await phone(aGame('buzzer'), { query: '?code=123456' });
    await join(user, 'Camille');
    await screen.findByText(/La partie va bientôt commencer/);
    await act(async () => socket.play('start', 'host'));
    const sam = socket.addPlayer('Sam');
    await act(async () => socket.play('buzz', sam, { questionIndex: 0 }));
    await user.click(screen.getByRole('button', { name: 'Buzzer' }));
    expect((await screen.findByRole('status')).textContent).toBe('Buzz reçu : vous êtes 1er dans la file.');
    await act(async () => socket.play('judge', 'host', { playerId: sam, correct: false }));
    expect(screen.getByRole('status').textContent).toBe('À vous ! Répondez à voix haute.');
    await act(async () => socket.play('judge', 'host', { playerId: 'p1', correct: true }));
    expect(screen.getByRole('status').textContent).toContain('Bonne réponse ! +100');
  });

  it('comes back as its player after a reload, and sees the podium at the end', async () => {
    const tokens = new FakeTokenStore();
    let game = aGame();
    {
      const { user, socket, unmount } = await phone(game, { tokens, query: '?code=123456' });
      await join(user, 'Camille');
      await screen.findByText(/La partie va bientôt commencer/);
      socket.addPlayer('Sam');
      socket.play('start', 'host');
      socket.play('answer', 'sam', { questionIndex: 0, text: 'Stromae' });
      socket.play('end', 'host');
      game = socket.game!;
      unmount();
    }
    const clock = new FakeClock();
    const socket = new BlindTestServerSocket(game, clock);
    socket.tokens.set('token-p1', 'p1');
    await renderApp({ path, socket, clock, tokens, api: new FakeProductApi() });
    expect(await screen.findByText('Partie terminée !')).toBeTruthy();
    expect(screen.getByText('Vous finissez 2e sur 2 avec 0 pt.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Podium' })).getByText('Sam')).toBeTruthy();
    expect(socket.sent(SOCKET_EVENTS.blindTest)[0]).toEqual({ action: 'get', blindTestId: BLIND_TEST_ID, params: { playerToken: 'token-p1' } });
  });
});

describe('/blindTests/{id}?ecran, the venue’s screen', () => {
  async function venue(game: ReturnType<typeof aGame> | null = aGame(), audio = new FakeAudioAnalysis()) {
    const clock = new FakeClock();
    const socket = new BlindTestServerSocket(game, clock);
    const app = await renderApp({ path: `${path}?ecran`, socket, clock, audio, api: new FakeProductApi() });
    return { ...app, socket, clock };
  }

  it('shows the code in huge type, a QR code to join with it, and the players as they join', async () => {
    const { socket } = await venue();
    expect((await screen.findByLabelText('Code de la partie')).textContent).toBe('123456');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quiz du jeudi');
    // Issue 32: the QR code opens /j/{code}, and a phone without a camera types the short address; no id on screen.
    expect((await screen.findByRole('img', { name: 'QR code vers http://localhost:3000/j/123456' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(screen.getByRole('region', { name: 'Rejoindre la partie' })).getByText('localhost:3000/j')).toBeTruthy();
    expect(document.body.textContent).not.toContain(BLIND_TEST_ID);
    await act(async () => socket.addPlayer('Alex'));
    await act(async () => socket.addPlayer('Sam'));
    expect(within(screen.getByRole('list', { name: 'Joueurs' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Alex', 'Sam']);
    expect(screen.getByRole('heading', { name: '2 joueurs' })).toBeTruthy();
  });

  it('counts the answers as they come in, then reveals with the cover and the leaderboard, then the podium', async () => {
    const { socket, clock } = await venue();
    await screen.findByLabelText('Code de la partie');
    await act(async () => {
      socket.addPlayer('Alex');
      socket.addPlayer('Sam');
      socket.play('start', 'host');
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quel est ce morceau, et qui le chante ?');
    expect(screen.getByText('0 réponse sur 2')).toBeTruthy();
    // Latecomers still join: the short address and the code at the foot of the screen (issue 32).
    expect(screen.getByLabelText('Pour rejoindre').textContent).toBe('Pour jouer : localhost:3000/j, code 123 456');
    await act(async () => clock.advance(2_000));
    expect(screen.getByRole('timer').textContent).toBe('18');
    await act(async () => socket.play('answer', 'alex', { questionIndex: 0, text: 'Alors on danse Stromae' }));
    expect(screen.getByText('1 réponse sur 2')).toBeTruthy();
    await act(async () => socket.play('answer', 'sam', { questionIndex: 0, text: 'Angèle' }));
    expect(screen.getByText('2 réponses sur 2')).toBeTruthy();
    await act(async () => socket.play('reveal', 'host'));
    expect(screen.getByText('Alors on danse — Stromae')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pochette' }).getAttribute('src')).toBe('https://img.example/cheese.jpg');
    expect(within(screen.getByRole('list', { name: 'Classement' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1erAlex95 pts', '2eSam0 pt']);
    await act(async () => socket.play('next', 'host'));
    await act(async () => socket.play('answer', 'sam', { questionIndex: 1, text: 'Poitiers' }));
    await act(async () => socket.play('next', 'host'));
    await act(async () => socket.play('answer', 'sam', { questionIndex: 2, choice: 1 }));
    await act(async () => socket.play('reveal', 'host'));
    expect(within(screen.getByRole('list', { name: 'Classement' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1erSam200 pts', '2eAlex95 pts']);
    await act(async () => socket.play('next', 'host'));
    expect(screen.getByRole('heading', { name: 'Le podium' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Podium' })).getAllByRole('figure').map((f) => f.textContent)).toEqual(['Alex95 pts2e', 'Sam200 pts1er']);
  });

  it('adds the track’s details from the music-metadata service after the reveal, and nothing when it fails', async () => {
    const audio = new FakeAudioAnalysis()
      .knowSearch('Alors on danse AND artist:Stromae', { id: 'mbid-1', title: 'Alors on danse', score: 100, artist: 'Stromae', firstReleaseDate: '2009-09-26', tags: ['electro house'] })
      .knowAnalysis('mbid-1', { highlevel: { mood_party: { value: 'party', probability: 0.9 } } });
    const { socket } = await venue(aGame(), audio);
    await screen.findByLabelText('Code de la partie');
    await act(async () => {
      socket.addPlayer('Alex');
      socket.play('start', 'host');
    });
    expect(screen.queryByRole('complementary', { name: 'À propos du morceau' })).toBeNull();
    await act(async () => socket.play('reveal', 'host'));
    const details = await screen.findByRole('complementary', { name: 'À propos du morceau' });
    expect(details.textContent).toBe('Alors on danse — Stromaesorti en 2009 · electro house · festif');
    // A question without a track asks nothing, and a failed lookup shows nothing while the game goes on.
    audio.fail('searchRecordings', new Error('503'));
    await act(async () => socket.play('next', 'host'));
    await act(async () => socket.play('reveal', 'host'));
    expect(screen.getByText(/Poitiers/)).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'À propos du morceau' })).toBeNull();
    expect(audio.callsTo('searchRecordings')).toHaveLength(1);
  });

  it('waits for the host to open the game, then shows its code without a reload', async () => {
    const { socket } = await venue(null);
    expect((await screen.findByRole('status')).textContent).toBe('Quiz du jeudiLa partie va bientôt s’ouvrir.');
    await act(async () => socket.push(aGame()));
    expect(screen.getByLabelText('Code de la partie').textContent).toBe('123456');
  });

  it('asks again after a lost connection, until the server is back', async () => {
    const { socket, clock } = await venue();
    await screen.findByLabelText('Code de la partie');
    await act(async () => socket.serverEmit('disconnect', 'transport close'));
    expect(screen.getByRole('status').textContent).toBe('Connexion perdue : reconnexion en cours…');
    const gets = () => socket.sent(SOCKET_EVENTS.blindTest).length;
    await act(async () => clock.advance(OFFLINE_RETRY_MS));
    expect(gets()).toBe(2);
    await act(async () => socket.serverEmit('connect'));
    expect(gets()).toBe(3);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('/blindTests/{id}?animateur, the host’s desk', () => {
  async function host(game: ReturnType<typeof aGame> | null, { tokens = new FakeTokenStore(), music = new FakeMusic() } = {}) {
    const staff = aStaffUser({ _id: anId(9) });
    const clock = new FakeClock();
    const socket = new BlindTestServerSocket(game, clock).asHost();
    const app = await renderApp({ path: `${path}?animateur`, socket, clock, tokens, music, api: new FakeProductApi().signedInAs(staff) });
    return { ...app, socket, clock };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plays the question’s audio file in this browser without Spotify, paused on a buzz and at the reveal', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    const { user, socket } = await host(aGame('buzzer'));
    await act(async () => socket.addPlayer('Alex'));
    expect(screen.getByRole('button', { name: 'Connecter Spotify' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
    const audio = (await screen.findByLabelText('Extrait de la question')) as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/demo/alors-on-danse.mp3');
    expect(audio.currentTime).toBe(30);
    expect(play).toHaveBeenCalledTimes(1);
    await act(async () => socket.play('buzz', 'alex', { questionIndex: 0 }));
    expect(pause).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Mauvaise réponse' }));
    expect(play).toHaveBeenCalledTimes(2);
    const pauses = pause.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Révéler la réponse' }));
    expect(pause.mock.calls.length).toBeGreaterThan(pauses);
  });

  it('plays the track on the Spotify device the host picks, from its offset, and pauses it on a buzz', async () => {
    const tokens = new FakeTokenStore();
    tokens.set(SPOTIFY_TOKEN_KEY, JSON.stringify({ access_token: 'access-1', refresh_token: 'refresh-1' }));
    const music = new FakeMusic();
    const { user, socket } = await host(aGame('buzzer'), { tokens, music });
    await act(async () => socket.addPlayer('Alex'));
    const picker = await screen.findByRole('combobox', { name: 'Enceinte Spotify' });
    expect(await within(picker).findByRole('option', { name: 'Enceinte du bar (Speaker) · actif' })).toBeTruthy();
    await user.selectOptions(picker, 'device-bar');
    await user.click(screen.getByRole('button', { name: 'Démarrer' }));
    await screen.findByText('Quel est ce morceau, et qui le chante ?');
    await act(async () => undefined);
    expect(music.playback).toEqual({ deviceId: 'device-bar', uris: ['spotify:track:5Bb6X8lBcEYRN4tZQwJqRf'], positionMs: 30_000, isPlaying: true });
    await act(async () => socket.play('buzz', 'alex', { questionIndex: 0 }));
    await act(async () => undefined);
    expect(music.playback?.isPlaying).toBe(false);
    expect(screen.queryByLabelText('Extrait de la question')).toBeNull();
  });

  it('opens the session, starts once a player is in, judges the buzzer and kicks', async () => {
    const { user, socket } = await host(null);
    await user.click(await screen.findByRole('button', { name: 'Ouvrir la partie' }));
    const start = await screen.findByRole('button', { name: 'Démarrer' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Aucun joueur n’a encore rejoint la partie.')).toBeTruthy();
    await act(async () => {
      socket.game = { ...socket.game!, settings: { ...socket.game!.settings, mode: 'buzzer' } };
      socket.addPlayer('Alex');
      socket.addPlayer('Sam');
    });
    await user.click(screen.getByRole('button', { name: 'Démarrer' }));
    expect(await screen.findByText('Quel est ce morceau, et qui le chante ?')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Musique' }).querySelector('audio')?.getAttribute('src')).toBe('/demo/alors-on-danse.mp3');
    await act(async () => socket.play('buzz', 'sam', { questionIndex: 0 }));
    await act(async () => socket.play('buzz', 'alex', { questionIndex: 0 }));
    const buzzer = screen.getByRole('region', { name: 'Buzzer' });
    expect(within(buzzer).getByText('Sam a la main')).toBeTruthy();
    await user.click(within(buzzer).getByRole('button', { name: 'Mauvaise réponse' }));
    expect(await within(screen.getByRole('region', { name: 'Buzzer' })).findByText('Alex a la main')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bonne réponse' }));
    expect(await screen.findByText('La réponse : Alors on danse — Stromae')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retirer Sam' }));
    expect(await screen.findByRole('heading', { name: '1 joueur' })).toBeTruthy();
    const actions = socket.sent(SOCKET_EVENTS.blindTest).map((r) => (r as { action: string }).action);
    expect(actions.filter((a) => a !== 'get')).toEqual(['open', 'start', 'judge', 'judge', 'kick']);
    expect(socket.sent(SOCKET_EVENTS.blindTest).find((r) => (r as { action: string }).action === 'judge')).toEqual({ action: 'judge', blindTestId: BLIND_TEST_ID, params: { playerId: 'sam', correct: false } });
  });

  it('pauses and resumes, reveals, and goes to the podium after the last question', async () => {
    const { user, socket } = await host(aGame('answers', [aGame().questions[1]!]));
    await act(async () => socket.addPlayer('Alex'));
    await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await user.click(await screen.findByRole('button', { name: 'Reprendre' }));
    await user.click(await screen.findByRole('button', { name: 'Révéler la réponse' }));
    await user.click(await screen.findByRole('button', { name: 'Voir le podium' }));
    expect(await screen.findByRole('button', { name: 'Nouvelle partie' })).toBeTruthy();
    expect(socket.game!.status).toBe('podium');
  });

  it('shows the host alone the expected answer and the accepted variants before « Révéler », and the countdown as « 20 s »', async () => {
    const { user, socket } = await host(aGame());
    await act(async () => socket.addPlayer('Alex'));
    await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
    const expected = await screen.findByRole('region', { name: 'Réponse attendue' });
    expect(within(expected).getByText('Alors on danse').closest('li')!.textContent).toBe('Titre : Alors on danse');
    expect(within(expected).getByText('Stromae').closest('li')!.textContent).toBe('Artiste : Stromae');
    expect(screen.getByRole('timer', { name: 'Temps restant' }).textContent).toBe('20\u00a0s');
    expect(screen.getByRole('button', { name: 'Révéler la réponse' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Révéler la réponse' }));
    expect(await screen.findByText('La réponse : Alors on danse — Stromae')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Réponse attendue' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Question suivante' }));
    const text = await screen.findByRole('region', { name: 'Réponse attendue' });
    expect(within(text).getByText('Poitiers').closest('li')!.textContent).toBe('Réponse : PoitiersAussi acceptées : Chasseneuil-du-Poitou');
    await user.click(screen.getByRole('button', { name: 'Révéler la réponse' }));
    await user.click(await screen.findByRole('button', { name: 'Question suivante' }));
    expect(within(await screen.findByRole('region', { name: 'Réponse attendue' })).getByText('◆ Stromae').closest('li')!.textContent).toBe('Bon choix : ◆ Stromae');
  });

  it('reminds the host to play the music only on a track question without an extract', async () => {
    const [track, text] = aGame().questions;
    const { user, socket } = await host(aGame('answers', [{ ...track!, audioUrl: undefined }, text!]));
    await act(async () => socket.addPlayer('Alex'));
    await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
    const music = await screen.findByRole('region', { name: 'Musique' });
    expect(await within(music).findByText('Pas d’extrait pour cette question : lancez la musique vous-même.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Révéler la réponse' }));
    await user.click(await screen.findByRole('button', { name: 'Question suivante' }));
    await screen.findByText('Quelle ville accueille le Futuroscope ?');
    expect(within(screen.getByRole('region', { name: 'Musique' })).getByText('Pas de musique pour cette question.')).toBeTruthy();
    expect(screen.queryByText(/lancez la musique vous-même/)).toBeNull();
  });

  it('ends the game early only after a confirmation, from a « Fin de partie » box apart from « Révéler »', async () => {
    const { user, socket } = await host(aGame());
    await act(async () => socket.addPlayer('Alex'));
    await user.click(await screen.findByRole('button', { name: 'Démarrer' }));
    const flow = await screen.findByRole('region', { name: 'Déroulé' });
    expect(within(flow).getByRole('button', { name: 'Révéler la réponse' })).toBeTruthy();
    expect(within(flow).queryByRole('button', { name: 'Terminer la partie' })).toBeNull();
    const ending = screen.getByRole('region', { name: 'Fin de partie' });
    await user.click(within(ending).getByRole('button', { name: 'Terminer la partie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminer la partie ?' });
    expect(dialog.textContent).toContain('3 questions restantes ne seront pas jouées');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(socket.game!.status).toBe('question');
    expect(socket.sent(SOCKET_EVENTS.blindTest).map((r) => (r as { action: string }).action)).not.toContain('end');
    await user.click(within(screen.getByRole('region', { name: 'Fin de partie' })).getByRole('button', { name: 'Terminer la partie' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Terminer la partie ?' })).getByRole('button', { name: 'Terminer maintenant' }));
    expect(await screen.findByRole('button', { name: 'Nouvelle partie' })).toBeTruthy();
    expect(socket.game!.status).toBe('podium');
  });

  it('is for staff only', async () => {
    const clock = new FakeClock();
    await renderApp({ path: `${path}?animateur`, socket: new BlindTestServerSocket(aGame(), clock), clock, api: new FakeProductApi() });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Réservé à l’équipe du lieu/);
  });
});
