import { AppError } from '../errors';

/** The codes of the engine's refusals, stable for logs, sockets and tests. */
export type EngineErrorCode =
  | 'NOT_REGISTRATION'
  | 'NOT_RUNNING'
  | 'TOO_FEW_PARTICIPANTS'
  | 'TOO_MANY_PARTICIPANTS'
  | 'BAD_SETTINGS'
  | 'MATCH_NOT_FOUND'
  | 'MATCH_NOT_READY'
  | 'MATCH_DONE'
  | 'MATCH_NOT_DONE'
  | 'BAD_SCORE'
  | 'DRAW_FORBIDDEN'
  | 'NOTHING_TO_CONFIRM'
  | 'UNDO_BLOCKED'
  | 'PARTICIPANT_NOT_FOUND'
  | 'ALREADY_DROPPED'
  | 'NOT_SWISS'
  | 'ROUND_NOT_FINISHED'
  | 'NO_MORE_ROUNDS'
  | 'NO_PAIRING';

/** A tournament rule refused; the message is French and meant for the person who asked. */
export class TournamentEngineError extends AppError {
  declare readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string) {
    super(message, { code, statusCode: 409 });
  }
}

/** The outcome of every engine operation: the new tournament, or why not. */
export type EngineResult<T> = { ok: true; tournament: T } | { ok: false; error: TournamentEngineError };
