import { HOME_PATH } from '../domain/constants';
import type { NavigatorPort } from '../ports/navigator.port';

/**
 * Where a use case sent the visitor: out of the app (a full page load), to a path inside
 * it (the current history entry replaced), or nowhere (the visitor stays where it is).
 */
export type Navigation = { kind: 'external'; url: string } | { kind: 'internal'; path: string } | { kind: 'none' };

/**
 * A use case that could not do what was asked: where it sent the visitor instead (`null`: the
 * visitor stays where it is) and the failure behind it. The use case logs nothing: its caller
 * decides (the web logs the lines of SPEC.md §8, the CLI explains the cause and exits 1).
 */
export interface Fallback {
  kind: 'fallback';
  path: string | null;
  cause: unknown;
}

/** The fallback of the pages that only redirect (/nextEvent, /r/{shortCode}): /home. */
export type HomeFallback = Fallback & { path: typeof HOME_PATH };

/** Sends the visitor to /home, replacing the redirecting page's history entry, because of `cause`. */
export function fallBackHome(navigator: NavigatorPort, cause: unknown): HomeFallback {
  navigator.navigate(HOME_PATH, { replace: true });
  return { kind: 'fallback', path: HOME_PATH, cause };
}
