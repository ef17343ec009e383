import { Suspense } from 'react';
import { lazy } from '../../components/lazy-retry';
import type { ResourceName } from '@sortie/core';
import { usePageTitle } from '../../components/usePageTitle';
import { NotFoundNotice } from '../../features/dashboard/NotFoundNotice';
import { ResourceDetail, type ExtraPanel } from '../../features/dashboard/ResourceDetail';
import { resourceOfRoute } from '../../features/dashboard/resource-config';
import { dashboardTitle } from '../../layouts/dashboard-sections';
import type { PageProps } from '../types';

// A tournament's desk (core's rules, the socket) loads only with a tournament's page.
const TournamentPanel = lazy(() => import('../../features/tournaments/TournamentPanel'));
const BlindTestLinks = lazy(() => import('../../features/blind-tests/BlindTestLinks'));

/** Panels of other features under a record's form: the page composes them, the dashboard feature does not import them. */
const EXTRA_PANELS: Partial<Record<ResourceName, ExtraPanel>> = {
  tournaments: (record, onChanged) => (
    <Suspense fallback={<p className="text-sm text-muted">Chargement du tournoi…</p>}>
      <TournamentPanel id={record._id} onChanged={onChanged} />
    </Suspense>
  ),
  blindtests: (record) => (
    <Suspense fallback={null}>
      <BlindTestLinks id={record._id} />
    </Suspense>
  ),
};

export default function ResourceDetailPage({ route, params }: PageProps) {
  usePageTitle(dashboardTitle(route.name, route.path));
  const resource = resourceOfRoute(route.name);
  const id = params['id'];
  if (!resource || !id) return <NotFoundNotice />;
  return <ResourceDetail key={`${resource}:${id}`} resource={resource} id={id} extra={EXTRA_PANELS[resource]} />;
}
