import { OPERATION_ROUTES, type ProductApiPort } from '@sortie/core';
import type { OperationBody } from './operation-types';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** Web Push on /account (issue 33): the devices of the signed-in person that receive notifications. */

/** GET /api/me/pushSubscriptions: each device (browser and system in French, added when, « cet appareil »), never its keys. */
export const useMyPushDevices = () => useApiQuery('account:push-devices', (api) => api.call(OPERATION_ROUTES.myPushSubscriptions));

const pushWrites = (api: ProductApiPort) => ({
  /** POST /api/me/pushSubscriptions: the browser's `PushSubscription.toJSON()`, as it is. */
  addDevice: (subscription: OperationBody<'addPushSubscription'>) => api.call(OPERATION_ROUTES.addPushSubscription, { body: subscription }),
  /** DELETE /api/me/pushSubscriptions/{id}: that device receives nothing more. */
  removeDevice: (id: string) => api.call(OPERATION_ROUTES.removePushSubscription, { path: { id } }),
});

/** The devices' writes: each answers the server's answer or throws its error. */
export const usePushWrites = () => useApiWrites(pushWrites);
