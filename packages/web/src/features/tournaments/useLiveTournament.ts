import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SessionService, TournamentActions, type Tournament, type TournamentActionName, type TournamentActor } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useLiveConnection } from '../../data/useLiveConnection';

export type LiveTournament =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; tournament: Tournament };

export interface LiveTournamentApi {
  state: LiveTournament;
  /** False while the socket is down (it reconnects by itself; the tournament is fetched again then). */
  online: boolean;
  /** Who acts from this page, as the rules see them; null for a visitor. */
  actor: TournamentActor | null;
  /** Loads the tournament again (and joins its room). */
  reload: () => void;
  /** Runs an action; resolves null when it was applied, or the French reason of a refusal. */
  run: (action: TournamentActionName, params?: Record<string, unknown>) => Promise<string | null>;
}


const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A tournament kept live over the socket: `get` first (which joins the room), then every
 * update the server broadcasts. After a reconnection (a server restart) the room is gone, so
 * the tournament is fetched again; after a sign-in or a sign-out the socket reconnects, since
 * the server reads who is who at the handshake.
 */
export function useLiveTournament(id: string): LiveTournamentApi {
  const actions = useUseCase(TournamentActions);
  const session = useUseCase(SessionService);
  const { user } = useSnapshot(session.state);
  const [state, setState] = useState<LiveTournament>({ status: 'loading' });
  const hasData = useRef(false);
  // Answers arriving out of order: only the latest request may write the state.
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    actions.execute('get', id).then(
      (tournament) => {
        if (mine !== generation.current) return;
        hasData.current = true;
        setState({ status: 'success', tournament });
      },
      (error: unknown) => {
        // With a tournament on screen, a failed refresh keeps it: the next update brings the truth.
        if (mine === generation.current && !hasData.current) setState({ status: 'error', error });
      },
    );
  }, [actions, id]);

  useEffect(() => {
    hasData.current = false;
    setState({ status: 'loading' });
    reload();
    const stopWatching = actions.watch(id, (tournament) => {
      generation.current++;
      hasData.current = true;
      setState({ status: 'success', tournament });
    });
    return () => {
      generation.current++;
      stopWatching();
    };
  }, [actions, id, reload]);

  const online = useLiveConnection(reload);

  const run = useCallback(
    async (action: TournamentActionName, params: Record<string, unknown> = {}) => {
      try {
        const tournament = await actions.execute(action, id, params);
        generation.current++;
        hasData.current = true;
        setState({ status: 'success', tournament });
        return null;
      } catch (error) {
        return messageOf(error);
      }
    },
    [actions, id],
  );

  const actor: TournamentActor | null = user ? { id: user._id, name: user.displayName, staff: session.isStaff() } : null;
  return { state, online, actor, reload, run };
}
