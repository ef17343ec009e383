import type { Server, Socket } from 'socket.io';
import { BlindTestRefusal, gameProgress, SOCKET_EVENTS } from '@sortie/core/domain';
import { awardBlindTestPodium, recordBlindTestPlayer } from '../badges/badge-awards';
import type { AppContext } from '../http/context';
import { isStaff } from '../auth/user-roles';
import { BlindTestGames } from './blind-test-games';
import type { Caller } from './blind-test-kind';
import { blindTestRoomUpdates, follow, PHONE_UPDATE_MS, SCREEN_UPDATE_MS, type SocketData } from './blind-test-rooms';
import { viewOf, type BlindTestAck } from './blind-test-views';
import { setBlindTestGames } from './live-games';
import { BLIND_TEST_NOT_FOUND, parseBlindTestCall, type BlindTestCall } from './blind-test-protocol';
import { answerLiveCalls, type LiveProtocol } from '../live/live-socket';
import { identifySocket } from '../socket/handshake-user';
import { fieldOf } from '../unknown-value';
import { AutoReveal } from './auto-reveal';

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
  const updates = blindTestRoomUpdates(io, ctx, {
    phoneEvery: options.phoneUpdateMs ?? PHONE_UPDATE_MS,
    screenEvery: options.screenUpdateMs ?? SCREEN_UPDATE_MS,
    refresh: (id) => games.refresh(id),
    watch: (state) => autoReveal.watch(state),
    log,
  });

  // The server reveals by itself at the deadline when the host chose it; refused (and ignored) once revealed.
  const autoReveal = new AutoReveal((id) => games.run(id, { action: 'autoReveal', params: {}, caller: { staff: true }, at: ctx.now() }), ctx.now);
  const games = new BlindTestGames({
    db: ctx.db,
    now: ctx.now,
    changed: updates.announce,
    closing: () => {
      autoReveal.close();
      updates.close();
    },
    bus: ctx.bus,
    // Another process stored a change: this one's sockets in the room hear of it from the stored state.
    changedElsewhere: (id) => updates.reread(id),
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

