import type { ClockPort } from '../ports/clock.port';
import type { TournamentSocketPort } from '../ports/tournament-socket.port';

/** What a live call's errors are made of: a silence past the wait, or a transport failure. */
export interface AckFailures {
  /** No acknowledgement within `waitMs`; `cause` is the socket's last connection failure, if any. */
  timeout: (cause: Error | undefined) => Error;
  transport: (message: string) => Error;
}

/**
 * Emits `payload` and waits for the server's acknowledgement at most `waitMs` (SPEC.md §9's
 * 2000 ms for the live protocols), then reads it with `read`; the tournament's and the blind
 * test's calls share this rule.
 */
export function acknowledgedEmit<T>(
  socket: TournamentSocketPort,
  clock: ClockPort,
  event: string,
  payload: string,
  waitMs: number,
  read: (raw: unknown) => T,
  failures: AckFailures,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(failures.timeout(socket.connectionError() ?? undefined)), waitMs);
    socket.emitWithAck(event, payload).then(
      (raw) => {
        clock.clearTimeout(timer);
        try {
          resolve(read(raw));
        } catch (error) {
          reject(error);
        }
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(failures.transport(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/** A socket message as an object: sent as an object or as a JSON string (SPEC.md §3); anything else is null. */
export function socketMessage(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
