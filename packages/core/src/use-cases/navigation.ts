/**
 * Where a use case sent the visitor: out of the app (a full page load), to a path inside
 * it (the current history entry replaced), or nowhere (the visitor stays where it is).
 */
export type Navigation = { kind: 'external'; url: string } | { kind: 'internal'; path: string } | { kind: 'none' };

export const stay: Navigation = { kind: 'none' };
