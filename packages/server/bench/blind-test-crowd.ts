import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '@sortie/core';

/*
 * A crowd of phones in one live blind test, as the web's useLiveBlindTest drives them: each joins
 * with a nickname and keeps its player token; after a reconnection (a node stopped, a restart)
 * it sends `get` with its token (and `join` with its code and token if need be) and is its player
 * again, with its points. For the benches and the process-level test that stop a server during
 * a game (here in bench/: the server's sources may not import socket.io-client).
 */

const EVENT = 'blindTest';

export interface Reply {
  status: 'ok' | 'error';
  msg?: string;
  code?: string;
  game?: { code?: string; status?: string; me?: { playerId: string; score: number } | null; full?: { questions: Array<{ kind: string; correctChoice?: number; answers?: string[] }>; players?: Array<{ id: string; score: number }> } };
  player?: { id: string; token?: string };
}

export interface Phone {
  socket: Socket;
  id: string;
  token: string;
  nickname: string;
  /** The score the phone last saw. */
  score: number;
  /** When the phone was its player again after its last reconnection (performance.now()), if it was. */
  backAt: number | null;
  /** The score `join` gave back on that reconnection. */
  backScore: number | null;
}

export const ask = (socket: Socket, blindTestId: string, action: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<Reply> =>
  socket
    .timeout(timeoutMs)
    .emitWithAck(EVENT, JSON.stringify({ action, blindTestId, params }))
    .catch((): Reply => ({ status: 'error', msg: `pas de réponse en ${timeoutMs / 1000} s` }));

export async function must(reply: Promise<Reply>, what: string): Promise<Reply> {
  const answer = await reply;
  if (answer.status !== 'ok') throw new Error(`${what} : ${answer.msg}`);
  return answer;
}

/** The web's reconnection (adapters' socketOptions): attempts SOCKET_RECONNECTION_DELAY_MS apart, at most socket.io's 5 s. */
export const WEB_RECONNECTION = { reconnection: true, reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS, reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS } as const;

/** A websocket client that reconnects by itself as the web's does. */
export function openSocket(url: string, options: { token?: string; reconnection?: boolean } = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      ...WEB_RECONNECTION,
      reconnection: options.reconnection ?? true,
      ...(options.token ? { auth: { token: options.token } } : {}),
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      if (!socket.active) reject(error);
    });
  });
}

/** `count` phones joined to the game of `code`, 50 at a time; each comes back as its player after a reconnection. */
export async function joinPhones(url: string, blindTestId: string, code: string, count: number): Promise<Phone[]> {
  const phones: Phone[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        const nickname = `Joueur ${i + j + 1}`;
        const socket = await openSocket(url);
        const reply = await must(ask(socket, blindTestId, 'join', { code, nickname }), 'inscription');
        const phone: Phone = { socket, id: reply.player!.id, token: reply.player!.token!, nickname, score: 0, backAt: null, backScore: null };
        // As useLiveBlindTest: `get` with the token; `join` with the code and the token only if the view has no `me`.
        socket.io.on('reconnect', () => {
          void (async () => {
            let back = await ask(socket, blindTestId, 'get', { playerToken: phone.token }, 30_000);
            if (back.status === 'ok' && !back.game?.me) back = await ask(socket, blindTestId, 'join', { code, playerToken: phone.token }, 30_000);
            if (back.status !== 'ok' || back.game?.me?.playerId !== phone.id) return;
            phone.backAt = performance.now();
            phone.backScore = back.game.me.score;
          })();
        });
        return phone;
      }),
    );
    phones.push(...batch);
  }
  return phones;
}

/**
 * Every player's points as the server holds them (the host's whole game): an answer is
 * acknowledged with the room's progress, not the phone's score, which the phone sees at the reveal.
 */
export async function hostScores(host: Socket, blindTestId: string): Promise<Map<string, number>> {
  const reply = await must(ask(host, blindTestId, 'get'), 'lecture des scores');
  return new Map((reply.game?.full?.players ?? []).map((p) => [p.id, p.score]));
}

/** Every phone answers question `q` (right for the first of every three, wrong otherwise); their scores as the acknowledgements say. */
export async function answerAll(phones: Phone[], blindTestId: string, q: number, question: { kind: string; correctChoice?: number; answers?: string[] }): Promise<number> {
  let acknowledged = 0;
  await Promise.all(
    phones.map(async (phone, i) => {
      const right = i % 3 === 0;
      const params =
        question.kind === 'choices'
          ? { questionIndex: q, choice: right ? question.correctChoice! : (question.correctChoice! + 1) % 4, playerToken: phone.token }
          : { questionIndex: q, text: right ? question.answers![0]! : 'pas la bonne réponse', playerToken: phone.token };
      const reply = await ask(phone.socket, blindTestId, 'answer', params);
      if (reply.status === 'ok') {
        acknowledged += 1;
        phone.score = reply.game?.me?.score ?? phone.score;
      }
    }),
  );
  return acknowledged;
}

/** Waits until every phone is back as its player (or `timeoutMs` passed); answers how many are. */
export async function awaitBack(phones: Phone[], timeoutMs: number): Promise<number> {
  const until = performance.now() + timeoutMs;
  const back = () => phones.filter((p) => p.backAt !== null).length;
  while (back() < phones.length && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return back();
}
