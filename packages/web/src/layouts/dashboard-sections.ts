import { DASHBOARD_EXTRA_PAGES, DASHBOARD_RESOURCES, RESOURCES, capitalise, pathFor } from '@sortie/core';

/** French titles of the dashboard's extra pages (SPEC.md §2). */
export const DASHBOARD_EXTRA_TITLES: Record<(typeof DASHBOARD_EXTRA_PAGES)[number], string> = {
  brightdata: 'Bright Data',
  designer: 'Designer',
  'events/roles': 'Rôles des événements',
  images: 'Images',
  instagram: 'Instagram',
  'instagram/index_old': 'Instagram (ancienne version)',
  mailTemplates: 'Modèles d’e-mail',
  'places/roles': 'Rôles des lieux',
  'places/types': 'Types de lieu',
  server: 'Serveur',
  stripe: 'Stripe',
  tasks: 'Tâches',
  test: 'Test',
  tools: 'Outils',
  apiKeys: 'Clés d’API',
  audit: 'Journal d’audit',
};

export interface DashboardLink {
  href: string;
  label: string;
  /** Only admins may change what this area holds (staff may look). */
  adminOnly?: boolean;
}

/** The dashboard's side navigation: its resources, then its tools. */
export const DASHBOARD_LINKS: { resources: DashboardLink[]; tools: DashboardLink[] } = {
  resources: DASHBOARD_RESOURCES.map((resource) => ({
    href: pathFor(`dashboard.${resource}`),
    label: capitalise(RESOURCES[resource].label.many),
    adminOnly: RESOURCES[resource].write === 'admin',
  })),
  tools: DASHBOARD_EXTRA_PAGES.filter((page) => page !== 'instagram/index_old').map((page) => ({
    href: `/dashboard/${page}`,
    label: DASHBOARD_EXTRA_TITLES[page],
  })),
};

/** The title of a dashboard route, from its name (`dashboard.events.detail` → « Événement »). */
export function dashboardTitle(routeName: string, routePath: string): string {
  const [, section, detail] = routeName.split('.');
  if (!section) return 'Tableau de bord';
  if ((DASHBOARD_RESOURCES as readonly string[]).includes(section)) {
    const label = RESOURCES[section as (typeof DASHBOARD_RESOURCES)[number]].label;
    return capitalise(detail ? label.one : label.many);
  }
  if (section === 'placesTypes' && detail) return 'Type de lieu';
  const extra = routePath.replace(/^\/dashboard\//, '') as keyof typeof DASHBOARD_EXTRA_TITLES;
  return DASHBOARD_EXTRA_TITLES[extra] ?? 'Tableau de bord';
}
