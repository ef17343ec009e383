import { usePageTitle } from '../../components/usePageTitle';
import { NotFoundNotice } from '../../features/dashboard/NotFoundNotice';
import { ResourceDetail } from '../../features/dashboard/ResourceDetail';
import { resourceOfRoute } from '../../features/dashboard/resource-config';
import { dashboardTitle } from '../../layouts/dashboard-sections';
import type { PageProps } from '../types';

export default function ResourceDetailPage({ route, params }: PageProps) {
  usePageTitle(dashboardTitle(route.name, route.path));
  const resource = resourceOfRoute(route.name);
  const id = params['id'];
  if (!resource || !id) return <NotFoundNotice />;
  return <ResourceDetail key={`${resource}:${id}`} resource={resource} id={id} />;
}
