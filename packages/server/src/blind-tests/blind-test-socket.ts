import type { Server, Socket } from 'socket.io';
import { BlindTestRefusal, findPlayer, gameProgress, playerViews, screenView, SOCKET_EVENTS, type Game, type GameAnswer, type GameProgress, type PlayerView, type ScreenView } from '@sortie/core/domain';
import { awardBlindTestPodium, recordBlindTestPlayer } from '../badges/badge-awards';
import type { AppContext } from '../http/context';
import { isStaff } from '../auth/user-roles';
import { BlindTestGames } from './blind-test-games';
import type { BlindTestState } from './blind-test-rows';
import type { Caller } from './blind-test-kind';
import { setBlindTestGames } from './live-games';
import { BLIND_TEST_NOT_FOUND, parseBlindTestCall, type BlindTestCall } from './blind-test-protocol';
import { answerLiveCalls, type LiveProtocol } from '../live/live-socket';
import { identifySocket } from '../socket/handshake-user';
import { fieldOf } from '../unknown-value';
import { AutoReveal } from './auto-reveal';

/** A blind test's room: its screens, its host and its players' phones. */
export const blindTestRoom = (blindTestId: string) => `blindTest:${blindTestId}`;
/** The host's sockets of a blind test (also in its room): they hear of each answer itself. */
export const blindTestHostRoom = (blindTestId: string) => `blindTestHost:${blindTestId}`;
/** The players' phones of a blind test (also in its room). */
export const blindTestPhoneRoom = (blindTestId: string) => `blindTestPhone:${blindTestId}`;

/** How often, at most, the room hears of the crowd's answers and joins (a progress: a few numbers), and the screens of joins outside questions (their whole view). */
export const SCREEN_UPDATE_MS = 250;
/** Phones' views made and sent in one turn of the event loop. */
export const PHONES_PER_TURN = 25;
/** Phones sent the room's progress (a few numbers) in one turn of the event loop, and the time between two such turns. */
export const PROGRESS_PER_TURN = 100;
export const PROGRESS_GAP_MS = 20;
/** The rows of the leaderboard a phone receives (its own rank and score are in `me`). */
export const PHONE_LEADERBOARD_ROWS = 10;
/** How often, at most, the phones hear of the crowd's answers and joins (a progress: 2,000 phones, one message each). */
export const PHONE_UPDATE_MS = 2000;
/** How often, at most, the phones hear of the host's actions and of buzzes: 300 views cost a tenth of a second. */
export const PHONE_URGENT_MS = 250;

interface ViewBase {
  blindTestId: string;
  title: string;
  /** The server's clock when the view was made: the phones count down from `timeLeftMs` without trusting their own. */
  serverNow: number;
}
/** What each kind of socket sees: players their own view, the host the whole game, anyone else the screen. */
export type BlindTestView =
  | (ScreenView & ViewBase & { role: 'screen' })
  | (PlayerView & ViewBase & { role: 'player' })
  | (ScreenView & ViewBase & { role: 'host'; full: Game });

/** A `get` of a blind test whose game is not open yet. */
export interface ClosedView extends ViewBase {
  role: 'closed';
  status: string;
}

export type BlindTestAck =
  | { status: 'ok'; game: BlindTestView | ClosedView; player?: { id: string; token?: string } }
  /** An answer or a buzz acknowledged: the progress of the game, with this phone's answer in (its view is otherwise as it was). */
  | { status: 'ok'; progress: GameProgress }
  | { status: 'error'; msg: string; code?: string };

/** What the room hears: a view for each socket, or the same few numbers for all (the host's with the answers themselves). */
export type BlindTestUpdate = { blindTestId: string; game: BlindTestView | ClosedView } | { blindTestId: string; progress: GameProgress };

/** What a socket remembers: the player it is in each blind test, and whether it is the host's. */
interface SocketData {
  blindTestPlayers?: Record<string, string>;
  blindTestHosts?: Record<string, true>;
}

export function viewOf(state: BlindTestState, as: { playerId?: string; host?: boolean }, now: number): BlindTestView | ClosedView {
  const base = { blindTestId: state.id, title: state.record.title, serverNow: now };
  const game = state.game;
  if (!game) return { ...base, role: 'closed', status: state.record.status };
  if (as.playerId && findPlayer(game, as.playerId)) {
    return phoneViewOf(playerViews(game, now, [as.playerId], { top: PHONE_LEADERBOARD_ROWS }).get(as.playerId)!, base);
  }
  if (as.host) return { ...screenView(game, now), ...base, role: 'host', full: game };
  return { ...screenView(game, now), ...base, role: 'screen' };
}

const phoneViewOf = (view: PlayerView, base: ViewBase): BlindTestView => ({ ...view, ...base, role: 'player' });

export interface AttachOptions {
  /** Phones' and screens' update intervals (tests shorten them). */
  phoneUpdateMs?: number;
  screenUpdateMs?: number;
}

export type BlindTestLog = (message: string, error?: unknown) => void;

const attached = new WeakMap<Server, BlindTestGames>();

/**
 * The live blind tests over socket.io (issue 17): `SOCKET_EVENTS.blindTest` carries a JSON string
 * {action, blindTestId, params} answered with {status: 'ok', game} or {status: 'error', msg} in
 * French (an answer or a buzz with {status: 'ok', progress}); every stored change reaches the room
 * `blindTest:<id>` on `SOCKET_EVENTS.blindTestUpdate` as {blindTestId, game}, each socket with its
 * own view, or, for the crowd's answers and joins, as {blindTestId, progress}. Attaching twice to
 * one server is a no-op.
 */
export function attachBlindTests(io: Server, ctx: AppContext, log: BlindTestLog = () => undefined, options: AttachOptions = {}): BlindTestGames {
  const existing = attached.get(io);
  if (existing) return existing;
  const phoneEvery = options.phoneUpdateMs ?? PHONE_UPDATE_MS;
  const phoneUrgentEvery = Math.min(phoneEvery, PHONE_URGENT_MS);
  const screenEvery = options.screenUpdateMs ?? SCREEN_UPDATE_MS;

  /**
   * Sends the room the game as it is now; `who` says which sockets. The phones' views are made
   * together (the screen's view and the leaderboard once, each phone's `me` from them), then
   * sent PHONES_PER_TURN at a time, so that answers arriving meanwhile are not held up; a newer
   * state sent to the phones stops an older one still under way.
   */
  const generations = new Map<string, number>();
  const broadcast = (state: BlindTestState, who: 'all' | 'screens' | 'phones') => {
    const room = io.sockets.adapter.rooms.get(blindTestRoom(state.id));
    if (!room || room.size === 0) return;
    const now = ctx.now();
    let screen: BlindTestView | ClosedView | undefined;
    let host: BlindTestView | ClosedView | undefined;
    const phones: Array<[Socket, string]> = [];
    for (const socketId of room) {
      const socket = io.sockets.sockets.get(socketId);
      if (!socket) continue;
      const data: SocketData = socket.data;
      const playerId = data.blindTestPlayers?.[state.id];
      if (playerId) {
        if (who !== 'screens') phones.push([socket, playerId]);
        continue;
      }
      if (who === 'phones') continue;
      const view = data.blindTestHosts?.[state.id] ? (host ??= viewOf(state, { host: true }, now)) : (screen ??= viewOf(state, {}, now));
      socket.emit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: state.id, game: view });
    }
    if (phones.length === 0) return;
    const game = state.game;
    const base: ViewBase = { blindTestId: state.id, title: state.record.title, serverNow: now };
    // A phone whose player is not in this game (opened again since) sees the screen, as viewOf says.
    const inGame = new Set(game?.players.map((p) => p.id));
    const views = game ? playerViews(game, now, phones.filter(([, playerId]) => inGame.has(playerId)).map(([, playerId]) => playerId), { top: PHONE_LEADERBOARD_ROWS }) : null;
    const viewFor = (playerId: string) => {
      const view = views?.get(playerId);
      return view ? phoneViewOf(view, base) : (screen ??= viewOf(state, {}, now));
    };
    const generation = (generations.get(state.id) ?? 0) + 1;
    generations.set(state.id, generation);
    const sendFrom = (start: number) => {
      if (generations.get(state.id) !== generation) return;
      for (const [socket, playerId] of phones.slice(start, start + PHONES_PER_TURN)) {
        if (socket.connected) socket.emit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: state.id, game: viewFor(playerId) });
      }
      if (start + PHONES_PER_TURN < phones.length) setImmediate(() => sendFrom(start + PHONES_PER_TURN));
    };
    sendFrom(0);
  };

  /**
   * The room's progress: the same few numbers for every screen and phone (one message, encoded
   * once), and for the host's sockets the answers of the question they have not had yet.
   */
  const sentToHost = new Map<string, { key: string; players: Set<string> }>();
  const sendProgress = (state: BlindTestState, who: 'screens' | 'phones') => {
    const game = state.game;
    if (!game) return;
    const room = blindTestRoom(state.id);
    const hostRoom = blindTestHostRoom(state.id);
    const phoneRoom = blindTestPhoneRoom(state.id);
    if ((io.sockets.adapter.rooms.get(room)?.size ?? 0) === 0) return;
    const update = { blindTestId: state.id, progress: gameProgress(game) } satisfies BlindTestUpdate;
    if (who === 'phones') {
      // PROGRESS_PER_TURN phones at a time, PROGRESS_GAP_MS apart: the answers arriving meanwhile are
      // not held up, and 2,000 phones (and the venue's Wi-Fi) get them spread over a few tenths of a second.
      const phones = [...(io.sockets.adapter.rooms.get(phoneRoom) ?? [])];
      const sendFrom = (start: number) => {
        for (const socketId of phones.slice(start, start + PROGRESS_PER_TURN)) io.sockets.sockets.get(socketId)?.emit(SOCKET_EVENTS.blindTestUpdate, update);
        if (start + PROGRESS_PER_TURN < phones.length) setTimeout(() => sendFrom(start + PROGRESS_PER_TURN), PROGRESS_GAP_MS).unref();
      };
      sendFrom(0);
      return;
    }
    io.local.to(room).except([hostRoom, phoneRoom]).emit(SOCKET_EVENTS.blindTestUpdate, update);
    if ((io.sockets.adapter.rooms.get(hostRoom)?.size ?? 0) === 0) return;
    const key = `${game.code}:${game.questionIndex}`;
    const sent = sentToHost.get(state.id)?.key === key ? sentToHost.get(state.id)!.players : new Set<string>();
    const answers: GameAnswer[] = game.answers.filter((a) => !sent.has(a.playerId));
    for (const answer of answers) sent.add(answer.playerId);
    sentToHost.set(state.id, { key, players: sent });
    io.local.to(hostRoom).emit(SOCKET_EVENTS.blindTestUpdate, { blindTestId: state.id, progress: gameProgress(game, answers) } satisfies BlindTestUpdate);
  };

  // Updates are gathered. The host's actions and buzzes (urgent) reach the screens at once and the
  // phones at most every PHONE_URGENT_MS, each socket with its whole view (the phones' views are
  // the costly part). The crowd's answers and joins reach the room as a progress (an answer count,
  // a player count; the host gets the answers): the screens and the host every SCREEN_UPDATE_MS,
  // the phones every PHONE_UPDATE_MS; outside questions the screens also get their whole view
  // then (the names of who joined).
  const timers = new Map<string, NodeJS.Timeout>();
  const sentAt = new Map<string, number>();
  const latest = new Map<string, BlindTestState>();
  type Who = 'screens' | 'phones' | 'progress' | 'phoneProgress';
  const fire = (id: string, who: Who) => {
    const key = `${who}:${id}`;
    clearTimeout(timers.get(key));
    timers.delete(key);
    sentAt.set(key, performance.now());
    const state = latest.get(id);
    if (!state) return;
    if (who === 'progress') sendProgress(state, 'screens');
    else if (who === 'phoneProgress') sendProgress(state, 'phones');
    else broadcast(state, who);
  };
  const soon = (id: string, who: Who, gapMs: number) => {
    const key = `${who}:${id}`;
    if (timers.has(key)) return;
    const wait = (sentAt.get(key) ?? -Infinity) + gapMs - performance.now();
    if (wait <= 0) return fire(id, who);
    const timer = setTimeout(() => fire(id, who), wait);
    timer.unref();
    timers.set(key, timer);
  };

  /** Tells the room of a stored state: at once for the host's actions and buzzes (urgent), gathered otherwise. */
  const announce = (state: BlindTestState, urgent: boolean) => {
    autoReveal.watch(state);
    latest.set(state.id, state);
    if (urgent) {
      fire(state.id, 'screens');
      // The progress waiting for its turn gives way to the whole views.
      for (const who of ['progress', 'phoneProgress']) {
        clearTimeout(timers.get(`${who}:${state.id}`));
        timers.delete(`${who}:${state.id}`);
      }
      soon(state.id, 'phones', phoneUrgentEvery);
      return;
    }
    soon(state.id, 'progress', screenEvery);
    soon(state.id, 'phoneProgress', phoneEvery);
    if (state.game?.status !== 'question') soon(state.id, 'screens', screenEvery);
  };

  /**
   * Another process stored a change: this one's sockets in the room hear of it from the stored
   * state, read again. One read at a time per game: the changes heard meanwhile (a crowd answering
   * on another node, a batch every few milliseconds) are covered by one more read SCREEN_UPDATE_MS later.
   */
  const rereads = new Map<string, { again: boolean }>();
  let closing = false;
  const reread = (id: string): void => {
    if (closing || (io.sockets.adapter.rooms.get(blindTestRoom(id))?.size ?? 0) === 0) return;
    const running = rereads.get(id);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: false };
    rereads.set(id, entry);
    const before = latest.get(id)?.game;
    games
      .refresh(id)
      .then((state) => {
        if (!state) return;
        const game = state.game;
        announce(state, !before || !game || game.status !== before.status || game.questionIndex !== before.questionIndex || game.pausedAt !== before.pausedAt || game.buzzer.turn !== before.buzzer.turn);
      })
      .catch((error: unknown) => log(`blind test ${id}: re-read failed`, error))
      .finally(() => {
        if (!entry.again) {
          rereads.delete(id);
          return;
        }
        const timer = setTimeout(() => {
          rereads.delete(id);
          reread(id);
        }, screenEvery);
        timer.unref();
        timers.set(`reread:${id}`, timer);
      });
  };

  // The server reveals by itself at the deadline when the host chose it; refused (and ignored) once revealed.
  const autoReveal = new AutoReveal((id) => games.run(id, { action: 'autoReveal', params: {}, caller: { staff: true }, at: ctx.now() }), ctx.now);
  const games = new BlindTestGames({
    db: ctx.db,
    now: ctx.now,
    changed: announce,
    closing: () => {
      closing = true;
      autoReveal.close();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
    bus: ctx.bus,
    // Another process stored a change: this one's sockets in the room hear of it from the stored state.
    changedElsewhere: (id) => reread(id),
  });
  attached.set(io, games);
  setBlindTestGames(ctx, games);

  /** The blind tests' protocol on the live socket (live/live-socket.ts): a phone's own actions read no session. */
  const protocol: LiveProtocol<BlindTestCall> = {
    event: SOCKET_EVENTS.blindTest,
    parse: parseBlindTestCall,
    isRefusal: (error): error is BlindTestRefusal => error instanceof BlindTestRefusal,
    async answer({ call, socket, at, user }): Promise<BlindTestAck> {
      const data: SocketData = socket.data;
      const { playerToken, ...params } = call.params;
      const token = typeof playerToken === 'string' ? playerToken : handshakeToken(socket);
      const needsSession = call.action === 'open' || call.action === 'get' || !BLIND_TEST_PLAYER_ACTIONS.has(call.action);
      const staff = needsSession ? isStaff(await user()) : false;
      const blindTestId = call.blindTestId ?? (await games.findByCode(typeof params['code'] === 'string' ? params['code'].trim() : ''));
      if (!blindTestId) throw new BlindTestRefusal('Ce code ne correspond à aucune partie en cours.');
      const caller: Caller = { staff, ...(token ? { playerToken: token } : {}), ...(data.blindTestPlayers?.[blindTestId] ? { playerId: data.blindTestPlayers[blindTestId] } : {}) };

      if (call.action === 'get') {
        const state = await games.read(blindTestId);
        if (!state) throw new BlindTestRefusal(BLIND_TEST_NOT_FOUND);
        // A node started after the game was (a restart mid-question): its reveal is due here too.
        autoReveal.watch(state);
        await games.tokens.ready;
        const playerId = games.playerOf(state, caller);
        follow(socket, blindTestId, { playerId, host: staff });
        return { status: 'ok', game: viewOf(state, { playerId, host: staff }, ctx.now()) };
      }
      if (call.action === 'open' && !staff) throw new BlindTestRefusal('Réservé à l’animateur de la partie.');
      const outcome = await games.run(blindTestId, { action: call.action, params, caller, at });
      const playerId = outcome.playerId;
      // Badges: who a signed-in player is, and the podium of a game that just ended.
      if (call.action === 'join' && playerId) await recordBlindTestPlayer(ctx, blindTestId, playerId, user());
      if (outcome.state.game?.status === 'podium') void awardBlindTestPodium(ctx, blindTestId, outcome.state.game);
      follow(socket, blindTestId, { playerId, host: staff && !playerId });
      // An answer or a buzz (2,000 of them in a few seconds): the phone's view stays, with its answer in.
      if ((call.action === 'answer' || call.action === 'buzz') && playerId && outcome.state.game) {
        return { status: 'ok', progress: { ...gameProgress(outcome.state.game), answered: true } };
      }
      return {
        status: 'ok',
        game: viewOf(outcome.state, { playerId, host: staff }, ctx.now()),
        ...(call.action === 'join' && playerId ? { player: { id: playerId, ...(outcome.newToken ? { token: outcome.newToken } : {}) } } : {}),
      };
    },
  };
  const live = { now: ctx.now, user: (socket: Socket) => identifySocket(ctx, socket), log };
  io.on('connection', (socket) => answerLiveCalls(socket, protocol, live));
  return games;
}

/** The token a phone sent with its handshake, when its call carries none. */
function handshakeToken(socket: Socket): string | undefined {
  const token = fieldOf(socket.handshake.auth, 'blindTestToken');
  return typeof token === 'string' ? token : undefined;
}

/** The actions a phone sends: no session to read for them. */
const BLIND_TEST_PLAYER_ACTIONS = new Set(['join', 'answer', 'buzz']);

/** The socket joins the room and remembers who it is there. */
function follow(socket: Socket, blindTestId: string, as: { playerId?: string | undefined; host: boolean }): void {
  const data: SocketData = socket.data;
  void socket.join(blindTestRoom(blindTestId));
  if (as.playerId) {
    (data.blindTestPlayers ??= {})[blindTestId] = as.playerId;
    void socket.join(blindTestPhoneRoom(blindTestId));
  } else if (as.host) {
    (data.blindTestHosts ??= {})[blindTestId] = true;
    void socket.join(blindTestHostRoom(blindTestId));
  }
}
