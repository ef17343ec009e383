import { authFailure, networkFailure, type AuthFailure } from '../auth-errors';

const BY_FIREBASE_CODE: Record<string, AuthFailure> = {
  'auth/wrong-password': 'INVALID_CREDENTIALS',
  'auth/user-not-found': 'INVALID_CREDENTIALS',
  'auth/invalid-credential': 'INVALID_CREDENTIALS',
  'auth/invalid-login-credentials': 'INVALID_CREDENTIALS',
  'auth/email-already-in-use': 'EMAIL_ALREADY_IN_USE',
  'auth/weak-password': 'WEAK_PASSWORD',
  'auth/invalid-email': 'INVALID_EMAIL',
  'auth/missing-email': 'INVALID_EMAIL',
  'auth/popup-closed-by-user': 'POPUP_CLOSED',
  'auth/cancelled-popup-request': 'POPUP_CLOSED',
  'auth/user-cancelled': 'POPUP_CLOSED',
  'auth/popup-blocked': 'POPUP_BLOCKED',
  'auth/too-many-requests': 'TOO_MANY_REQUESTS',
  'auth/user-disabled': 'USER_DISABLED',
  'auth/account-exists-with-different-credential': 'ACCOUNT_EXISTS_WITH_OTHER_PROVIDER',
  'auth/operation-not-allowed': 'PROVIDER_DISABLED',
  'auth/invalid-api-key': 'NOT_CONFIGURED',
  'auth/unauthorized-domain': 'NOT_CONFIGURED',
};

/**
 * A Firebase error (a FirebaseError with an `auth/…` code) as a core AuthError with a
 * stable code and a French message. Anything that is not Firebase's is rethrown as is.
 */
export function fromFirebaseError(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !code.startsWith('auth/')) return error;
  if (code === 'auth/network-request-failed') return networkFailure(error);
  return authFailure(BY_FIREBASE_CODE[code] ?? 'AUTH_FAILED', error);
}
