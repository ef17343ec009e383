import { proxy } from 'valtio/vanilla';
import type { Rollback } from '../queries/query-client';

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

/**
 * The optimistic part of a toggle, once the caller knows it may go: `key` is pending while
 * the change is on its way, `patchCache` shows the change in the query cache at once, and
 * `send` tells the server. If `send` fails, the patches are put back, the latest first.
 */
export async function toggleOptimistically<T>(state: PendingState, key: string, patchCache: () => Rollback[], send: () => Promise<T>): Promise<ToggleOutcome<T>> {
  state.pending[key] = true;
  const rollbacks = patchCache();
  try {
    return { kind: 'done', value: await send() };
  } catch (cause) {
    for (const rollback of rollbacks.reverse()) rollback();
    return { kind: 'failed', cause };
  } finally {
    delete state.pending[key];
  }
}
