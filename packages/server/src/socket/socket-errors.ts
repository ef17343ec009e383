import { SOCKET_UNAVAILABLE_CODE, SOCKET_UNAVAILABLE_MESSAGE } from '@sortie/core/domain';
import { isDatabaseUnavailable } from '../db/availability';

/** The acknowledgement of a live action the server cannot serve now: French, and marked temporary as HTTP's 503 is. */
export const UNAVAILABLE_REPLY = { status: 'error', msg: SOCKET_UNAVAILABLE_MESSAGE, code: SOCKET_UNAVAILABLE_CODE } as const;

/**
 * The acknowledgement of a live action that failed for the server's sake (not a refusal of the
 * rules): a temporary refusal when the database cannot serve (restarting, unreachable, disk full),
 * else `internal`. `temporary` says which, so that an outage is not logged as a bug.
 */
export function failedActionReply(error: unknown, internal: string): { reply: { status: 'error'; msg: string; code?: string }; temporary: boolean } {
  if (isDatabaseUnavailable(error)) return { reply: { ...UNAVAILABLE_REPLY }, temporary: true };
  return { reply: { status: 'error', msg: internal }, temporary: false };
}
