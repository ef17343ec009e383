import { OPERATION_ROUTES, type FederationOwner, type ProductApiPort } from '@sortie/core';
import type { OperationBody, OperationQuery } from './operation-types';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** The panels beside a record's form on the dashboard (announcements, a collector's run, an image, an account's roles, a short link's visits). */

/** GET /api/dynaLinks/{id}/visits: a short link's last 100 visits. */
export const useDynaLinkVisits = (linkId: string) => useApiQuery(`visits:${linkId}`, (api) => api.call(OPERATION_ROUTES.dynaLinkVisits, { path: { id: linkId }, query: { limit: 100 } }));

/** GET /api/dynaLinks/{id}/stats: a short link's visits by day, referrers and devices from `from` to `to` (Paris days, issue 36). */
export const useDynaLinkStats = (linkId: string, from: string, to: string) =>
  useApiQuery(`link-stats:${linkId}:${from}:${to}`, (api) => api.call(OPERATION_ROUTES.dynaLinkStats, { path: { id: linkId }, query: { from, to } }));

const panelWrites = (api: ProductApiPort) => ({
  /** How many will receive an announcement to `target`, and the announcements sent to it before. */
  announcementsOf: (target: OperationQuery<'announcements'>) =>
    Promise.all([api.call(OPERATION_ROUTES.announcementRecipients, { query: target }), api.call(OPERATION_ROUTES.announcements, { query: target })]),
  announce: (body: OperationBody<'announce'>) => api.call(OPERATION_ROUTES.announce, { body }),
  runCollector: (collectorId: string) => api.call(OPERATION_ROUTES.runCollector, { path: { id: collectorId } }),
  uploadImage: (file: File, alt: string) => api.call(OPERATION_ROUTES.uploadImage, { query: { alt }, body: file }),
  setUserRoles: (userId: string, roles: OperationBody<'setUserRoles'>['roles']) => api.call(OPERATION_ROUTES.setUserRoles, { path: { id: userId }, body: { roles } }),
  /** A place's or organisation's ActivityPub: its followers elsewhere, what came, its switch (issue 35). */
  federationOf: (kind: FederationOwner, id: string) => api.call(OPERATION_ROUTES.federationOverview, { path: { kind, id } }),
  setFederation: (kind: FederationOwner, id: string, enabled: boolean) => api.call(OPERATION_ROUTES.setFederation, { path: { kind, id }, body: { enabled } }),
  followRemoteActor: (kind: FederationOwner, id: string, handle: string) => api.call(OPERATION_ROUTES.followRemoteActor, { path: { kind, id }, body: { handle } }),
});

/** The panels' writes: each answers the server's answer or throws its error. */
export const usePanelWrites = () => useApiWrites(panelWrites);
