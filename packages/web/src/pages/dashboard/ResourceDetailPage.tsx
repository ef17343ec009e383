import { PlaceholderPage } from '../../components/PlaceholderPage';
import { dashboardTitle } from '../../layouts/dashboard-sections';
import type { PageProps } from '../types';

export default function ResourceDetailPage({ route, params }: PageProps) {
  return (
    <PlaceholderPage title={dashboardTitle(route.name, route.path)}>
      {params['id'] && (
        <p className="mt-2 text-sm text-muted">
          Référence : <span className="font-mono">{params['id']}</span>
        </p>
      )}
    </PlaceholderPage>
  );
}
