import { describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, SOCKET_UNAVAILABLE_MESSAGE } from '../domain/constants';
import { ValidationError } from '../domain/errors';
import { joinGame, openGame, playerView, screenView, startGame, type GameQuestion } from '../domain/blind-test';
import { anId, createTestContainer } from '../testing';
import { BLIND_TEST_ACK_WAIT_MS, BlindTestSession, BlindTestSessionError, blindTestPlayerKey } from './blind-test-session.use-case';

const ID = anId(71);
const NOW = new Date('2026-01-15T20:00:00.000Z').getTime();
const question: GameQuestion = { id: 'q1', kind: 'choices', prompt: 'Capitale de la Vienne ?', ask: 'both', answers: [], choices: ['Poitiers', 'Niort', 'Limoges', 'Tours'], correctChoice: 0, points: 100, timeLimitMs: 20_000, offsetMs: 0 };
const lobby = joinGame(openGame([question], { mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0 }, '123456'), 'p1', 'Alex');
const playing = startGame(lobby, NOW);
// As the server sends them: each view says whose it is, with the blind test's title and the server's clock.
const base = { blindTestId: ID, title: 'Quiz du jeudi', serverNow: NOW };
const screen = { ...screenView(playing, NOW), ...base, role: 'screen' };
const mine = { ...playerView(playing, 'p1', NOW), ...base, role: 'player' };
const hosted = { ...screenView(playing, NOW), ...base, role: 'host', full: playing };
const { blindTestId: _, title: __, serverNow: ___, role: ____, ...screenOnly } = screen;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const { container, fakes } = createTestContainer();
  return { session: container.get(BlindTestSession), ...fakes };
}

describe('BlindTestSession', () => {
  it('emits a JSON string of action, blindTestId and params on the blind test event and resolves the view, dated by this device', async () => {
    const { session, socket, clock } = setup();
    socket.replyWith({ status: 'ok', game: screen });
    await expect(session.execute('get', ID)).resolves.toEqual({ kind: 'view', view: { ...screenOnly, me: null }, game: null, title: 'Quiz du jeudi', receivedAt: clock.now().getTime() });
    expect(socket.emitted[0]).toEqual({ event: SOCKET_EVENTS.blindTest, ack: true, payload: JSON.stringify({ action: 'get', blindTestId: ID, params: {} }) });
  });

  it('keeps the token join hands out, and sends it with the player’s later actions, not the host’s', async () => {
    const { session, socket, tokens } = setup();
    socket.replyOnceWith(JSON.stringify({ status: 'ok', game: mine, player: { id: 'p1', token: 'secret' } }));
    const joined = await session.execute('join', ID, { code: '123456', nickname: 'Alex' });
    expect(joined).toMatchObject({ kind: 'view', player: { id: 'p1', token: 'secret' } });
    expect(joined.kind === 'view' && joined.view.me?.nickname).toBe('Alex');
    expect(tokens.json(blindTestPlayerKey(ID))).toEqual({ id: 'p1', token: 'secret' });
    expect(session.player(ID)).toEqual({ id: 'p1', token: 'secret' });

    socket.replyWith({ status: 'ok', game: mine });
    await session.execute('answer', ID, { questionIndex: 0, choice: 2 });
    await session.execute('get', ID);
    await session.execute('next', ID);
    expect(socket.sent(SOCKET_EVENTS.blindTest).slice(1)).toEqual([
      { action: 'answer', blindTestId: ID, params: { questionIndex: 0, choice: 2, playerToken: 'secret' } },
      { action: 'get', blindTestId: ID, params: { playerToken: 'secret' } },
      { action: 'next', blindTestId: ID, params: {} },
    ]);

    session.forget(ID);
    expect(session.player(ID)).toBeNull();
    tokens.set(blindTestPlayerKey(ID), 'not json');
    expect(session.player(ID)).toBeNull();
  });

  it('reads the whole game staff receive beside the screen’s view with core’s schema', async () => {
    const { session, socket } = setup();
    socket.replyOnceWith({ status: 'ok', game: hosted });
    await expect(session.execute('start', ID)).resolves.toMatchObject({ kind: 'view', view: { code: '123456', status: 'question', me: null }, game: { code: '123456', status: 'question', questionIndex: 0 } });
    socket.replyOnceWith({ status: 'ok', game: { ...hosted, full: { ...playing, code: 'abc' } } });
    await expect(session.execute('get', ID)).rejects.toMatchObject({ code: 'BLIND_TEST_INVALID_REPLY', message: 'Le serveur du blind test a renvoyé une partie illisible.' });
    socket.replyOnceWith({ status: 'ok', game: playing });
    await expect(session.execute('get', ID)).rejects.toMatchObject({ code: 'BLIND_TEST_INVALID_REPLY' });
  });

  it('tells a blind test with no game open yet', async () => {
    const { session, socket } = setup();
    socket.replyOnceWith({ status: 'ok', game: { blindTestId: ID, title: 'Quiz du jeudi', serverNow: NOW, role: 'closed', status: 'draft' } });
    await expect(session.execute('get', ID)).resolves.toMatchObject({ kind: 'closed', title: 'Quiz du jeudi' });
  });

  it('rejects with the French msg of an error reply, and a reply without a game as undefined game', async () => {
    const { session, socket } = setup();
    socket.replyOnceWith({ status: 'error', msg: 'Trop tard : le temps est écoulé.' });
    const error = await session.execute('answer', ID, { questionIndex: 0, choice: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlindTestSessionError);
    expect(error).toMatchObject({ message: 'Trop tard : le temps est écoulé.', code: 'BLIND_TEST_REFUSED' });
    for (const reply of [{ status: 'ok' }, 'not json', null]) {
      socket.replyOnceWith(reply);
      await expect(session.execute('get', ID)).rejects.toThrow('undefined game');
    }
  });

  it('a refusal whose code says the server cannot serve now is a temporary error (503) with the server’s French message', async () => {
    const { session, socket } = setup();
    socket.replyOnceWith({ status: 'error', msg: SOCKET_UNAVAILABLE_MESSAGE, code: 'unavailable' });
    const error = await session.execute('buzz', ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlindTestSessionError);
    expect(error).toMatchObject({ message: 'Service momentanément indisponible, réessayez dans un instant.', code: 'BLIND_TEST_UNAVAILABLE', statusCode: 503 });
  });

  it('rejects a silence after 2000 ms, not before, with the connection failure as its cause', async () => {
    const { session, socket, clock } = setup();
    const refused = new Error('xhr poll error');
    socket.neverReply().failToConnect(refused);
    let outcome: unknown = 'pending';
    session.execute('get', ID).catch((error: unknown) => (outcome = error));
    expect(BLIND_TEST_ACK_WAIT_MS).toBe(2000);
    clock.advance(1999);
    await settle();
    expect(outcome).toBe('pending');
    clock.advance(1);
    await settle();
    expect(outcome).toMatchObject({ code: 'BLIND_TEST_TIMEOUT', cause: refused });
  });

  it('stops waiting once acknowledged, and turns a transport failure into its error', async () => {
    const { session, socket, clock } = setup();
    socket.replyOnceWith({ status: 'ok', game: screen });
    await session.execute('get', ID);
    expect(clock.pendingTimers).toBe(0);
    socket.failWith(new Error('socket closed'));
    await expect(session.execute('get', ID)).rejects.toMatchObject({ message: 'socket closed', code: 'BLIND_TEST_TRANSPORT' });
    expect(clock.pendingTimers).toBe(0);
  });

  it('refuses an invalid blind test id without emitting', async () => {
    const { session, socket } = setup();
    await expect(session.execute('get', 'abc')).rejects.toBeInstanceOf(ValidationError);
    expect(socket.emitted).toEqual([]);
  });

  it('watch passes on the updates of that blind test only, until unsubscribed', () => {
    const { session, socket } = setup();
    const seen: unknown[] = [];
    const stop = session.watch(ID, (state) => seen.push(state.kind === 'view' ? (state.game?.status ?? state.view.answerCount) : state.kind));
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, game: { ...screen, answerCount: 1 } });
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, JSON.stringify({ ...screen, answerCount: 2 }));
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: anId(72), game: { ...screen, answerCount: 9 } });
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, game: hosted });
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, game: { role: 'closed', status: 'draft' } });
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, 'not json');
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, game: { status: 'paused' } });
    stop();
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, game: screen });
    expect(seen).toEqual([1, 2, 'question', 'closed']);
    expect(socket.listenerCount(SOCKET_EVENTS.blindTestUpdate)).toBe(0);
  });

  it('reads a progress (a few numbers, the host’s new answers) from an update or an answer’s acknowledgement, and drops an unreadable one', async () => {
    const { session, socket } = setup();
    const seen: unknown[] = [];
    session.watch(ID, (state) => seen.push(state.kind === 'progress' ? state.progress : state.kind));
    const progress = { status: 'question', questionIndex: 0, answerCount: 12, playerCount: 2000 };
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, progress });
    const answer = { playerId: 'p1', questionIndex: 0, at: 1_000, elapsedMs: 800, choice: 2, correct: false, points: 0 };
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, progress: { ...progress, answerCount: 13, answers: [answer] } });
    socket.serverEmit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: ID, progress: { ...progress, answerCount: -1 } });
    expect(seen).toEqual([progress, { ...progress, answerCount: 13, answers: [answer] }]);

    socket.replyOnceWith({ status: 'ok', progress: { ...progress, answerCount: 14, answered: true } });
    const reply = await session.execute('answer', ID, { questionIndex: 0, choice: 1 });
    expect(reply).toMatchObject({ kind: 'progress', progress: { answerCount: 14, answered: true } });
    socket.replyOnceWith({ status: 'ok', progress: { status: 'nowhere' } });
    await expect(session.execute('answer', ID, { questionIndex: 0, choice: 1 })).rejects.toMatchObject({ code: 'BLIND_TEST_INVALID_REPLY' });
  });
});
