import { lazy, Suspense } from 'react';
import type { ResourceName } from '@sortie/core';
import { DynaLinkPanel } from './DynaLinkPanel';
import { FormEntriesPanel } from './FormEntriesPanel';
import type { DashboardRecord } from './panel-styles';
import { RafflePanel } from './RafflePanel';

// The tournament desk (core's rules, the socket) loads only with a tournament's page.
const TournamentPanel = lazy(() => import('../tournaments/TournamentPanel'));

/** What a record's page shows beside its form: links, draws, entries. */
export function ResourceExtras({ resource, record, onChanged }: { resource: ResourceName; record: DashboardRecord; onChanged: () => void }) {
  if (resource === 'dynaLinks') return <DynaLinkPanel record={record} />;
  if (resource === 'raffles') return <RafflePanel record={record} onChanged={onChanged} />;
  if (resource === 'forms') return <FormEntriesPanel record={record} />;
  if (resource === 'tournaments')
    return (
      <Suspense fallback={<p className="text-sm text-muted">Chargement du tournoi…</p>}>
        <TournamentPanel id={record._id} onChanged={onChanged} />
      </Suspense>
    );
  return null;
}
