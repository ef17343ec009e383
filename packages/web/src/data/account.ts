import { OPERATION_ROUTES, type ProductApiPort } from '@sortie/core';
import type { OperationBody } from './operation-types';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** The signed-in visitor's own account (/account, the password and e-mail pages, « Clés d’API »): its reads and writes, in one place. */

/** GET /api/me/sessions: the sessions open on each device. */
export const useMySessions = () => useApiQuery('account:sessions', (api) => api.call(OPERATION_ROUTES.mySessions));

/** GET /api/me/notificationPreferences: per kind of notification, in the app and by e-mail. */
export const useNotificationPreferences = () => useApiQuery('notification-preferences', (api) => api.call(OPERATION_ROUTES.notificationPreferences));

/** GET /api/me/apiKeys: the staff member's API keys; a new `version` reads them again. */
export const useMyApiKeys = (version: number) => useApiQuery(`api-keys:${version}`, (api) => api.call(OPERATION_ROUTES.myApiKeys));

const accountWrites = (api: ProductApiPort) => ({
  updateProfile: (body: OperationBody<'updateMyProfile'>) => api.call(OPERATION_ROUTES.updateMyProfile, { body }),
  uploadAvatar: (picture: File) => api.call(OPERATION_ROUTES.uploadMyAvatar, { body: picture }),
  changeEmail: (body: OperationBody<'changeEmail'>) => api.call(OPERATION_ROUTES.changeEmail, { body }),
  resendEmailVerification: () => api.call(OPERATION_ROUTES.resendEmailVerification),
  verifyEmail: (token: string) => api.call(OPERATION_ROUTES.verifyEmail, { body: { token } }),
  changePassword: (body: OperationBody<'changePassword'>) => api.call(OPERATION_ROUTES.changePassword, { body }),
  requestPasswordReset: (email: string) => api.call(OPERATION_ROUTES.requestPasswordReset, { body: { email } }),
  confirmPasswordReset: (body: OperationBody<'confirmPasswordReset'>) => api.call(OPERATION_ROUTES.confirmPasswordReset, { body }),
  endSession: (id: string) => api.call(OPERATION_ROUTES.endSession, { path: { id } }),
  endAllSessions: () => api.call(OPERATION_ROUTES.endAllSessions),
  deleteAccount: (body: OperationBody<'deleteMyAccount'>) => api.call(OPERATION_ROUTES.deleteMyAccount, { body }),
  updateNotificationPreferences: (body: OperationBody<'updateNotificationPreferences'>) => api.call(OPERATION_ROUTES.updateNotificationPreferences, { body }),
  createApiKey: (body: OperationBody<'createApiKey'>) => api.call(OPERATION_ROUTES.createApiKey, { body }),
  revokeApiKey: (id: string) => api.call(OPERATION_ROUTES.revokeApiKey, { path: { id } }),
});

/** The account's writes: each answers the server's answer or throws its error, as the product API does. */
export const useAccountWrites = () => useApiWrites(accountWrites);
