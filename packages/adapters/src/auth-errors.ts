import { ApiError, AuthError } from '@sortie/core';
import { NETWORK_ERROR_MESSAGE } from './http/api-client';

/**
 * The sign-in failures every identity adapter reports, with one stable code and one French
 * message each, so the core and the UI see the same thing with Firebase or our own server.
 */
export const AUTH_FAILURES = {
  INVALID_CREDENTIALS: 'Adresse e-mail ou mot de passe incorrect.',
  EMAIL_ALREADY_IN_USE: 'Un compte existe déjà avec cette adresse e-mail.',
  WEAK_PASSWORD: 'Mot de passe trop faible : choisissez-en un plus long.',
  INVALID_EMAIL: 'Adresse e-mail invalide.',
  POPUP_CLOSED: 'La fenêtre de connexion a été fermée avant la fin.',
  POPUP_BLOCKED: 'Le navigateur a bloqué la fenêtre de connexion : autorisez les fenêtres surgissantes et réessayez.',
  TOO_MANY_REQUESTS: 'Trop de tentatives : réessayez dans quelques minutes.',
  USER_DISABLED: 'Ce compte a été désactivé.',
  ACCOUNT_EXISTS_WITH_OTHER_PROVIDER: 'Un compte existe déjà avec cette adresse e-mail, ouvert avec un autre moyen de connexion.',
  PROVIDER_DISABLED: 'Ce moyen de connexion n’est pas activé sur ce serveur.',
  NOT_CONFIGURED: 'La connexion n’est pas configurée sur ce serveur.',
  AUTH_FAILED: 'La connexion a échoué. Réessayez.',
} as const;
export type AuthFailure = keyof typeof AUTH_FAILURES;

export function authFailure(code: AuthFailure, cause?: unknown): AuthError {
  return new AuthError(AUTH_FAILURES[code], { code, ...(cause === undefined ? {} : { cause }) });
}

/** A network failure reads the same whether the HTTP client or an SDK met it. */
export function networkFailure(cause: unknown): ApiError {
  return new ApiError(NETWORK_ERROR_MESSAGE, { statusCode: 0, code: 'NETWORK_ERROR', cause });
}
