import { usePageTitle } from '../../components/usePageTitle';
import { NotFoundNotice } from '../../features/dashboard/NotFoundNotice';
import { ResourceList } from '../../features/dashboard/ResourceList';
import { resourceOfRoute } from '../../features/dashboard/resource-config';
import { dashboardTitle } from '../../layouts/dashboard-sections';
import type { PageProps } from '../types';

export default function ResourceListPage({ route }: PageProps) {
  usePageTitle(dashboardTitle(route.name, route.path));
  const resource = resourceOfRoute(route.name);
  if (!resource) return <NotFoundNotice />;
  return <ResourceList key={resource} resource={resource} />;
}
