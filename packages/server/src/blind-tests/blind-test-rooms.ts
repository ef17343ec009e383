import type { Server, Socket } from 'socket.io';
import { gameProgress, playerViews, SOCKET_EVENTS, type GameAnswer } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import type { BlindTestState } from './blind-test-rows';
import { PHONE_LEADERBOARD_ROWS, phoneViewOf, viewOf, type BlindTestUpdate, type BlindTestView, type ClosedView, type ViewBase } from './blind-test-views';

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
/** How often, at most, the phones hear of the crowd's answers and joins (a progress: 2,000 phones, one message each). */
export const PHONE_UPDATE_MS = 2000;
/** How often, at most, the phones hear of the host's actions and of buzzes: 300 views cost a tenth of a second. */
export const PHONE_URGENT_MS = 250;

/** What a socket remembers: the player it is in each blind test, and whether it is the host's. */
export interface SocketData {
  blindTestPlayers?: Record<string, string>;
  blindTestHosts?: Record<string, true>;
}

/** The socket joins the room and remembers who it is there. */
export function follow(socket: Socket, blindTestId: string, as: { playerId?: string | undefined; host: boolean }): void {
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

export interface RoomUpdatesOptions {
  phoneEvery: number;
  screenEvery: number;
  /** The game read again from the database, in turn with this process's writes. */
  refresh(id: string): Promise<BlindTestState | null>;
  /** Every state announced (the automatic reveal watches its deadline). */
  watch(state: BlindTestState): void;
  log(message: string, error?: unknown): void;
}

/**
 * What the sockets in a blind test's room hear of its stored states: `announce` a state stored
 * here, `reread` one stored by another process, `close` to stop the updates waiting.
 */
export function blindTestRoomUpdates(io: Server, ctx: AppContext, { phoneEvery, screenEvery, refresh, watch, log }: RoomUpdatesOptions) {
  const phoneUrgentEvery = Math.min(phoneEvery, PHONE_URGENT_MS);

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
    watch(state);
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
    refresh(id)
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

  const close = () => {
    closing = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
  return { announce, reread, close };
}
