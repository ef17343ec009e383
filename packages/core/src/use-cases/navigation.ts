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
