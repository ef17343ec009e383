import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core/domain';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';

type Reply = { status: 'ok'; game: { status: string; code: string; teams: Array<{ team: string; score: number; players: number }>; me?: { team?: string } | null } } | { status: 'error'; msg: string };

/** A blind test saved with teams is played in teams: the server opens the game with them and runs the phones' choice; « Rejouer » keeps the phones. */
describe('a blind test night in teams, through the API and the socket', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  // The server's clock, moved by the automatic reveal's test past a deadline.
  let time = Date.now();
  let url: string;
  let staff: string;
  const sockets: Socket[] = [];
  const open = (cookie?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const call = (socket: Socket, blindTestId: string, action: string, params: Record<string, unknown> = {}): Promise<Reply> =>
    socket.timeout(5000).emitWithAck(SOCKET_EVENTS.blindTest, JSON.stringify({ action, blindTestId, params }));
  const post = (path: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { cookie: staff }, payload });

  beforeAll(async () => {
    t = await testApp({ now: () => time });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  it('refuses two teams of the same name in French, lets phones choose their team or be put in the smallest, and replays with the same phones', async () => {
    const question = (await post('questions', { kind: 'text', prompt: 'Quel compositeur a écrit le Boléro ?', answers: ['Ravel'], points: 100, timeLimitSeconds: 30 })).json()._id as string;
    const twice = await post('blindTests', { title: 'Quiz en équipes', questionIds: [question], teams: ['Rouges', 'rouges'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Deux équipes portent le même nom.');
    const saved = await post('blindTests', { title: 'Quiz en équipes', questionIds: [question], teams: ['Rouges', 'Bleus'], teamScore: 'sum' });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json()._id as string;
    const host = await open(staff);
    const opened = await call(host, id, 'open');
    if (opened.status !== 'ok') throw new Error(opened.msg);
    const code = opened.game.code;
    const [alex, sam] = await Promise.all([open(), open()]);
    const chose = await call(alex!, id, 'join', { code, nickname: 'Alex', team: 'bleus' });
    expect(chose.status === 'ok' && chose.game.me?.team).toBe('Bleus');
    const put = await call(sam!, id, 'join', { code, nickname: 'Sam' });
    expect(put.status === 'ok' && put.game.me?.team).toBe('Rouges');
    expect(put.status === 'ok' && put.game.teams.map((row) => `${row.team} ${row.players}`)).toEqual(['Rouges 1', 'Bleus 1']);
    expect(await call(await open(), id, 'join', { code, nickname: 'Lou', team: 'Verts' })).toEqual({ status: 'error', msg: 'Cette équipe n’existe pas : choisissez parmi Rouges, Bleus.' });

    // « Rejouer » after the podium: the same phones, at zero, in the lobby, without joining again.
    expect((await call(host, id, 'start')).status).toBe('ok');
    expect((await call(alex!, id, 'answer', { questionIndex: 0, text: 'Ravel' })).status).toBe('ok');
    for (const action of ['end', 'replay']) expect((await call(host, id, action)).status).toBe('ok');
    const again = await call(alex!, id, 'get');
    expect(again.status === 'ok' && again.game).toMatchObject({ status: 'lobby', code, me: { nickname: 'Alex', team: 'Bleus', score: 0 } });
    // The second game's first question is Alex's to answer again; its report holds the second game's answers only.
    expect((await call(host, id, 'start')).status).toBe('ok');
    expect((await call(alex!, id, 'answer', { questionIndex: 0, text: 'Boléro ?' })).status).toBe('ok');
    const report = await t.app.inject({ method: 'GET', url: `/api/blindTests/${id}/report.csv`, headers: { cookie: staff } });
    expect(report.statusCode).toBe(200);
    const alexRows = report.body.split(/\r?\n/).filter((line) => line.includes('Alex'));
    expect(alexRows).toHaveLength(1);
    expect(alexRows[0]).toContain('Boléro ?');
    // The same rows for the host's desk.
    const rows = (await t.app.inject({ method: 'GET', url: `/api/blindTests/${id}/report`, headers: { cookie: staff } })).json().rows as Array<{ nickname: string; answer: string; answered: boolean }>;
    expect(rows.filter((r) => r.answered).map((r) => `${r.nickname} : ${r.answer}`)).toEqual(['Alex : Boléro ?']);
    expect((await t.app.inject({ method: 'GET', url: `/api/blindTests/${id}/report` })).statusCode).toBe(401);
  });

  it('reveals by itself at the deadline when the host chose it: a phone coming back after it finds the answer shown', async () => {
    const question = (await post('questions', { kind: 'text', prompt: 'Quelle ville accueille le Futuroscope ?', answers: ['Poitiers'], points: 100, timeLimitSeconds: 30 })).json()._id as string;
    const saved = await post('blindTests', { title: 'Quiz qui se révèle seul', questionIds: [question], autoReveal: true });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json()._id as string;
    const host = await open(staff);
    const opened = await call(host, id, 'open');
    if (opened.status !== 'ok') throw new Error(opened.msg);
    const phone = await open();
    expect((await call(phone, id, 'join', { code: opened.game.code, nickname: 'Inès' })).status).toBe('ok');
    expect((await call(host, id, 'start')).status).toBe('ok');
    expect((await call(phone, id, 'get')).status === 'ok' && (await call(phone, id, 'get'))).toMatchObject({ game: { status: 'question' } });
    // Thirty seconds later by the server's clock, nobody pressed « Révéler »: the server reveals when it next hears of the game.
    time += 30_000;
    await expect.poll(async () => {
      const seen = await call(phone, id, 'get');
      return seen.status === 'ok' ? seen.game.status : seen.msg;
    }).toBe('reveal');
    // The host's own « Révéler » is then refused in French, nothing to reveal twice.
    expect(await call(host, id, 'reveal')).toEqual({ status: 'error', msg: 'Aucune question n’est en cours.' });
  });
});
