import { Suspense, type ComponentType } from 'react';
import { lazy } from '../../components/lazy-retry';
import { Skeleton } from '../../data/QueryView';
import { NotFoundNotice } from '../../features/dashboard/NotFoundNotice';
import { ResourceList } from '../../features/dashboard/ResourceList';
import { usePageTitle } from '../../components/usePageTitle';
import { dashboardTitle } from '../../layouts/dashboard-sections';
import type { PageProps } from '../types';

const RolesPage = lazy(() => import('../../features/dashboard/tools/RolesPage'));
const ServerPage = lazy(() => import('../../features/dashboard/tools/ServerPage'));
const TasksPage = lazy(() => import('../../features/dashboard/tools/TasksPage'));
const ImagesPage = lazy(() => import('../../features/dashboard/tools/ImagesPage'));
const MailTemplatesPage = lazy(() => import('../../features/dashboard/tools/MailTemplatesPage'));
const ToolsPage = lazy(() => import('../../features/dashboard/tools/ToolsPage'));
const StripePage = lazy(() => import('../../features/dashboard/tools/StripePage'));
const InstagramPage = lazy(() => import('../../features/dashboard/tools/InstagramPage'));
const InstagramHistoryPage = lazy(() => import('../../features/dashboard/tools/InstagramHistoryPage'));
const BrightDataPage = lazy(() => import('../../features/dashboard/tools/BrightDataPage'));
const DiagnosticsPage = lazy(() => import('../../features/dashboard/tools/DiagnosticsPage'));
const DesignerPage = lazy(() => import('../../features/dashboard/tools/DesignerPage'));
const ApiKeysPage = lazy(() => import('../../features/dashboard/tools/ApiKeysPage'));
const AuditLogPage = lazy(() => import('../../features/dashboard/tools/AuditLogPage'));

/** Each extra page of the dashboard, by route name; each loads its own code. */
const TOOLS: Record<string, ComponentType> = {
  'dashboard.eventsRoles': () => <RolesPage kind="events" />,
  'dashboard.placesRoles': () => <RolesPage kind="places" />,
  'dashboard.placesTypes': () => <ResourceList resource="placeTypes" />,
  'dashboard.server': ServerPage,
  'dashboard.tasks': TasksPage,
  'dashboard.images': ImagesPage,
  'dashboard.mailTemplates': MailTemplatesPage,
  'dashboard.tools': ToolsPage,
  'dashboard.brightdata': BrightDataPage,
  'dashboard.designer': DesignerPage,
  'dashboard.instagram': InstagramPage,
  'dashboard.instagramIndexOld': InstagramHistoryPage,
  'dashboard.stripe': StripePage,
  'dashboard.test': DiagnosticsPage,
  'dashboard.apiKeys': ApiKeysPage,
  'dashboard.audit': AuditLogPage,
};

export default function DashboardToolPage({ route }: PageProps) {
  usePageTitle(dashboardTitle(route.name, route.path));
  const Tool = TOOLS[route.name];
  if (!Tool) return <NotFoundNotice />;
  return (
    <Suspense fallback={<Skeleton lines={6} />}>
      <Tool />
    </Suspense>
  );
}
