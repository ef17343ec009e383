import type { AccountSession } from '../domain/schemas/identity.schema';
import type { ApiKey } from '../domain/api-keys';
import type { NotificationPreferences } from '../domain/schemas/people.schema';
import type { QueryDefinition } from './query-client';
import { OPERATION_ROUTES } from '../domain/operation-routes';

/**
 * The account's reads (/account and the dashboard's « Clés d’API »). Their keys start with
 * 'me': signing out forgets them, and a write that changes them invalidates their key.
 */
export const accountQueries = {
  /** GET /api/me/sessions: the sessions open on each device. */
  sessions: (): QueryDefinition<{ items: AccountSession[] }> => ({
    key: ['me', 'sessions'],
    load: (api) => api.call(OPERATION_ROUTES.mySessions),
  }),

  /** GET /api/me/apiKeys: the signed-in staff member's API keys. */
  apiKeys: (): QueryDefinition<{ items: ApiKey[] }> => ({
    key: ['me', 'apiKeys'],
    load: (api) => api.call(OPERATION_ROUTES.myApiKeys),
  }),

  /** GET /api/me/notificationPreferences: per kind of notification, in the app and by e-mail. */
  notificationPreferences: (): QueryDefinition<NotificationPreferences> => ({
    key: ['me', 'notificationPreferences'],
    load: (api) => api.call(OPERATION_ROUTES.notificationPreferences),
  }),
};
