import type { AppContext } from '../http/context';
import type { BlindTestGames } from './blind-test-games';

/*
 * The blind tests' authority of each app, once socket.io is attached (blind-test-socket.ts).
 * Its own module, so that the REST policy (blind-test-policy.ts) drops copies on writes without
 * importing the socket side.
 */
const byContext = new WeakMap<AppContext, BlindTestGames>();

/** The blind tests' authority of an app, once attached (the REST policy drops its copies on writes). */
export const blindTestGamesOf = (ctx: AppContext): BlindTestGames | undefined => byContext.get(ctx);

export function setBlindTestGames(ctx: AppContext, games: BlindTestGames): void {
  byContext.set(ctx, games);
}
