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
