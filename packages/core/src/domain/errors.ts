import { frenchDateTime } from './french-format';

/**
 * Every error the core raises carries a stable `code` (for logs, HTTP bodies and socket
 * payloads) and an HTTP-like `statusCode`. UI and CLI branch on `instanceof`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;

  constructor(message: string, options: { code?: string; statusCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code ?? 'APP_ERROR';
    this.statusCode = options.statusCode ?? 500;
  }
}

/** A page or a record that does not exist. The route table raises it with SPEC.md §8's messages. */
export class NotFoundError extends AppError {
  constructor(message = 'Page Not Found', options: { code?: string; cause?: unknown } = {}) {
    super(message, { code: options.code ?? 'NOT_FOUND', statusCode: 404, cause: options.cause });
  }
}

/** Input refused by a schema; `issues` maps a field path to its French message. */
export class ValidationError extends AppError {
  readonly issues: ReadonlyArray<{ path: string; message: string }>;

  constructor(message: string, issues: ReadonlyArray<{ path: string; message: string }> = []) {
    super(message, { code: 'VALIDATION_FAILED', statusCode: 400 });
    this.issues = issues;
  }
}

/** The caller is not signed in (401) or may not do this (403). */
export class AuthError extends AppError {
  constructor(message: string, options: { code?: string; statusCode?: 401 | 403; cause?: unknown } = {}) {
    super(message, { code: options.code ?? 'UNAUTHENTICATED', statusCode: options.statusCode ?? 401, cause: options.cause });
  }
}

/** A remote call failed: the product API, the music provider, the metadata service. */
export class ApiError extends AppError {
  constructor(message: string, options: { statusCode: number; code?: string; cause?: unknown }) {
    super(message, { code: options.code ?? 'API_ERROR', statusCode: options.statusCode, cause: options.cause });
  }
}

/** A dynamic or short link that resolved to no usable url. */
export class LinkNotFoundError extends NotFoundError {
  constructor(message = 'Lien introuvable', options: { cause?: unknown } = {}) {
    super(message, { code: 'LINK_NOT_FOUND', cause: options.cause });
  }
}

/**
 * A short link that exists but leads nowhere any more (410): expired on its date, or its visits
 * all used. The message says which, with the date in French (core's french-format).
 */
export class LinkGoneError extends AppError {
  constructor(reason: { expiresAt: string | number } | 'exhausted') {
    super(reason === 'exhausted' ? 'Ce lien a atteint son nombre maximal de visites.' : `Ce lien a expiré le ${frenchDateTime(reason.expiresAt)}.`, {
      code: reason === 'exhausted' ? 'LINK_EXHAUSTED' : 'LINK_EXPIRED',
      statusCode: 410,
    });
  }
}

/** A tournament action refused by the server (status 'error'), unanswered, or answered without a tournament. */
export class TournamentError extends AppError {
  constructor(message: string, code = 'TOURNAMENT_ERROR', options: { cause?: unknown; statusCode?: number } = {}) {
    super(message, { code, statusCode: 502, ...options });
  }
}

/** The music provider has no token to refresh, or refused a call twice. */
export class MusicError extends AppError {
  constructor(message: string, options: { code?: string; statusCode?: number; cause?: unknown } = {}) {
    super(message, { code: options.code ?? 'MUSIC_ERROR', statusCode: options.statusCode ?? 502, cause: options.cause });
  }
}

/** The status carried by any error-like value, or undefined. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null) {
    const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
    if (typeof statusCode === 'number') return statusCode;
    if (typeof status === 'number') return status;
  }
  return undefined;
}
