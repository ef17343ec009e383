import { proxy } from 'valtio/vanilla';
import type { CurrentUser } from '../domain/schemas/people.schema';

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

/** SPEC.md §4: the session is unknown until the me call has run at app start. */
export interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
}

/** A new session store; SessionService owns it and is its only writer. */
export function createSessionState(): SessionState {
  return proxy<SessionState>({ status: 'unknown', user: null });
}
