import { useCallback, useEffect, useRef, useState } from 'react';
import { BlindTestSession, ClockPort, withProgress, type BlindTestGameState, type BlindTestReply, type Game, type PlayerView } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useLiveConnection } from '../../data/useLiveConnection';

/** What a page shows: the server's view for this device, and when it arrived. */
export interface BlindTestSnapshot {
  view: PlayerView;
  /** The whole game, for staff only (who is who, to judge and kick). */
  game: Game | null;
  title: string | null;
  /** This device's clock when the view arrived: the countdown ticks on from there. */
  receivedAt: number;
}

/** `closed`: the blind test exists but the host has not opened its game yet. */
export type LiveBlindTest =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'closed'; title: string | null }
  | ({ status: 'success' } & BlindTestSnapshot);

export interface LiveBlindTestApi {
  state: LiveBlindTest;
  /** False while the socket is down (it reconnects by itself; the game is fetched again then). */
  online: boolean;
  /** Why this phone's player could not come back (kicked, game over); null otherwise. */
  lostPlayer: string | null;
  reload: () => void;
  /** Runs an action; resolves null when applied, or the French reason of a refusal. */
  run: (action: string, params?: Record<string, unknown>) => Promise<string | null>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What the page shows after a message: a whole view replaces the one on screen; a progress (an
 * answer count, a player count, the new answers for the host) is applied to it by core's rule.
 */
function liveOf(state: BlindTestGameState, before: LiveBlindTest): LiveBlindTest {
  if (state.kind === 'closed') return { status: 'closed', title: state.title };
  if (state.kind === 'progress') {
    if (before.status !== 'success') return before;
    const applied = withProgress(before.view, before.game, state.progress);
    return applied.view === before.view && applied.game === before.game ? before : { ...before, view: applied.view, game: applied.game };
  }
  return { status: 'success', view: state.view, game: state.game, title: state.title, receivedAt: state.receivedAt };
}

/**
 * A blind test kept live over the socket: `get` first (which joins the room), then each view the
 * server pushes. A phone that joined before comes back as its player (the stored token); after a
 * reconnection (a server restart) the room is gone, so the game is fetched again; after a sign-in
 * or a sign-out the socket reconnects, since the server reads who is who at the handshake.
 */
export function useLiveBlindTest(id: string, { player = true }: { player?: boolean } = {}): LiveBlindTestApi {
  const session = useUseCase(BlindTestSession);
  const [state, setState] = useState<LiveBlindTest>({ status: 'loading' });
  const [lostPlayer, setLostPlayer] = useState<string | null>(null);
  const hasData = useRef(false);
  // Answers arriving out of order: only the latest request may write the state.
  const generation = useRef(0);

  const show = useCallback((reply: BlindTestGameState) => {
    if (reply.kind !== 'progress') hasData.current = true;
    setState((before) => liveOf(reply, before));
  }, []);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    const fetch = async (): Promise<BlindTestReply> => {
      const got = await session.execute('get', id);
      // A phone that joined before: `join` with its token gives its player back.
      if (!player || !session.player(id) || got.kind !== 'view' || got.view.me || got.view.status === 'podium') return got;
      try {
        return await session.execute('join', id, { code: got.view.code });
      } catch (error) {
        session.forget(id);
        setLostPlayer(messageOf(error));
        return got;
      }
    };
    fetch().then(
      (reply) => mine === generation.current && show(reply),
      (error: unknown) => {
        // With a game on screen, a failed refresh keeps it: the next update brings the truth.
        if (mine === generation.current && !hasData.current) setState({ status: 'error', error });
      },
    );
  }, [session, id, player, show]);

  useEffect(() => {
    hasData.current = false;
    setState({ status: 'loading' });
    reload();
    const stopWatching = session.watch(id, (update) => {
      generation.current++;
      show(update);
    });
    return () => {
      generation.current++;
      stopWatching();
    };
  }, [session, id, reload, show]);

  const online = useLiveConnection(reload);

  const run = useCallback(
    async (action: string, params: Record<string, unknown> = {}) => {
      try {
        const reply = await session.execute(action, id, params);
        generation.current++;
        show(reply);
        if (action === 'join') setLostPlayer(null);
        return null;
      } catch (error) {
        return messageOf(error);
      }
    },
    [session, id, show],
  );

  return { state, online, lostPlayer, reload, run };
}

/**
 * The time left on the question, ticking on this device from the view's `timeLeftMs` (the
 * server's count when it sent the view), frozen while paused; 0 outside a question.
 */
export function useTimeLeft(snapshot: BlindTestSnapshot | null): number {
  const clock = useUseCase(ClockPort);
  const [, tick] = useState(0);
  const view = snapshot?.view;
  const running = view?.status === 'question' && !view.paused && view.timeLeftMs > 0;
  useEffect(() => {
    if (!running) return;
    let timer = clock.setTimeout(function again() {
      tick((n) => n + 1);
      timer = clock.setTimeout(again, 250);
    }, 250);
    return () => clock.clearTimeout(timer);
  }, [running, clock, snapshot]);
  if (!snapshot || !view || view.status !== 'question') return 0;
  if (view.paused) return view.timeLeftMs;
  return Math.max(0, view.timeLeftMs - (clock.now().getTime() - snapshot.receivedAt));
}
