import type { ComponentType } from 'react';
import type { ResourceName } from '@sortie/core';
import { AnnouncementPanel } from './AnnouncementPanel';
import { CollectorPanel, ScrapeFindingsPanel } from './CollectorPanel';
import { DynaLinkPanel } from './DynaLinkPanel';
import { FederationPanel } from './FederationPanel';
import { EmbedSnippetPanel } from './EmbedSnippetPanel';
import { FormEntriesPanel } from './FormEntriesPanel';
import type { DashboardRecord } from './panel-styles';
import { RafflePanel } from './RafflePanel';
import { UserRolesPanel } from './UserRolesPanel';

/** What a panel beside a record's form receives: the record as last saved, and how to reload it. */
export interface PanelProps {
  record: DashboardRecord;
  onChanged: () => void;
}

/** The dashboard's panels of a resource, beside its list and columns in resource-config.ts. */
export interface ResourcePanels {
  /** Under a record's form: its links, draws, entries, roles or announcements. */
  extras: ComponentType<PanelProps>;
}

/**
 * The panels each resource adds to its record's page. The panels of other features (a
 * tournament's desk, a blind test's links) are composed by the dashboard's page, lazily.
 */
export const RESOURCE_PANELS: Partial<Record<ResourceName, ResourcePanels>> = {
  dynaLinks: { extras: DynaLinkPanel },
  raffles: { extras: RafflePanel },
  forms: { extras: FormEntriesPanel },
  collectors: { extras: CollectorPanel },
  scrape: { extras: ScrapeFindingsPanel },
  users: { extras: UserRolesPanel },
  places: {
    extras: ({ record }) => (
      <>
        <AnnouncementPanel kind="place" record={record} />
        <FederationPanel kind="places" record={record} />
        <EmbedSnippetPanel kind="place" record={record} />
      </>
    ),
  },
  tournaments: { extras: ({ record }) => <EmbedSnippetPanel kind="tournament" record={record} /> },
  organizations: {
    extras: ({ record }) => (
      <>
        <AnnouncementPanel kind="organization" record={record} />
        <FederationPanel kind="organizations" record={record} />
      </>
    ),
  },
  events: { extras: ({ record }) => <AnnouncementPanel kind="event" record={record} /> },
};
