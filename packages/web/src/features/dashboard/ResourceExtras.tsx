import type { ResourceName } from '@sortie/core';
import { DynaLinkPanel } from './DynaLinkPanel';
import { FormEntriesPanel } from './FormEntriesPanel';
import type { DashboardRecord } from './panel-styles';
import { RafflePanel } from './RafflePanel';

/** What a record's page shows beside its form: links, draws, entries. */
export function ResourceExtras({ resource, record, onChanged }: { resource: ResourceName; record: DashboardRecord; onChanged: () => void }) {
  if (resource === 'dynaLinks') return <DynaLinkPanel record={record} />;
  if (resource === 'raffles') return <RafflePanel record={record} onChanged={onChanged} />;
  if (resource === 'forms') return <FormEntriesPanel record={record} />;
  return null;
}
