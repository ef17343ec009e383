/**
 * Where each resource of the REST API lives, under /api: the names alone, without the
 * schemas, for a program that calls the API without validating (the web app's first pages
 * read the API before zod has loaded). RESOURCES (resources.ts) takes its paths from here.
 */
export const RESOURCE_PATHS = {
  artists: 'artists',
  badges: 'badges',
  blindtests: 'blindTests',
  collectors: 'collectors',
  dynaLinks: 'dynaLinks',
  eventCategories: 'eventCategories',
  events: 'events',
  forms: 'forms',
  formTemplates: 'formTemplates',
  menus: 'menus',
  organizations: 'organizations',
  places: 'places',
  questions: 'questions',
  raffles: 'raffles',
  scrape: 'scrape',
  stores: 'stores',
  tournaments: 'tournaments',
  users: 'users',
  jobOffers: 'jobOffers',
  placeTypes: 'placeTypes',
  placeRoles: 'placeRoles',
  eventRoles: 'eventRoles',
  championships: 'championships',
  blogPosts: 'blog',
  docPages: 'docPages',
  mailTemplates: 'mailTemplates',
  images: 'images',
  tasks: 'tasks',
  notifications: 'notifications',
  shares: 'shares',
} as const;

/** The root of the product API: every resource, and every operation of OPERATION_ROUTES but the calendars, lives under it. */
export const API_ROOT = '/api';

/** Where a resource's records live (`/api/events`), or one of them (`/api/events/abc`, its id encoded). */
export function resourceApiPath(resource: keyof typeof RESOURCE_PATHS, id?: string): string {
  const path = RESOURCE_PATHS[resource];
  // A name outside the registry is a programming error, not a server call to make.
  if (!path) throw new TypeError(`Unknown resource: ${String(resource)}`);
  return id === undefined ? `${API_ROOT}/${path}` : `${API_ROOT}/${path}/${encodeURIComponent(id)}`;
}
