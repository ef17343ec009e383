import { DASHBOARD_RESOURCES, RESOURCES, type ResourceName } from '@sortie/core';
import { resourceFields } from './schema-fields';

export interface Column {
  key: string;
  label: string;
  kind?: 'date' | 'status' | 'list' | 'reference' | 'badgeRule' | 'icon';
}

export interface Filter {
  key: string;
  label: string;
  options?: string[];
  reference?: ResourceName;
}

export interface ResourceView {
  columns: Column[];
  filters: Filter[];
  /** Sorts the server knows (events); other lists sort the page on screen. */
  serverSort?: string[];
  /** Extra list query the dashboard always sends (staff see drafts and past events). */
  baseQuery?: Record<string, string | boolean>;
}

const statusFilter = (resource: ResourceName): Filter => {
  const field = resourceFields(resource).find((f) => f.key === 'status');
  return { key: 'status', label: 'Statut', options: field?.widget.kind === 'select' ? field.widget.options : [] };
};

/** What each list shows and lets staff filter by (the server's own filters). */
const VIEWS: Partial<Record<ResourceName, ResourceView>> = {
  events: {
    columns: [{ key: 'title', label: 'Titre' }, { key: 'startsAt', label: 'Début', kind: 'date' }, { key: 'city', label: 'Ville' }, { key: 'status', label: 'Statut', kind: 'status' }],
    filters: [statusFilter('events'), { key: 'placeId', label: 'Lieu', reference: 'places' }, { key: 'organizationId', label: 'Organisation', reference: 'organizations' }],
    serverSort: ['startsAt', 'title', 'createdAt'],
    baseQuery: { upcoming: false },
  },
  places: {
    columns: [{ key: 'name', label: 'Nom' }, { key: 'address.city', label: 'Ville' }, { key: 'slug', label: 'Adresse courte' }],
    filters: [{ key: 'typeId', label: 'Type', reference: 'placeTypes' }, { key: 'organizationId', label: 'Organisation', reference: 'organizations' }],
  },
  questions: { columns: [{ key: 'prompt', label: 'Question' }, { key: 'kind', label: 'Type', kind: 'status' }, { key: 'points', label: 'Points' }], filters: [] },
  badges: { columns: [{ key: 'name', label: 'Nom' }, { key: 'icon', label: 'Icône', kind: 'icon' }, { key: 'rule', label: 'Se gagne en…', kind: 'badgeRule' }, { key: 'description', label: 'Description' }], filters: [] },
  users: { columns: [{ key: 'displayName', label: 'Nom' }, { key: 'email', label: 'E-mail' }, { key: 'roles', label: 'Rôles', kind: 'list' }], filters: [] },
  dynaLinks: { columns: [{ key: 'shortCode', label: 'Code' }, { key: 'url', label: 'Destination' }, { key: 'visitCount', label: 'Visites' }], filters: [] },
  raffles: { columns: [{ key: 'title', label: 'Titre' }, { key: 'closesAt', label: 'Clôture', kind: 'date' }, { key: 'status', label: 'Statut', kind: 'status' }], filters: [statusFilter('raffles'), { key: 'placeId', label: 'Lieu', reference: 'places' }] },
  blindtests: { columns: [{ key: 'title', label: 'Titre' }, { key: 'status', label: 'Statut', kind: 'status' }], filters: [statusFilter('blindtests'), { key: 'placeId', label: 'Lieu', reference: 'places' }] },
  tournaments: { columns: [{ key: 'name', label: 'Nom' }, { key: 'status', label: 'Statut', kind: 'status' }], filters: [statusFilter('tournaments')] },
  menus: { columns: [{ key: 'title', label: 'Titre' }, { key: 'placeId', label: 'Lieu', kind: 'reference' }], filters: [{ key: 'placeId', label: 'Lieu', reference: 'places' }] },
  stores: { columns: [{ key: 'name', label: 'Nom' }, { key: 'placeId', label: 'Lieu', kind: 'reference' }], filters: [{ key: 'placeId', label: 'Lieu', reference: 'places' }] },
  forms: { columns: [{ key: 'title', label: 'Titre' }, { key: 'entryCount', label: 'Réponses' }, { key: 'closesAt', label: 'Clôture', kind: 'date' }], filters: [] },
  scrape: { columns: [{ key: 'collectorId', label: 'Collecteur', kind: 'reference' }, { key: 'status', label: 'Statut', kind: 'status' }, { key: 'itemsFound', label: 'Trouvés' }], filters: [] },
  collectors: { columns: [{ key: 'name', label: 'Nom' }, { key: 'schedule', label: 'Planification' }, { key: 'lastRunAt', label: 'Dernier passage', kind: 'date' }, { key: 'lastResult', label: 'Dernier résultat' }], filters: [] },
};

/** The list view of a resource: its own, or the first text fields of its schema. */
export function viewOf(resource: ResourceName): ResourceView {
  const own = VIEWS[resource];
  if (own) return own;
  const fields = resourceFields(resource).filter((f) => ['text', 'select', 'number', 'datetime', 'icon'].includes(f.widget.kind)).slice(0, 3);
  const kindOf = (f: (typeof fields)[number]): Column['kind'] => (f.widget.kind === 'datetime' ? 'date' : f.widget.kind === 'select' ? 'status' : f.widget.kind === 'icon' ? 'icon' : undefined);
  return { columns: fields.map((f) => ({ key: f.key, label: f.label, kind: kindOf(f) })), filters: [] };
}

/** The resource a dashboard route shows (`dashboard.events.detail` → events; places/types → placeTypes). */
export function resourceOfRoute(routeName: string): ResourceName | null {
  const section = routeName.split('.')[1];
  if (section === 'placesTypes') return 'placeTypes';
  return section && (DASHBOARD_RESOURCES as readonly string[]).includes(section) ? (section as ResourceName) : null;
}

/** The address of a record's page in the dashboard. */
export function detailHref(resource: ResourceName, id: string): string {
  if (resource === 'placeTypes') return `/dashboard/places/types/${id}`;
  return `/dashboard/${resource}/${id}`;
}

export function listHref(resource: ResourceName): string {
  return resource === 'placeTypes' ? '/dashboard/places/types' : `/dashboard/${resource}`;
}

export const labelsOf = (resource: ResourceName) => RESOURCES[resource].label;

/** A value at a dotted path (`address.city`). */
export function valueAt(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}
