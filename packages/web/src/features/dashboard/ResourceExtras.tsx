import type { ResourceName } from '@sortie/core';
import type { DashboardRecord } from './panel-styles';
import { RESOURCE_PANELS } from './resource-panels';

/** What a record's page shows beside its form: links, draws, entries, announcements (RESOURCE_PANELS). */
export function ResourceExtras({ resource, record, onChanged }: { resource: ResourceName; record: DashboardRecord; onChanged: () => void }) {
  const Extras = RESOURCE_PANELS[resource]?.extras;
  return Extras ? <Extras record={record} onChanged={onChanged} /> : null;
}
