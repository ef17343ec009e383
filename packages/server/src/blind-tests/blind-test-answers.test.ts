import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type Game, type GameProgress } from '@sortie/core/domain';
import { buildApp, type SortieApp } from '../app';
import type { Db } from '../db/database';
import { Store } from '../db/store';
import { BACKENDS, openTestDb, signIn, testConfig } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { attachBlindTests } from './blind-test-socket';
import { BlindTestGames } from './blind-test-games';

type Update = { blindTestId: string; game?: { role: string; status: string; answerCount: number; full?: Game }; progress?: GameProgress };
type Reply = { status: 'ok'; game?: Update['game']; progress?: GameProgress; player?: { id: string; token?: string } } | { status: 'error'; msg: string };

const START = Date.UTC(2026, 10, 26, 20, 0, 0);

/**
 * Issue 32: the answers of a blind test live in their own table, written in batches; the game's
 * row keeps its players and their totals. Two apps on one database stand for two server nodes.
 */
describe.each(BACKENDS)('a blind test’s answers in their own table (%s)', (backend) => {
  let db: Db;
  let time = START;
  const clock = () => time;
  const apps: Array<{ app: SortieApp; games: BlindTestGames; url: string }> = [];
  const sockets: Socket[] = [];
  let staffCookie: string;

  async function node() {
    const app = await buildApp({ db, config: testConfig(), now: clock });
    await app.ready();
    const games = attachBlindTests(app.ctx.io!, app.ctx, (message, error) => console.error(message, error), { screenUpdateMs: 20, phoneUpdateMs: 20 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const made = { app, games, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    apps.push(made);
    return made;
  }
  const open = (url: string, cookie?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const call = (socket: Socket, blindTestId: string, action: string, params: Record<string, unknown> = {}): Promise<Reply> =>
    socket.timeout(5000).emitWithAck(SOCKET_EVENTS.blindTest, JSON.stringify({ action, blindTestId, params }));
  const ok = async (reply: Promise<Reply>) => {
    const answer = await reply;
    if (answer.status !== 'ok') throw new Error(answer.msg);
    return answer;
  };
  /** Every update the socket receives from now on. */
  const record = (socket: Socket) => {
    const seen: Update[] = [];
    socket.on(SOCKET_EVENTS.blindTestUpdate, (update: Update) => seen.push(update));
    return seen;
  };
  const until = async (test: () => boolean) => {
    for (let i = 0; i < 200 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(test()).toBe(true);
  };

  /** A blind test of three four-choice questions (the right one is the first choice), with a 10-point streak bonus. */
  async function quiz(): Promise<string> {
    const store = new Store(db);
    const questionIds: string[] = [];
    for (const prompt of ['Un', 'Deux', 'Trois']) questionIds.push((await store.insert('questions', { kind: 'choices', prompt, choices: ['A', 'B', 'C', 'D'], correctChoice: 0, points: 100, timeLimitSeconds: 20 }))._id);
    return (await store.insert('blindtests', { title: 'Quiz des réponses', questionIds, status: 'draft', mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 10 }))._id;
  }

  beforeAll(async () => {
    db = await openTestDb(backend);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const { app, games } of apps) {
      await games.close();
      await app.close();
    }
    await db.close();
  });

  it('stores each answer with its points in the table, not in the game’s row; a second node and a restarted one give every player their points back', async () => {
    const a = await node();
    staffCookie = await signIn(a.app, DEMO_ACCOUNTS.staff.email);
    const id = await quiz();
    const host = await open(a.url, staffCookie);
    const code = (await ok(call(host, id, 'open'))).game!.full!.code;
    const phones = await Promise.all(['Aitana', 'Bilal', 'Chloé', 'Dario'].map(async (nickname) => {
      const socket = await open(a.url);
      const joined = await ok(call(socket, id, 'join', { code, nickname }));
      return { socket, id: joined.player!.id, nickname };
    }));
    time = START;
    await ok(call(host, id, 'start'));
    // Question 1: all four answer together (one batch), Aitana and Bilal right.
    time = START + 2_000;
    await Promise.all(phones.map((p, i) => ok(call(p.socket, id, 'answer', { questionIndex: 0, choice: i < 2 ? 0 : 1 }))));
    time = START + 30_000;
    await ok(call(host, id, 'next'));
    // Question 2: Aitana right again 4 s in (her streak: +10), Chloé right; then nothing else is written.
    time = START + 34_000;
    await ok(call(phones[0]!.socket, id, 'answer', { questionIndex: 1, choice: 0 }));
    await ok(call(phones[2]!.socket, id, 'answer', { questionIndex: 1, choice: 0 }));

    const rows = await db.query<{ player_id: string; question_index: number; elapsed_ms: number; correct: boolean; points: number; answer: unknown }>(
      'SELECT player_id, question_index, elapsed_ms, correct, points, answer FROM blind_test_answers WHERE blind_test_id = $1 ORDER BY question_index, player_id',
      [id],
    );
    const byName = new Map(phones.map((p) => [p.id, p.nickname]));
    expect(rows.map((r) => [r.question_index, byName.get(r.player_id), r.correct, r.elapsed_ms, r.points]).sort()).toEqual(
      [
        [0, 'Aitana', true, 2_000, 95],
        [0, 'Bilal', true, 2_000, 95],
        [0, 'Chloé', false, 2_000, 0],
        [0, 'Dario', false, 2_000, 0],
        [1, 'Aitana', true, 4_000, 90 + 10],
        [1, 'Chloé', true, 4_000, 90],
      ].sort(),
    );
    expect(rows.find((r) => r.question_index === 0 && byName.get(r.player_id) === 'Chloé')!.answer).toEqual({ choice: 1 });
    // The game's row holds its players and their totals, none of the answers.
    const [row] = await db.query<{ game: string }>(`SELECT (data->'game')::text AS game FROM blind_tests WHERE id = $1`, [id]);
    expect(JSON.parse(row!.game)).not.toHaveProperty('answers');
    expect(JSON.parse(row!.game).players).toHaveLength(4);

    const expected = { Aitana: 195, Bilal: 95, Chloé: 90, Dario: 0 };
    const scores = (game: Game) => Object.fromEntries(game.players.map((p) => [p.nickname, p.score]));
    // Another node on the same database: the same answers, the same points.
    const b = await node();
    const otherHost = await open(b.url, staffCookie);
    const seen = (await ok(call(otherHost, id, 'get'))).game!;
    expect(seen).toMatchObject({ status: 'question', answerCount: 2 });
    expect(scores(seen.full!)).toEqual(expected);
    expect(seen.full!.answers.map((x) => byName.get(x.playerId)).sort()).toEqual(['Aitana', 'Chloé']);
    // It goes on from there: Dario answers on node B; node A's copy is stale, its next write starts from the stored row.
    time = START + 36_000;
    await a.games.tokens.ready;
    const dario = await open(b.url);
    await ok(call(dario, id, 'join', { code, nickname: 'Dario', playerToken: a.games.tokens.issue(id, code, phones[3]!.id) }));
    await ok(call(dario, id, 'answer', { questionIndex: 1, choice: 0 }));
    expect(await call(phones[3]!.socket, id, 'answer', { questionIndex: 1, choice: 0 })).toEqual({ status: 'error', msg: 'Vous avez déjà répondu à cette question.' });
    const fresh = new BlindTestGames({ db, now: clock, changed: () => undefined });
    expect(scores((await fresh.read(id))!.game!)).toEqual({ ...expected, Dario: 85 });
    await fresh.close();

    // Node A restarts: its memory is gone, the row's totals still lag behind question 2's answers.
    await a.games.close();
    await a.app.close();
    apps.splice(apps.indexOf(a), 1);
    const restarted = new BlindTestGames({ db, now: clock, changed: () => undefined });
    const back = (await restarted.read(id))!.game!;
    expect(scores(back)).toEqual({ ...expected, Dario: 85 });
    expect(back.players.find((p) => p.nickname === 'Aitana')).toMatchObject({ streak: 2, correct: 2, answerMs: 6_000 });
    // The reveal and the next question write the totals into the row.
    const revealed = await restarted.run(id, { action: 'reveal', params: {}, caller: { staff: true }, at: START + 50_000 });
    expect(revealed.state.game!.players.find((p) => p.nickname === 'Bilal')!.streak).toBe(0);
    const [stored] = await db.query<{ game: Game }>(`SELECT data->'game' AS game FROM blind_tests WHERE id = $1`, [id]);
    expect(scores(stored!.game)).toEqual({ ...expected, Dario: 85 });
    await restarted.close();
  });

  it('sends a phone an answer count, not the whole game, when another player answers; the host gets the answer itself', async () => {
    const { url } = apps[0]!;
    const id = await quiz();
    const host = await open(url, staffCookie);
    const tv = await open(url);
    const code = (await ok(call(host, id, 'open'))).game!.full!.code;
    await ok(call(tv, id, 'get'));
    const [watcher, answerer] = await Promise.all(['Léa', 'Noé'].map(async (nickname) => {
      const socket = await open(url);
      await ok(call(socket, id, 'join', { code, nickname }));
      return socket;
    }));
    const phoneSees = record(watcher!);
    const tvSees = record(tv);
    const hostSees = record(host);
    time = START + 100_000;
    await ok(call(host, id, 'start'));
    // The question reaches everyone as a whole view; from then on, only what the answer changes.
    await until(() => [phoneSees, tvSees].every((seen) => seen.some((u) => u.game?.status === 'question')));
    for (const seen of [phoneSees, tvSees, hostSees]) seen.length = 0;
    time += 3_000;
    await ok(call(answerer!, id, 'answer', { questionIndex: 0, choice: 2 }));
    await until(() => phoneSees.length > 0 && tvSees.length > 0 && hostSees.some((u) => u.progress?.answers?.length));
    expect(phoneSees).toEqual([{ blindTestId: id, progress: { status: 'question', questionIndex: 0, answerCount: 1, playerCount: 2 } }]);
    expect(tvSees).toEqual(phoneSees);
    expect(JSON.stringify(phoneSees[0]).length).toBeLessThan(200);
    const toHost = hostSees.find((u) => u.progress?.answers?.length)!;
    expect(toHost.progress).toMatchObject({ answerCount: 1, answers: [{ questionIndex: 0, choice: 2, correct: false, points: 0, elapsedMs: 3_000 }] });
    // At the reveal, everyone gets the whole view again.
    await ok(call(host, id, 'reveal'));
    await until(() => phoneSees.some((u) => u.game?.status === 'reveal'));
  });

  it('writes the answers still waiting for their batch before the authority closes (a stopping server)', async () => {
    const { url } = apps[0]!;
    const id = await quiz();
    const host = await open(url, staffCookie);
    const code = (await ok(call(host, id, 'open'))).game!.full!.code;
    const authority = new BlindTestGames({ db, now: clock, changed: () => undefined });
    const players = await Promise.all(['Inès', 'Hugo', 'Malik'].map((nickname) => authority.run(id, { action: 'join', params: { code, nickname }, caller: { staff: false }, at: time })));
    await authority.run(id, { action: 'start', params: {}, caller: { staff: true }, at: START + 200_000 });
    // Three answers queued for the next turn of the event loop, and the server stops at once.
    const answered = players.map((p) => authority.run(id, { action: 'answer', params: { questionIndex: 0, choice: 0 }, caller: { staff: false, playerToken: p.newToken! }, at: START + 201_000 }));
    await authority.close();
    await Promise.all(answered);
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blind_test_answers WHERE blind_test_id = $1', [id]);
    expect(count!.n).toBe(3);
    const again = new BlindTestGames({ db, now: clock, changed: () => undefined });
    expect((await again.read(id))!.game!.players.map((p) => p.score)).toEqual([98, 98, 98]);
    await again.close();
  });

  it('gives staff the game’s report as a CSV, one row per player and question asked, and nobody else', async () => {
    const { app } = apps[0]!;
    const id = await quiz();
    const authority = new BlindTestGames({ db, now: clock, changed: () => undefined });
    await authority.run(id, { action: 'open', params: {}, caller: { staff: true }, at: time });
    const code = (await authority.read(id))!.game!.code;
    const [lea, noe] = await Promise.all(['Léa', 'Noé'].map((nickname) => authority.run(id, { action: 'join', params: { code, nickname }, caller: { staff: false }, at: time })));
    await authority.run(id, { action: 'start', params: {}, caller: { staff: true }, at: START + 300_000 });
    await authority.run(id, { action: 'answer', params: { questionIndex: 0, choice: 0 }, caller: { staff: false, playerToken: lea!.newToken! }, at: START + 301_500 });
    await authority.run(id, { action: 'answer', params: { questionIndex: 0, choice: 3 }, caller: { staff: false, playerToken: noe!.newToken! }, at: START + 303_000 });
    await authority.run(id, { action: 'next', params: {}, caller: { staff: true }, at: START + 330_000 });
    await authority.run(id, { action: 'answer', params: { questionIndex: 1, choice: 0 }, caller: { staff: false, playerToken: noe!.newToken! }, at: START + 332_000 });
    await authority.close();

    const url = `/api/blindTests/${id}/report.csv`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const visitor = await signIn(app, DEMO_ACCOUNTS.visitor.email);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: visitor } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/blindTests/0123456789abcdef01234567/report.csv', headers: { cookie: staffCookie } })).statusCode).toBe(404);
    const res = await app.inject({ method: 'GET', url, headers: { cookie: staffCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`blind-test-${id}-${code}.csv`);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Question n°;Question;Joueur;Réponse;Juste;Temps (ms);Points',
      '1;Un;Léa;A;oui;1500;96',
      '1;Un;Noé;D;non;3000;0',
      '2;Deux;Léa;;sans réponse;;0',
      '2;Deux;Noé;A;oui;2000;95',
      '',
    ]);
  });

  it('goes on with a game stored before the answers’ table: its answers counted once, a second answer refused', async () => {
    const id = await quiz();
    const authority = new BlindTestGames({ db, now: clock, changed: () => undefined });
    await authority.run(id, { action: 'open', params: {}, caller: { staff: true }, at: time });
    const code = (await authority.read(id))!.game!.code;
    const joined = await authority.run(id, { action: 'join', params: { code, nickname: 'Zoé' }, caller: { staff: false }, at: time });
    await authority.run(id, { action: 'start', params: {}, caller: { staff: true }, at: START + 400_000 });
    await authority.close();
    // The row as an older server wrote it: the answer inside the game, counted in the totals, no lastAnswered.
    const answer = { playerId: joined.playerId, questionIndex: 0, at: START + 401_000, elapsedMs: 1_000, choice: 0, correct: true, points: 98 };
    await db.query(
      `UPDATE blind_tests SET data = jsonb_set(jsonb_set(data, '{game,answers}', $2::jsonb), '{game,players}', (
         SELECT jsonb_agg((p - 'lastAnswered') || '{"score": 98, "streak": 1, "correct": 1, "answerMs": 1000}'::jsonb) FROM jsonb_array_elements(data->'game'->'players') p)) WHERE id = $1`,
      [id, JSON.stringify([answer])],
    );
    const upgraded = new BlindTestGames({ db, now: clock, changed: () => undefined });
    const game = (await upgraded.read(id))!.game!;
    expect(game.players[0]).toMatchObject({ score: 98, lastAnswered: 0 });
    expect(game.answers).toHaveLength(1);
    await expect(upgraded.run(id, { action: 'answer', params: { questionIndex: 0, choice: 0 }, caller: { staff: false, playerToken: joined.newToken! }, at: START + 402_000 })).rejects.toThrow('Vous avez déjà répondu à cette question.');
    await upgraded.close();
  });
});
