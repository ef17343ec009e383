import { DEFAULT_HOME_PATH, HOME_PATH } from './constants';
import { NotFoundError } from './errors';
import { isArtistRef, isEntryCode, isObjectId, isShortCode } from './ids';

export type Layout = 'default' | 'dashboard' | 'empty' | 'landing';

/**
 * How a path parameter is checked. `objectId` and `artistRef` are SPEC.md §5's rules;
 * the others only keep obviously malformed segments out.
 */
export type ParamRule = 'objectId' | 'artistRef' | 'slug' | 'shortCode' | 'entryCode' | 'city' | 'catchAll';

export interface RouteDefinition {
  /** Stable name, used by the web app to pick its page. */
  name: string;
  /** The path as SPEC.md §2 writes it: `{id}` a parameter, `{slug...}` a catch-all. */
  path: string;
  layout: Layout;
  params: Readonly<Record<string, ParamRule>>;
  /** SPEC.md §2's note for routes that are not plain pages. */
  note?: 'catch-all' | 'redirect page' | 'short link' | 'music provider return page' | 'payment return page' | 'debug' | 'development';
  /** Only staff and admin may open it. */
  staffOnly?: boolean;
}

export interface RouteMatch {
  kind: 'page';
  route: Pick<RouteDefinition, 'name' | 'path' | 'layout'>;
  params: Record<string, string>;
}

export interface RouteRedirect {
  kind: 'redirect';
  to: string;
}

const PARAM_RULES: Record<ParamRule, (value: string) => boolean> = {
  objectId: isObjectId,
  artistRef: isArtistRef,
  slug: (v) => /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/.test(v),
  shortCode: isShortCode,
  entryCode: isEntryCode,
  city: (v) => v.length > 0 && v.length <= 200,
  catchAll: () => true,
};

function page(name: string, path: string, layout: Layout, extra: Partial<RouteDefinition> = {}): RouteDefinition {
  const params: Record<string, ParamRule> = {};
  for (const [, param, catchAll] of path.matchAll(/\{(\w+)(\.\.\.)?\}/g)) {
    params[param!] = catchAll ? 'catchAll' : param === 'id' || param!.endsWith('Id') ? 'objectId' : 'slug';
  }
  return { name, path, layout, ...extra, params: { ...params, ...extra.params } };
}

/** The resources of the dashboard, each with a list page and a detail page at {id} (SPEC.md §2). */
export const DASHBOARD_RESOURCES = [
  'artists', 'badges', 'blindtests', 'collectors', 'dynaLinks', 'eventCategories', 'events', 'forms', 'formTemplates',
  'menus', 'organizations', 'places', 'questions', 'raffles', 'scrape', 'stores', 'tournaments', 'users',
] as const;
export type DashboardResource = (typeof DASHBOARD_RESOURCES)[number];

export const DASHBOARD_EXTRA_PAGES = [
  'brightdata', 'designer', 'events/roles', 'images', 'instagram', 'instagram/index_old', 'mailTemplates', 'places/roles',
  'places/types', 'server', 'stripe', 'tasks', 'test', 'tools',
  // Beyond SPEC.md §2: staff's API keys (issue 21).
  'apiKeys',
  // Who changed what, for admins (issue 22).
  'audit',
] as const;

const camel = (path: string) => path.replace(/[/_](\w)/g, (_, c: string) => c.toUpperCase());

export const PUBLIC_ROUTES: readonly RouteDefinition[] = [
  page('landing', '/', 'landing'),
  page('pro', '/pro', 'landing'),
  page('account', '/account', 'default'),
  // Beyond SPEC.md §2 (issue 22): change one's password, choose a new one by a mailed link, confirm one's address by a mailed link.
  page('accountPassword', '/account/password', 'default'),
  page('accountReset', '/account/reset', 'default'),
  page('accountVerify', '/account/verify', 'default'),
  page('artist', '/artists/{id}', 'default', { params: { id: 'artistRef' } }),
  page('blindTest', '/blindTests/{id}', 'empty'),
  page('blog', '/blog', 'default'),
  page('blogPost', '/blog/{slug}', 'empty'),
  page('docs', '/docs/{slug...}', 'empty', { note: 'catch-all' }),
  page('event', '/events/{id}', 'default'),
  page('championship', '/events/{id}/championship/{championshipId}', 'default'),
  page('form', '/forms/{id}', 'default'),
  page('formEntry', '/forms/{id}/entries/{entryCode}', 'default', { params: { entryCode: 'entryCode' } }),
  page('home', '/home/{city...}', 'default', { note: 'catch-all' }),
  // Beyond SPEC.md §2 (issue 32): join a live game by its 6-digit code, typed or from a QR code.
  page('join', '/j', 'empty'),
  page('joinCode', '/j/{code}', 'empty'),
  page('jobOffers', '/jobOffers', 'default'),
  page('legal', '/legal', 'default'),
  page('legalPrivacy', '/legal/privacy', 'default'),
  page('legalTou', '/legal/tou', 'default'),
  page('map', '/map', 'empty'),
  page('menu', '/menus/{id}', 'default'),
  page('nextEvent', '/nextEvent', 'empty', { note: 'redirect page' }),
  page('notFound', '/notFound', 'default'),
  page('notifications', '/notifications', 'default'),
  page('organization', '/organizations/{id}', 'default'),
  page('places', '/places', 'default'),
  page('place', '/places/{id}', 'default'),
  page('placeJobOffers', '/places/{id}/jobOffers', 'default'),
  page('shortLinkRoot', '/r', 'empty', { note: 'short link' }),
  page('shortLink', '/r/{shortCode}', 'empty', { note: 'short link', params: { shortCode: 'shortCode' } }),
  page('raffle', '/raffles/{id}', 'default'),
  page('search', '/search', 'default'),
  page('spotify', '/spotify', 'empty', { note: 'music provider return page' }),
  page('stripeCancel', '/stripe/cancel', 'default', { note: 'payment return page' }),
  page('stripeSuccess', '/stripe/success', 'default', { note: 'payment return page' }),
  // Sortie Pro's prices and its payment through Stripe, or how to get in touch when payment is not configured (issue 23).
  page('pricing', '/pricing', 'default'),
  page('suggestions', '/suggestions', 'default'),
  page('tournament', '/tournaments/{id}', 'empty'),
  page('tournamentScreen', '/tournaments/{id}/screen', 'empty'),
  // Beyond SPEC.md §2 (issue 32): « Je suis là » at the door, from the check-in QR code (`?affiche`: the poster to print).
  page('tournamentCheckIn', '/tournaments/{id}/checkIn', 'empty'),
  page('unauthorized', '/unauthorized', 'default'),
  page('user', '/users/{id}', 'default'),
  page('userBadges', '/users/badges', 'default'),
  page('userFollowing', '/users/following', 'default'),
  page('userLikes', '/users/likes', 'default'),
  page('debugMobile', '/debug-mobile', 'empty', { note: 'debug' }),
  page('devPricing', '/dev/pricing', 'default', { note: 'development' }),
];

export const DASHBOARD_ROUTES: readonly RouteDefinition[] = [
  page('dashboard', '/dashboard', 'dashboard', { staffOnly: true }),
  ...DASHBOARD_RESOURCES.flatMap((resource) => [
    page(`dashboard.${resource}`, `/dashboard/${resource}`, 'dashboard', { staffOnly: true }),
    page(`dashboard.${resource}.detail`, `/dashboard/${resource}/{id}`, 'dashboard', { staffOnly: true }),
  ]),
  ...DASHBOARD_EXTRA_PAGES.map((extra) => page(`dashboard.${camel(extra)}`, `/dashboard/${extra}`, 'dashboard', { staffOnly: true })),
  page('dashboard.placesTypes.detail', '/dashboard/places/types/{id}', 'dashboard', { staffOnly: true }),
];

/** Every route of SPEC.md §2, public and dashboard. */
export const ROUTES: readonly RouteDefinition[] = [...PUBLIC_ROUTES, ...DASHBOARD_ROUTES];

/** Paths that redirect before any page is chosen. */
export const ROUTE_REDIRECTS: Readonly<Record<string, string>> = { [HOME_PATH]: DEFAULT_HOME_PATH };

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string; rule: ParamRule } | { kind: 'catchAll'; name: string };

interface CompiledRoute {
  route: RouteDefinition;
  segments: Segment[];
}

const compiled: CompiledRoute[] = ROUTES.map((route) => ({
  route,
  segments: splitPath(route.path).map((part): Segment => {
    const param = /^\{(\w+)(\.\.\.)?\}$/.exec(part);
    if (!param) return { kind: 'static', value: part };
    return param[2] ? { kind: 'catchAll', name: param[1]! } : { kind: 'param', name: param[1]!, rule: route.params[param[1]!]! };
  }),
}));

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** A static segment outranks a parameter, which outranks a catch-all: /users/badges is not /users/{id}. */
function specificity({ segments }: CompiledRoute): number[] {
  return segments.map((s) => (s.kind === 'static' ? 2 : s.kind === 'param' ? 1 : 0));
}

function compareSpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const sa = specificity(a);
  const sb = specificity(b);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const d = (sb[i] ?? -1) - (sa[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

const bySpecificity = [...compiled].sort(compareSpecificity);

type Attempt = { ok: true; params: Record<string, string> } | { ok: false; invalidParam: boolean };

function attempt({ segments }: CompiledRoute, parts: string[]): Attempt {
  const params: Record<string, string> = {};
  let invalidParam = false;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.kind === 'catchAll') {
      params[segment.name] = parts.slice(i).join('/');
      return invalidParam ? { ok: false, invalidParam } : { ok: true, params };
    }
    const part = parts[i];
    if (part === undefined) return { ok: false, invalidParam: false };
    if (segment.kind === 'static') {
      if (segment.value !== part) return { ok: false, invalidParam: false };
    } else if (PARAM_RULES[segment.rule](part)) {
      params[segment.name] = part;
    } else {
      invalidParam = true;
    }
  }
  if (parts.length !== segments.length) return { ok: false, invalidParam: false };
  return invalidParam ? { ok: false, invalidParam } : { ok: true, params };
}

function decodeParts(pathname: string): string[] | undefined {
  try {
    return splitPath(pathname).map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
}

/**
 * Resolves a pathname against the route table. Throws a NotFoundError with SPEC.md §8's
 * exact messages: 'Page Not Found: {path}' when a route's shape matches but a parameter
 * breaks its rule, 'Page not found: {path}' when no route matches at all.
 */
export function matchRoute(pathname: string): RouteMatch | RouteRedirect {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const redirect = ROUTE_REDIRECTS[normalised];
  if (redirect) return { kind: 'redirect', to: redirect };

  const parts = decodeParts(normalised);
  if (!parts) throw new NotFoundError(`Page not found: ${pathname}`);

  let invalidParam = false;
  for (const candidate of bySpecificity) {
    const result = attempt(candidate, parts);
    if (result.ok) {
      const { name, path, layout } = candidate.route;
      return { kind: 'page', route: { name, path, layout }, params: result.params };
    }
    invalidParam ||= result.invalidParam;
  }
  if (invalidParam) throw new NotFoundError(`Page Not Found: ${pathname}`);
  throw new NotFoundError(`Page not found: ${pathname}`);
}

/** Finds a route definition by name; the web app and the CLI build links with it. */
export function routeByName(name: string): RouteDefinition | undefined {
  return ROUTES.find((route) => route.name === name);
}

/** Builds a concrete path from a route's pattern. */
export function pathFor(name: string, params: Record<string, string> = {}): string {
  const route = routeByName(name);
  if (!route) throw new Error(`Unknown route: ${name}`);
  return route.path.replace(/\{(\w+)(\.\.\.)?\}/g, (_, key: string, catchAll?: string) => {
    const value = params[key] ?? '';
    return catchAll ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}
