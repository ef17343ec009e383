import { findPlayer, playerViews, screenView, type Game, type GameProgress, type PlayerView, type ScreenView } from '@sortie/core/domain';
import type { BlindTestState } from './blind-test-rows';

/** The rows of the leaderboard a phone receives (its own rank and score are in `me`). */
export const PHONE_LEADERBOARD_ROWS = 10;

export interface ViewBase {
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

/** What each socket is shown of a game: a player their own view, the host the whole game, anyone else the screen's. */
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

/** A phone's view from core's, with what every view carries. */
export const phoneViewOf = (view: PlayerView, base: ViewBase): BlindTestView => ({ ...view, ...base, role: 'player' });
