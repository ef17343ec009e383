import { proxy } from 'valtio/vanilla';

/**
 * What an optimistic toggle tells its caller: done (the server agreed), sign-in (a visitor:
 * nothing sent), ignored (the current state is not known yet, or a change of the same thing
 * is still on its way: a click then would toggle the wrong way), or failed (the cache is
 * back as it was; `cause` is the server's error, for the caller's French message).
 */
export type ToggleOutcome<T> = { kind: 'done'; value: T } | { kind: 'sign-in' } | { kind: 'ignored' } | { kind: 'failed'; cause: unknown };

/** The keys whose change is on its way to the server: the web disables their buttons. */
export interface PendingState {
  pending: Record<string, true>;
}

export function createPendingState(): PendingState {
  return proxy<PendingState>({ pending: {} });
}
