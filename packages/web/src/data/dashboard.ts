import { OPERATION_ROUTES, type ProductApiPort, type ResourceName } from '@sortie/core';
import type { OperationPath, OperationQuery } from './operation-types';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** The dashboard's own reads and writes beyond the records' CRUD (records.ts) and the panels (dashboard-panels.ts): its home and its tools. */

/** GET /api/dashboard/stats: the home's counts (typed by the page). */
export const useDashboardStats = <T>() => useApiQuery('dashboard-stats', (api) => api.call(OPERATION_ROUTES.dashboardStats).then((stats) => stats as T));

/** The home's next five events. */
export const useDashboardUpcoming = () => useApiQuery('dashboard-upcoming', (api) => api.listEvents({ limit: 5 }));

/** GET /api/dashboard/server: the server's state now. */
export const useServerInfo = () => useApiQuery('dashboard-server', (api) => api.call(OPERATION_ROUTES.dashboardServer));

/** GET /api/dashboard/mailbox: the last 20 mails sent. */
export const useMailbox = () => useApiQuery('dashboard-mailbox', (api) => api.call(OPERATION_ROUTES.mailbox, { query: { limit: 20 } }));

/** GET /api/audit: a page of the audit log, filtered (admins only: null waits). */
export const useAuditLog = (query: OperationQuery<'auditLog'> | null) => useApiQuery(query ? `audit:${JSON.stringify(query)}` : null, (api) => api.call(OPERATION_ROUTES.auditLog, { query: query! }));

/** GET /api/designer/events/{id}/link: the event's short link for its visuals. */
export const useDesignerEventLink = (id: string) =>
  useApiQuery(`designer:link:${id}`, (api) => api.call(OPERATION_ROUTES.designerEventLink, { path: { id } }) as Promise<{ code: string; url: string }>);

/** The roles granted on events or places (`resource` eventRoles or placeRoles). */
export const useRoles = <T>(resource: ResourceName, version: number) => useApiQuery(`roles:${resource}:${version}`, (api) => api.list<T>(resource, { limit: 100 }));

/** The scheduled jobs. */
export const useTasks = <T>(version: number) => useApiQuery(`tasks:${version}`, (api) => api.list<T>('tasks', { limit: 100 }));

/** GET /api/tasks/{id}/runs: a job's run history. */
export const useTaskRuns = (taskId: string, version: number) => useApiQuery(`task-runs:${taskId}:${version}`, (api) => api.call(OPERATION_ROUTES.taskRuns, { path: { id: taskId } }));

/** The image library, 60 at most, filtered by what is typed. */
export const useImages = <T>(q: string, version: number) => useApiQuery(`images:${q}:${version}`, (api) => api.list<T>('images', { limit: 60, ...(q.trim() ? { q: q.trim() } : {}) }));

/** The e-mail templates saved. */
export const useMailTemplates = <T>(version: number) => useApiQuery(`mail-templates:${version}`, (api) => api.list<T>('mailTemplates', { limit: 100 }));

/** GET /api/diagnostics: the checks there are to run. */
export const useDiagnostics = () => useApiQuery('diagnostics', (api) => api.call(OPERATION_ROUTES.diagnostics));

/** GET /api/brightdata/status. */
export const useBrightDataStatus = () => useApiQuery('brightdata-status', (api) => api.call(OPERATION_ROUTES.brightdataStatus));

/** GET /api/instagram/status. */
export const useInstagramStatus = () => useApiQuery('instagram-status', (api) => api.call(OPERATION_ROUTES.instagramStatus));

/** GET /api/instagram/publications: what was published before. */
export const useInstagramPublications = () => useApiQuery('instagram-history', (api) => api.call(OPERATION_ROUTES.instagramPublications));

const dashboardWrites = (api: ProductApiPort) => ({
  brightDataTest: () => api.call(OPERATION_ROUTES.brightdataTest),
  instagramPublish: (eventId: string, caption: string) => api.call(OPERATION_ROUTES.instagramPublish, { path: { id: eventId }, body: { caption } }),
  runDiagnostic: (check: OperationPath<'runDiagnostic'>['check']) => api.call(OPERATION_ROUTES.runDiagnostic, { path: { check } }),
  runTask: (taskId: string) => api.call(OPERATION_ROUTES.runTask, { path: { id: taskId } }),
  purgeCaches: () => api.call(OPERATION_ROUTES.purgeCaches),
});

/** The dashboard's writes: each answers the server's answer or throws its error. */
export const useDashboardWrites = () => useApiWrites(dashboardWrites);
