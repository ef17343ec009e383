import type { ResourceName } from '@sortie/core';
import { CollectorPanel, ScrapeFindingsPanel } from './CollectorPanel';
import { DynaLinkPanel } from './DynaLinkPanel';
import { FormEntriesPanel } from './FormEntriesPanel';
import type { DashboardRecord } from './panel-styles';
import { RafflePanel } from './RafflePanel';
import { UserRolesPanel } from './UserRolesPanel';

/** What a record's page shows beside its form: links, draws, entries. */
export function ResourceExtras({ resource, record, onChanged }: { resource: ResourceName; record: DashboardRecord; onChanged: () => void }) {
  if (resource === 'dynaLinks') return <DynaLinkPanel record={record} />;
  if (resource === 'raffles') return <RafflePanel record={record} onChanged={onChanged} />;
  if (resource === 'forms') return <FormEntriesPanel record={record} />;
  if (resource === 'collectors') return <CollectorPanel record={record} onChanged={onChanged} />;
  if (resource === 'scrape') return <ScrapeFindingsPanel record={record} />;
  if (resource === 'users') return <UserRolesPanel record={record} />;
  return null;
}
