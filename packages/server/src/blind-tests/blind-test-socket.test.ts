import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type Game } from '@sortie/core/domain';
import { buildApp, type SortieApp } from '../app';
import type { Db } from '../db/database';
import { RESOURCE_POLICY } from '../resources/policy';
import { openTestDb, signIn, testConfig } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { DEMO_BLIND_TEST_IDS, demoBlindTests } from '../demo/blind-tests';
import { attachBlindTests } from './blind-test-socket';
import type { BlindTestView } from './blind-test-views';
import { BLIND_TEST_POLICY } from './blind-test-policy';
import { BlindTestGames } from './blind-test-games';
import { sharedChangeBus } from '../testing/shared-change-bus';

type View = BlindTestView & { full?: Game; me?: { playerId: string; nickname: string; score: number; rank: number; answered: boolean; result?: { correct: boolean; points: number } } | null };
type Progress = { status: string; questionIndex: number; answerCount: number; playerCount: number; answered?: boolean; answers?: Game['answers'] };
type Reply = { status: 'ok'; game: View; progress?: Progress; player?: { id: string; token?: string } } | { status: 'error'; msg: string };

const PLAYERS = 30;
const START = Date.UTC(2026, 5, 21, 19, 0, 0);

describe('live blind tests over socket.io: 1 host, 30 phones', () => {
  let db: Db;
  let time = START;
  const clock = () => time;
  let app: SortieApp;
  let games: BlindTestGames;
  let url: string;
  let staffCookie: string;
  const sockets: Socket[] = [];

  async function start(): Promise<void> {
    app = await buildApp({ db, config: testConfig(), now: clock });
    await app.ready();
    // Until app.ts wires it (idempotent when it does).
    games = attachBlindTests(app.ctx.io!, app.ctx, (message, error) => console.error(message, error));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  async function stop(): Promise<void> {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await games.close();
    await app.close();
  }

  const open = (options: { cookie?: string; auth?: Record<string, unknown> } = {}) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...(options.auth ? { auth: options.auth } : {}), extraHeaders: options.cookie ? { cookie: options.cookie } : {} });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const send = (socket: Socket, payload: unknown): Promise<Reply> => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.blindTest, typeof payload === 'string' ? payload : JSON.stringify(payload));
  const call = (socket: Socket, blindTestId: string | undefined, action: string, params: Record<string, unknown> = {}) => send(socket, { action, ...(blindTestId ? { blindTestId } : {}), params });
  const ok = async (reply: Promise<Reply>) => {
    const answer = await reply;
    expect(answer, answer.status === 'error' ? answer.msg : '').toMatchObject({ status: 'ok' });
    return answer as Extract<Reply, { status: 'ok' }>;
  };
  const refused = async (reply: Promise<Reply>) => {
    const answer = await reply;
    expect(answer.status).toBe('error');
    return (answer as { msg: string }).msg;
  };
  /** The first update the socket receives that satisfies `test`. */
  const update = (socket: Socket, test: (view: View) => boolean) =>
    new Promise<View>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('aucune mise à jour reçue')), 5000);
      // A whole view; the room's progress (a few numbers, while players answer or join) is not one.
      const listener = ({ game }: { game?: View }) => {
        if (!game || !test(game)) return;
        clearTimeout(timer);
        socket.off(SOCKET_EVENTS.blindTestUpdate, listener);
        resolve(game);
      };
      socket.on(SOCKET_EVENTS.blindTestUpdate, listener);
    });

  async function post(path: string, payload: Record<string, unknown>): Promise<string> {
    const response = await app.inject({ method: 'POST', url: `/api/${path}`, headers: { cookie: staffCookie }, payload });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { _id: string })._id;
  }
  /** A blind test made by staff through the API from new questions. */
  async function blindTest(mode: 'answers' | 'buzzer'): Promise<string> {
    const questionIds = [
      await post('questions', { kind: 'choices', prompt: 'Qui a chanté « Alors on danse » ?', choices: ['Stromae', 'Angèle', 'Orelsan', 'Zaz'], correctChoice: 0, points: 100, timeLimitSeconds: 20 }),
      await post('questions', { kind: 'text', prompt: 'Quel compositeur a écrit le Boléro ?', answers: ['Maurice Ravel', 'Ravel'], points: 100, timeLimitSeconds: 30 }),
      await post('questions', { kind: 'track', ask: 'title', title: 'Au clair de la lune', audioUrl: '/demo-audio/1.wav', points: 100, timeLimitSeconds: 20 }),
    ];
    return post('blindTests', { title: `Quiz du jeudi (${mode})`, questionIds, mode, slowestShare: 0.5, wrongBuzzPenalty: 20 });
  }

  let host: Socket;
  let screen: Socket;
  let quizId: string;
  let code: string;
  const players: Array<{ socket: Socket; id: string; token: string; nickname: string }> = [];

  beforeAll(async () => {
    db = await openTestDb();
    await start();
    staffCookie = await signIn(app, DEMO_ACCOUNTS.staff.email);
    host = await open({ cookie: staffCookie });
    screen = await open();
    quizId = await blindTest('answers');
  });
  afterAll(async () => {
    await stop();
    await db.close();
  });

  it('refuses in French what it cannot run, and opens a game for staff only', async () => {
    expect(await send(screen, 'pas du json')).toEqual({ status: 'error', msg: 'Requête invalide : JSON mal formé.' });
    expect(await call(screen, quizId, 'danser')).toEqual({ status: 'error', msg: 'Action inconnue : danser.' });
    expect(await call(screen, '0123456789abcdef01234567', 'get')).toEqual({ status: 'error', msg: 'Blind test introuvable.' });
    expect(await call(screen, 'abc', 'get')).toEqual({ status: 'error', msg: 'Blind test introuvable.' });
    expect(await call(screen, quizId, 'open')).toEqual({ status: 'error', msg: 'Réservé à l’animateur de la partie.' });
    const closed = await ok(call(screen, quizId, 'get'));
    expect(closed.game).toMatchObject({ role: 'closed', title: 'Quiz du jeudi (answers)', status: 'draft' });
    expect(await refused(call(screen, quizId, 'join', { code: '000000', nickname: 'Zoé' }))).toBe('Aucune partie n’est ouverte pour ce blind test.');

    const opened = await ok(call(host, quizId, 'open'));
    expect(opened.game).toMatchObject({ role: 'host', status: 'lobby', questionCount: 3 });
    code = opened.game.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(opened.game.full!.questions.map((q) => q.kind)).toEqual(['choices', 'text', 'track']);
    // Opening again gives the same game back (the host's screen reloaded).
    expect((await ok(call(host, quizId, 'open'))).game.code).toBe(code);
    // A visitor reading the blind test (the event's page) gets the code to join, never the game.
    const seen = (await app.inject({ method: 'GET', url: `/api/blindTests/${quizId}` })).json();
    expect(seen.joinCode).toBe(code);
    expect(seen).not.toHaveProperty('game');
    expect(await refused(call(screen, quizId, 'start'))).toBe('Réservé à l’animateur de la partie.');
    expect(await refused(call(screen, quizId, 'answer', { questionIndex: 0, choice: 0 }))).toBe('Rejoignez d’abord la partie avec son code.');
    expect(await refused(call(host, quizId, 'start'))).toBe('Aucun joueur n’a encore rejoint la partie.');
  });

  it('lets 30 phones join with the code: each gets a server id and a secret token, once; the screen sees them arrive', async () => {
    expect((await ok(call(screen, quizId, 'get'))).game.role).toBe('screen');
    const seen = update(screen, (view) => view.players.length === PLAYERS);
    const phones = await Promise.all(Array.from({ length: PLAYERS }, () => open()));
    const joined = await Promise.all(phones.map((socket, i) => ok(call(socket, i % 2 ? quizId : undefined, 'join', { code, nickname: `Joueur ${i + 1}` }))));
    joined.forEach((reply, i) => {
      expect(reply.player!.id).toMatch(/^[0-9a-f]{16}$/);
      expect(reply.player!.token!.length).toBeGreaterThanOrEqual(32);
      expect(reply.game).toMatchObject({ role: 'player', status: 'lobby', me: { playerId: reply.player!.id, nickname: `Joueur ${i + 1}`, score: 0 } });
      players.push({ socket: phones[i]!, id: reply.player!.id, token: reply.player!.token!, nickname: `Joueur ${i + 1}` });
    });
    expect((await seen).players).toHaveLength(PLAYERS);
    expect(await refused(call(await open(), quizId, 'join', { code, nickname: 'joueur 1' }))).toBe('« joueur 1 » est déjà pris : choisissez un autre pseudo.');
    expect(await refused(call(await open(), quizId, 'join', { code, nickname: 'Connard' }))).toBe('Ce pseudo n’est pas accepté : choisissez-en un autre.');
    expect(await refused(call(await open(), undefined, 'join', { code: code === '999999' ? '999998' : '999999', nickname: 'Perdu' }))).toBe('Ce code ne correspond à aucune partie en cours.');
    // Nothing of the tokens is stored.
    const [row] = await db.query<{ data: string }>('SELECT data::text AS data FROM blind_tests WHERE id = $1', [quizId]);
    for (const player of players) expect(row!.data).not.toContain(player.token);
    // The REST read of a visitor never shows the game; staff see it.
    expect(BLIND_TEST_POLICY.readOne!.project({ _id: quizId, createdAt: '', updatedAt: '', title: 'Quiz', game: { code } }, null)).toEqual({ _id: quizId, createdAt: '', updatedAt: '', title: 'Quiz' });
  });

  // Runs once resources/policy.ts names BLIND_TEST_POLICY and db/entities.ts hides the game from lists.
  it.runIf(RESOURCE_POLICY.blindtests === BLIND_TEST_POLICY)('never shows the live game (its answers) over REST but to staff', async () => {
    const visitor = await app.inject({ method: 'GET', url: `/api/blindTests/${quizId}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ _id: quizId, title: 'Quiz du jeudi (answers)', status: 'live' });
    expect(visitor.json()).not.toHaveProperty('game');
    const list = await app.inject({ method: 'GET', url: '/api/blindTests?limit=100' });
    expect(list.body).toContain(quizId);
    expect(list.body).not.toContain('"game"');
  });

  it('scores by the server’s clock when each answer arrives, one answer per player, late answers refused', async () => {
    time = START + 60_000;
    const question = Promise.all(players.map((p) => update(p.socket, (view) => view.status === 'question')));
    const started = await ok(call(host, quizId, 'start'));
    expect(started.game).toMatchObject({ status: 'question', timeLeftMs: 20_000, question: { index: 0, mode: 'choices', choices: ['Stromae', 'Angèle', 'Orelsan', 'Zaz'] } });
    expect(started.game.question).not.toHaveProperty('solution');
    // Every phone hears of the question with its own view, and no answer.
    for (const view of await question) {
      expect(view.role).toBe('player');
      expect(view.question).not.toHaveProperty('solution');
    }

    // Player i answers i × 500 ms after the start (the phone's time is never asked); the even ones are right.
    for (const [i, p] of players.entries()) {
      time = START + 60_000 + i * 500;
      const reply = await ok(call(p.socket, quizId, 'answer', { questionIndex: 0, choice: i % 2 === 0 ? 0 : 1, playerToken: p.token }));
      // The acknowledgement is a few numbers, the phone's answer in: nothing of its result before the reveal.
      expect(reply.progress).toEqual({ status: 'question', questionIndex: 0, answerCount: i + 1, playerCount: PLAYERS, answered: true });
      expect(reply).not.toHaveProperty('game');
    }
    // A second answer is refused, even sent all at once by every phone.
    const again = await Promise.all(players.map((p) => call(p.socket, quizId, 'answer', { questionIndex: 0, choice: 0 })));
    expect(new Set(again.map((r) => r.status === 'error' && r.msg))).toEqual(new Set(['Vous avez déjà répondu à cette question.']));

    const reveals = Promise.all(players.map((p) => update(p.socket, (view) => view.status === 'reveal')));
    const revealed = await ok(call(host, quizId, 'reveal'));
    const full = revealed.game.full!;
    // Each phone hears of the reveal with the top 10 of the board, and its own rank and result even below it.
    const ranks = new Map(revealed.game.leaderboard.map((row) => [row.playerId, row.rank]));
    for (const [i, view] of (await reveals).entries()) {
      expect(view.leaderboard.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(view.me).toMatchObject({ playerId: players[i]!.id, rank: ranks.get(players[i]!.id), result: { correct: i % 2 === 0 } });
    }
    for (const [i, p] of players.entries()) {
      const answer = full.answers.find((a) => a.playerId === p.id)!;
      expect(answer).toMatchObject({ at: START + 60_000 + i * 500, elapsedMs: i * 500, correct: i % 2 === 0 });
      // 100 points at once, half of them at the 20-second deadline.
      expect(answer.points).toBe(i % 2 === 0 ? Math.round(100 * (1 - 0.5 * ((i * 500) / 20_000))) : 0);
    }
    expect(full.answers.find((a) => a.playerId === players[4]!.id)!.points).toBe(95);
    expect(revealed.game.leaderboard[0]).toMatchObject({ nickname: 'Joueur 1', score: 100, rank: 1 });
    const mine = await ok(call(players[2]!.socket, quizId, 'get'));
    expect(mine.game).toMatchObject({ role: 'player', me: { nickname: 'Joueur 3', result: { correct: true, points: 98 } }, question: { solution: { correctChoice: 0 } } });

    // The text question: answers until the deadline, then « trop tard ».
    time = START + 120_000;
    await ok(call(host, quizId, 'next'));
    const accepted = await ok(call(players[0]!.socket, quizId, 'answer', { questionIndex: 1, text: 'ravel' }));
    expect(accepted.progress!.answerCount).toBe(1);
    time = START + 120_000 + 30_000;
    await ok(call(players[1]!.socket, quizId, 'answer', { questionIndex: 1, text: 'Maurice Ravel' }));
    time += 1;
    expect(await refused(call(players[3]!.socket, quizId, 'answer', { questionIndex: 1, text: 'Ravel' }))).toBe('Trop tard : le temps est écoulé.');
    expect(await refused(call(players[3]!.socket, quizId, 'answer', { questionIndex: 0, choice: 0 }))).toBe('Cette question est close.');
    const board = (await ok(call(host, quizId, 'get'))).game.full!;
    expect(board.answers.filter((a) => a.questionIndex === 1).map((a) => [a.playerId, a.points])).toEqual([
      [players[0]!.id, 100],
      [players[1]!.id, 50],
    ]);
  });

  it('gives a phone that reconnects its player back, by the token in the handshake or in the call', async () => {
    const p = players[5]!;
    p.socket.disconnect();
    const byHandshake = await open({ auth: { blindTestToken: p.token } });
    const back = await ok(call(byHandshake, quizId, 'get'));
    expect(back.game).toMatchObject({ role: 'player', me: { playerId: p.id, nickname: p.nickname } });
    byHandshake.disconnect();
    const byJoin = await open();
    const rejoined = await ok(call(byJoin, quizId, 'join', { code, nickname: 'Un autre pseudo', playerToken: p.token }));
    expect(rejoined.player).toEqual({ id: p.id });
    expect(rejoined.game.me).toMatchObject({ playerId: p.id, nickname: p.nickname });
    p.socket = byJoin;
    expect(await refused(call(await open(), quizId, 'answer', { questionIndex: 1, text: 'Ravel', playerToken: 'un-jeton-inventé' }))).toBe('Rejoignez d’abord la partie avec son code.');
    // A token is its player's id signed by the server: another player's id under this signature is nobody.
    const forged = `${players[6]!.id}.${p.token.split('.')[1]}`;
    expect(await refused(call(await open(), quizId, 'answer', { questionIndex: 1, text: 'Ravel', playerToken: forged }))).toBe('Rejoignez d’abord la partie avec son code.');
  });

  it('keeps the game through a server restart in the middle of a question, and answering goes on', async () => {
    time = START + 200_000;
    await ok(call(host, quizId, 'next'));
    await ok(call(players[0]!.socket, quizId, 'answer', { questionIndex: 2, text: 'au clair de la lune' }));

    await stop();
    time += 2_000;
    await start();
    staffCookie = await signIn(app, DEMO_ACCOUNTS.staff.email);
    host = await open({ cookie: staffCookie });
    const restored = await ok(call(host, quizId, 'get'));
    expect(restored.game).toMatchObject({ role: 'host', code, status: 'question', question: { index: 2, kind: 'track', audioUrl: '/demo-audio/1.wav' }, answerCount: 1, timeLeftMs: 18_000 });
    expect(restored.game.players).toHaveLength(PLAYERS);

    // Every phone comes back with its token and goes on.
    for (const p of players) p.socket = await open({ auth: { blindTestToken: p.token } });
    time += 1_000;
    const replies = await Promise.all(players.slice(1).map((p, i) => call(p.socket, quizId, 'answer', { questionIndex: 2, text: i % 3 === 0 ? 'Au clair de la lune' : 'Frère Jacques' })));
    expect(replies.every((r) => r.status === 'ok')).toBe(true);
    expect(await refused(call(players[0]!.socket, quizId, 'answer', { questionIndex: 2, text: 'au clair de la lune' }))).toBe('Vous avez déjà répondu à cette question.');
    const podium = await ok(call(host, quizId, 'next'));
    expect(podium.game.status).toBe('podium');
    const full = podium.game.full!;
    expect(full.answers.filter((a) => a.questionIndex === 2)).toHaveLength(PLAYERS);
    expect(full.answers.find((a) => a.questionIndex === 2 && a.playerId === players[1]!.id)).toMatchObject({ correct: true, elapsedMs: 3_000, points: Math.round(100 * (1 - 0.5 * (3_000 / 20_000))) });
    // The podium ends the live game: the blind test is finished.
    const [row] = await db.query<{ status: string }>('SELECT status FROM blind_tests WHERE id = $1', [quizId]);
    expect(row!.status).toBe('finished');
    expect((await app.inject({ method: 'GET', url: `/api/blindTests/${quizId}` })).json()).not.toHaveProperty('joinCode');
    expect(await refused(call(await open(), quizId, 'join', { code, nickname: 'En retard' }))).toBe('La partie est terminée.');
    expect(await refused(call(await open(), undefined, 'join', { code, nickname: 'En retard' }))).toBe('Ce code ne correspond à aucune partie en cours.');
  });

  it('runs the buzzer in the order the server receives the buzzes; a wrong answer hands it on', async () => {
    const buzzerId = await blindTest('buzzer');
    const opened = await ok(call(host, buzzerId, 'open'));
    const buzzCode = opened.game.code;
    expect(buzzCode).toMatch(/^\d{6}$/);
    const phones = await Promise.all(['Inès', 'Hugo', 'Léa', 'Malik'].map(async (nickname) => {
      const socket = await open();
      const reply = await ok(call(socket, buzzerId, 'join', { code: buzzCode, nickname }));
      return { socket, id: reply.player!.id, nickname };
    }));
    time = START + 400_000;
    await ok(call(host, buzzerId, 'start'));
    expect(await refused(call(phones[0]!.socket, buzzerId, 'answer', { questionIndex: 0, choice: 0 }))).toBe('Sur cette partie, on buzze puis on répond à voix haute.');
    const hostSees = update(host, (view) => view.buzzer.waiting.length === 2);
    for (const [i, p] of [phones[2]!, phones[0]!, phones[3]!].entries()) {
      time = START + 400_000 + 1_000 * (i + 1);
      await ok(call(p.socket, buzzerId, 'buzz', { questionIndex: 0 }));
    }
    expect(await refused(call(phones[2]!.socket, buzzerId, 'buzz', { questionIndex: 0 }))).toBe('Vous avez déjà buzzé.');
    const seen = await hostSees;
    expect(seen.buzzer).toEqual({ turn: 'Léa', waiting: ['Inès', 'Malik'] });
    expect(seen.full!.buzzer.queue.map((b) => [b.playerId, b.at - START - 400_000])).toEqual([
      [phones[2]!.id, 1_000],
      [phones[0]!.id, 2_000],
      [phones[3]!.id, 3_000],
    ]);
    expect(await refused(call(host, buzzerId, 'judge', { playerId: phones[0]!.id, correct: true }))).toBe('Ce joueur n’a pas la main.');
    const wrong = await ok(call(host, buzzerId, 'judge', { playerId: phones[2]!.id, correct: false }));
    expect(wrong.game.buzzer.turn).toBe('Inès');
    time += 5_000;
    const right = await ok(call(host, buzzerId, 'judge', { playerId: phones[0]!.id, correct: true }));
    expect(right.game.status).toBe('reveal');
    // Inès scores for the moment she buzzed (2 s), not for when the host judged; Léa pays the penalty.
    expect(right.game.leaderboard.map((r) => [r.nickname, r.score])).toEqual([
      ['Inès', Math.round(100 * (1 - 0.5 * (2_000 / 20_000)))],
      ['Hugo', 0],
      ['Léa', 0],
      ['Malik', 0],
    ]);
    expect(right.game.full!.answers.find((a) => a.playerId === phones[2]!.id)).toMatchObject({ correct: false, points: -20 });
    expect(await refused(call(host, buzzerId, 'kick', {}))).toBe('Indiquez le joueur à retirer (playerId).');
    const kicked = await ok(call(host, buzzerId, 'kick', { playerId: phones[1]!.id }));
    expect(kicked.game.players).not.toContain('Hugo');
    expect(await refused(call(phones[1]!.socket, buzzerId, 'buzz', { questionIndex: 0 }))).toBe('Vous ne faites pas partie de cette partie : rejoignez-la avec son code.');
    expect(await refused(call(phones[1]!.socket, buzzerId, 'join', { code: buzzCode, nickname: 'Hugo le retour' }))).toBe('L’animateur vous a retiré de la partie.');
  });

  it('never overwrites a change stored by another server on the same database: the write goes again from the locked row', async () => {
    const id = await blindTest('answers');
    const code2 = (await ok(call(host, id, 'open'))).game.code;
    const [anna, bob] = await Promise.all(['Anna', 'Bob'].map(async (nickname) => {
      const socket = await open();
      const reply = await ok(call(socket, id, 'join', { code: code2, nickname }));
      return { socket, id: reply.player!.id };
    }));
    time = START + 600_000;
    await ok(call(host, id, 'start'));
    // Another node (its own authority, no memory copy) kicks Anna.
    const elsewhere = new BlindTestGames({ db, now: clock, changed: () => undefined });
    await elsewhere.run(id, { action: 'kick', params: { playerId: anna!.id }, caller: { staff: true }, at: time });
    await elsewhere.close();
    time += 1_000;
    expect(await refused(call(anna!.socket, id, 'answer', { questionIndex: 0, choice: 0 }))).toBe('Vous ne faites pas partie de cette partie : rejoignez-la avec son code.');
    await ok(call(bob!.socket, id, 'answer', { questionIndex: 0, choice: 0 }));
    const full = (await ok(call(host, id, 'get'))).game.full!;
    expect(full.players.find((p) => p.id === anna!.id)!.kicked).toBe(true);
    expect(full.answers.map((a) => [a.playerId, a.points])).toEqual([[bob!.id, 98]]);
  });

  it('plays the demo quiz with the demo staff account as host and a phone, to the podium', async () => {
    // The demo's records as demo/data.ts loads them.
    for (const [resource, id, data] of demoBlindTests()) {
      await app.ctx.store.remove(resource, id);
      await app.ctx.store.insert(resource, data, { id });
    }
    const opened = await ok(call(host, DEMO_BLIND_TEST_IDS.quiz, 'open'));
    expect(opened.game).toMatchObject({ title: 'Quiz chanson française et culture', status: 'lobby', questionCount: 7 });
    const phone = await open();
    const joined = await ok(call(phone, undefined, 'join', { code: opened.game.code, nickname: 'Camille' }));
    expect(joined.game.blindTestId).toBe(DEMO_BLIND_TEST_IDS.quiz);
    time = START + 800_000;
    let view = (await ok(call(host, DEMO_BLIND_TEST_IDS.quiz, 'start'))).game;
    while (view.status === 'question') {
      const question = view.full!.questions[view.full!.questionIndex]!;
      time += 2_000;
      const answer = question.kind === 'choices' ? { choice: question.correctChoice } : { text: question.answers[0]!.toUpperCase() };
      await ok(call(phone, DEMO_BLIND_TEST_IDS.quiz, 'answer', { questionIndex: view.full!.questionIndex, ...answer }));
      time += 30_000;
      view = (await ok(call(host, DEMO_BLIND_TEST_IDS.quiz, 'next'))).game;
    }
    expect(view.status).toBe('podium');
    // Seven right answers, each 2 s after its question: 95 points of 100 on the four 20-second choices, 97 on the three 30-second
    // typed ones, and a streak bonus of 10 per right answer in a row before (at most 5 times).
    expect(view.leaderboard).toEqual([expect.objectContaining({ nickname: 'Camille', rank: 1, correct: 7, score: 4 * 95 + 3 * 97 + 10 * (1 + 2 + 3 + 4 + 5 + 5) })]);
  });

  it('sends the expected answer to the host before the reveal, and never to a phone or the screen until then', async () => {
    const id = await blindTest('answers');
    const desk = await open({ cookie: staffCookie });
    const tv = await open();
    const phone = await open();
    const opened = await ok(call(desk, id, 'open'));
    await ok(call(tv, id, 'get'));
    await ok(call(phone, id, 'join', { code: opened.game.code, nickname: 'Aitana' }));
    // The secrets of each question: the right choice's index, the typed answers, the track's title.
    const secrets: Array<(view: View) => boolean> = [
      (view) => JSON.stringify(view).includes('correctChoice'),
      (view) => JSON.stringify(view).includes('Ravel'),
      (view) => JSON.stringify(view).includes('Au clair de la lune'),
    ];
    time = START + 900_000;
    for (const [index, secret] of secrets.entries()) {
      const phoneHears = update(phone, (view) => view.status === 'question' && view.question?.index === index);
      const tvHears = update(tv, (view) => view.status === 'question' && view.question?.index === index);
      const asked = await ok(call(desk, id, index === 0 ? 'start' : 'next'));
      // The host's desk: the whole game, the current question with its answer.
      expect(asked.game.role).toBe('host');
      expect(asked.game.question).not.toHaveProperty('solution');
      expect(secret(asked.game)).toBe(true);
      const current = asked.game.full!.questions[asked.game.full!.questionIndex]!;
      expect([current.correctChoice, current.answers, current.title]).toEqual([[0, [], undefined], [undefined, ['Maurice Ravel', 'Ravel'], undefined], [undefined, [], 'Au clair de la lune']][index]);
      // A phone and the screen, pushed or asking: nothing of it.
      for (const view of [await phoneHears, await tvHears, (await ok(call(phone, id, 'get'))).game, (await ok(call(tv, id, 'get'))).game]) {
        expect(view.role === 'player' || view.role === 'screen').toBe(true);
        expect(view).not.toHaveProperty('full');
        expect(secret(view)).toBe(false);
      }
      const answered = await ok(call(phone, id, 'answer', { questionIndex: index, ...(index === 0 ? { choice: 1 } : { text: 'je ne sais pas' }) }));
      expect(secret(answered as unknown as View)).toBe(false);
      // At the reveal, everyone sees it.
      const revealed = update(phone, (view) => view.status === 'reveal' && view.question?.index === index);
      time += 5_000;
      await ok(call(desk, id, 'reveal'));
      expect(secret(await revealed)).toBe(true);
      time += 5_000;
    }
  });

  it('tells the other processes of each write on the bus: their copy goes, and their room hears the stored state', async () => {
    // Two processes on one database, joined by hand: the NOTIFY one writes with a game, the other hears.
    const shared = sharedChangeBus(db);
    const told: string[] = [];
    const here = new BlindTestGames({ db: shared.db, now: clock, changed: () => undefined, bus: shared.bus('here').bus });
    const there = new BlindTestGames({ db: shared.db, now: clock, changed: () => undefined, bus: shared.bus('there').bus, changedElsewhere: (id) => told.push(id) });
    const id = await blindTest('answers');
    await here.run(id, { action: 'open', params: {}, caller: { staff: true }, at: time });
    expect(told).toEqual([id]);
    expect((await there.read(id))!.game!.players).toEqual([]);
    const joined = await here.run(id, { action: 'join', params: { code: (await here.read(id))!.game!.code, nickname: 'Zoé' }, caller: { staff: false }, at: time });
    expect(told).toEqual([id, id]);
    // The copy `there` kept is gone: its next read, and its next write, start from the stored state.
    expect((await there.refresh(id))!.game!.players.map((p) => p.nickname)).toEqual(['Zoé']);
    const started = await there.run(id, { action: 'start', params: {}, caller: { staff: true }, at: time });
    expect(started.state.game!.status).toBe('question');
    await here.run(id, { action: 'answer', params: { questionIndex: 0, choice: 0 }, caller: { staff: false, playerToken: joined.newToken! }, at: time + 1_000 });
    expect((await there.read(id))!.game!.answers).toHaveLength(1);
    await here.close();
    await there.close();
  });
});
