import type { ResourceName } from '@sortie/core';
import { AnnouncementPanel } from './AnnouncementPanel';
import { CollectorPanel, ScrapeFindingsPanel } from './CollectorPanel';
import { DynaLinkPanel } from './DynaLinkPanel';
import { FormEntriesPanel } from './FormEntriesPanel';
import type { DashboardRecord } from './panel-styles';
import { RafflePanel } from './RafflePanel';
import { UserRolesPanel } from './UserRolesPanel';

/** What a record's page shows beside its form: links, draws, entries, announcements. */
export function ResourceExtras({ resource, record, onChanged }: { resource: ResourceName; record: DashboardRecord; onChanged: () => void }) {
  if (resource === 'dynaLinks') return <DynaLinkPanel record={record} />;
  if (resource === 'raffles') return <RafflePanel record={record} onChanged={onChanged} />;
  if (resource === 'forms') return <FormEntriesPanel record={record} />;
  if (resource === 'collectors') return <CollectorPanel record={record} onChanged={onChanged} />;
  if (resource === 'scrape') return <ScrapeFindingsPanel record={record} />;
  if (resource === 'users') return <UserRolesPanel record={record} />;
  if (resource === 'places') return <AnnouncementPanel kind="place" record={record} />;
  if (resource === 'organizations') return <AnnouncementPanel kind="organization" record={record} />;
  if (resource === 'events') return <AnnouncementPanel kind="event" record={record} />;
  return null;
}
