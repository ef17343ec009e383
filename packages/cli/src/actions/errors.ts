import { ApiError, AppError, AuthError, NotFoundError, TournamentError, ValidationError } from '@sortie/core';
import { CommandFailure, UsageError } from '../cli-errors';
import type { Output } from '../output';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when the error (or one of its causes) says the API could not be reached at all. */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== 'object') return false;
    const { code, statusCode, cause } = current as { code?: unknown; statusCode?: unknown; cause?: unknown };
    if (code === 'NETWORK_ERROR' || (current instanceof ApiError && statusCode === 0)) return true;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}

export const unreachable = (apiUrl: string, cause?: unknown) =>
  new CommandFailure(`Impossible de joindre l’API sur ${apiUrl} : le serveur est-il démarré ? (--api ou SORTIE_API_URL pour en viser un autre)`, 'UNREACHABLE', { cause });

/** Any failure of a command as a French message and an exit code (1, or 2 for a usage error). */
export function toCliError(error: unknown, { apiUrl, out }: { apiUrl: string; out?: Output }): UsageError | CommandFailure {
  if (out?.verbose) out.debug(describeForDebug(error));
  if (error instanceof UsageError || error instanceof CommandFailure) return error;
  if (isUnreachable(error)) return unreachable(apiUrl, error);
  if (error instanceof AuthError) {
    return error.statusCode === 403
      ? new CommandFailure(`Accès refusé : ${error.message}`, error.code, { cause: error })
      : new CommandFailure(`${error.message} Lancez « sortie login ».`, error.code, { cause: error });
  }
  if (error instanceof ValidationError) {
    const details = error.issues.filter((issue) => issue.message !== error.message).map((issue) => `  - ${issue.path ? `${issue.path} : ` : ''}${issue.message}`);
    return new CommandFailure([`Refusé par l’API : ${error.message}`, ...details].join('\n'), error.code, { cause: error });
  }
  if (error instanceof NotFoundError || error instanceof TournamentError || error instanceof AppError) {
    return new CommandFailure(error.message, error.code, { cause: error });
  }
  return new CommandFailure(`Erreur inattendue : ${error instanceof Error ? error.message : String(error)}`, 'UNEXPECTED', { cause: error });
}

function describeForDebug(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return `[détail] ${parts.join(' ← ')}`;
}

export interface ArgumentSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** Parses a command-line argument with a core schema; a refusal is a usage error (exit 2). */
export function parseArgument<T>(schema: ArgumentSchema<T>, value: unknown, label: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'valeur invalide';
  throw new UsageError(`Valeur refusée pour ${label} : ${message}`);
}
