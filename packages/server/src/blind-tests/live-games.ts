import type { AppContext } from '../http/context';

/** What the REST side asks of the blind tests' authority (blind-test-games.ts): to drop its copy of a blind test written otherwise. */
export interface LiveBlindTests {
  forget(id: string): void;
}

/*
 * The blind tests' authority of each app, once socket.io is attached (blind-test-socket.ts).
 * Its own module, so that the REST policy (blind-test-policy.ts) drops copies on writes without
 * importing the socket side or the authority.
 */
const byContext = new WeakMap<AppContext, LiveBlindTests>();

/** The blind tests' authority of an app, once attached (the REST policy drops its copies on writes). */
export const blindTestGamesOf = (ctx: AppContext): LiveBlindTests | undefined => byContext.get(ctx);

export function setBlindTestGames(ctx: AppContext, games: LiveBlindTests): void {
  byContext.set(ctx, games);
}
