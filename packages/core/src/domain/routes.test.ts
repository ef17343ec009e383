import { describe, expect, it } from 'vitest';
import { NotFoundError } from './errors';
import { DASHBOARD_ROUTES, PUBLIC_ROUTES, ROUTES, matchRoute, pathFor, routeByName, type Layout } from './routes';

/**
 * SPEC.md §2, written out again by hand from the spec (not from the table), so that a
 * route missing from the table, or with the wrong layout, fails here. `null` where the
 * spec names no layout (a note instead).
 */
const SPEC_PUBLIC_ROUTES: Array<[path: string, layout: Layout | null]> = [
  ['/', 'landing'],
  ['/pro', 'landing'],
  ['/account', 'default'],
  // Beyond the spec (issue 22): password change, reset and e-mail verification.
  ['/account/password', 'default'],
  ['/account/reset', 'default'],
  ['/account/verify', 'default'],
  ['/artists/{id}', null],
  ['/blindTests/{id}', 'empty'],
  ['/blog', 'default'],
  ['/blog/{slug}', 'empty'],
  ['/docs/{slug...}', 'empty'],
  ['/events/{id}', 'default'],
  ['/events/{id}/championship/{championshipId}', 'default'],
  ['/forms/{id}', 'default'],
  ['/forms/{id}/entries/{entryCode}', 'default'],
  ['/home/{city...}', null],
  // Beyond the spec (issue 32): join a live game by its code.
  ['/j', 'empty'],
  ['/j/{code}', 'empty'],
  ['/jobOffers', 'default'],
  ['/legal', 'default'],
  ['/legal/privacy', 'default'],
  ['/legal/tou', 'default'],
  ['/map', 'empty'],
  ['/menus/{id}', 'default'],
  ['/nextEvent', null],
  ['/notFound', 'default'],
  ['/notifications', 'default'],
  ['/organizations/{id}', 'default'],
  ['/places', 'default'],
  ['/places/{id}', 'default'],
  ['/places/{id}/jobOffers', 'default'],
  ['/r', null],
  ['/r/{shortCode}', null],
  ['/raffles/{id}', 'default'],
  ['/search', 'default'],
  ['/spotify', null],
  ['/stripe/cancel', null],
  ['/stripe/success', null],
  // Beyond the spec: Sortie Pro's prices and payment (issue 23).
  ['/pricing', 'default'],
  ['/suggestions', 'default'],
  ['/tournaments/{id}', 'empty'],
  ['/tournaments/{id}/screen', 'empty'],
  ['/tournaments/{id}/checkIn', 'empty'],
  ['/unauthorized', 'default'],
  ['/users/{id}', 'default'],
  ['/users/badges', 'default'],
  ['/users/following', 'default'],
  ['/users/likes', 'default'],
  ['/debug-mobile', null],
  ['/dev/pricing', null],
];

const SPEC_DASHBOARD_RESOURCES = [
  'artists', 'badges', 'blindtests', 'collectors', 'dynaLinks', 'eventCategories', 'events', 'forms', 'formTemplates',
  'menus', 'organizations', 'places', 'questions', 'raffles', 'scrape', 'stores', 'tournaments', 'users',
];
const SPEC_DASHBOARD_EXTRAS = [
  '/dashboard', '/dashboard/brightdata', '/dashboard/designer', '/dashboard/events/roles', '/dashboard/images', '/dashboard/instagram',
  '/dashboard/instagram/index_old', '/dashboard/mailTemplates', '/dashboard/places/roles', '/dashboard/places/types',
  '/dashboard/places/types/{id}', '/dashboard/server', '/dashboard/stripe', '/dashboard/tasks', '/dashboard/test', '/dashboard/tools',
  // Beyond the spec: staff's API keys (issue 21).
  '/dashboard/apiKeys',
  // The audit log, for admins (issue 22).
  '/dashboard/audit',
];
const SPEC_DASHBOARD_ROUTES = [
  ...SPEC_DASHBOARD_RESOURCES.flatMap((r) => [`/dashboard/${r}`, `/dashboard/${r}/{id}`]),
  ...SPEC_DASHBOARD_EXTRAS,
];

const ID = '65f1c0ffee0000000000abcd';
const OTHER_ID = '0123456789abcdef01234567';
/** A concrete address for a route pattern, each parameter given a valid value. */
function sample(pattern: string): string {
  return pattern
    .replace('{slug...}', 'guide/demarrer')
    .replace('{city...}', 'Poitiers')
    .replace('{championshipId}', OTHER_ID)
    .replace('{entryCode}', 'K7Q2-ZP9X')
    .replace('{shortCode}', 'fest24')
    .replace('{code}', '482913')
    .replace('{slug}', 'nouvelle-saison')
    .replace('{id}', ID);
}

function notFound(path: string): NotFoundError {
  try {
    matchRoute(path);
  } catch (error) {
    expect(error).toBeInstanceOf(NotFoundError);
    return error as NotFoundError;
  }
  throw new Error(`${path} matched a route`);
}

describe('the route table against SPEC.md §2', () => {
  it.each(SPEC_PUBLIC_ROUTES)('has the public route %s with its layout', (path, layout) => {
    const route = PUBLIC_ROUTES.find((r) => r.path === path);
    expect(route, path).toBeDefined();
    if (layout) expect(route?.layout).toBe(layout);
    else expect(['default', 'dashboard', 'empty', 'landing']).toContain(route?.layout);
  });

  it.each(SPEC_DASHBOARD_ROUTES)('has the dashboard route %s in the dashboard layout', (path) => {
    const route = DASHBOARD_ROUTES.find((r) => r.path === path);
    expect(route, path).toBeDefined();
    expect(route?.layout).toBe('dashboard');
  });

  it('has no route the spec does not list, and no duplicate', () => {
    const spec = [...SPEC_PUBLIC_ROUTES.map(([p]) => p), ...SPEC_DASHBOARD_ROUTES].sort();
    expect(ROUTES.map((r) => r.path).sort()).toEqual(spec);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it.each([...SPEC_PUBLIC_ROUTES.map(([p]) => p), ...SPEC_DASHBOARD_ROUTES])('matches an address of %s to that route', (pattern) => {
    const match = matchRoute(sample(pattern));
    expect(match.kind).toBe('page');
    if (match.kind === 'page') expect(match.route.path).toBe(pattern);
  });
});

describe('matchRoute', () => {
  it('redirects /home to /home/Poitiers', () => {
    expect(matchRoute('/home')).toEqual({ kind: 'redirect', to: '/home/Poitiers' });
    expect(matchRoute('/home/')).toEqual({ kind: 'redirect', to: '/home/Poitiers' });
  });

  it('answers the route and its parameters', () => {
    expect(matchRoute(`/events/${ID}/championship/${OTHER_ID}`)).toEqual({
      kind: 'page',
      route: { name: 'championship', path: '/events/{id}/championship/{championshipId}', layout: 'default' },
      params: { id: ID, championshipId: OTHER_ID },
    });
    expect(matchRoute('/r/fest24')).toMatchObject({ route: { name: 'shortLink' }, params: { shortCode: 'fest24' } });
    expect(matchRoute('/r')).toMatchObject({ route: { name: 'shortLinkRoot' }, params: {} });
    expect(matchRoute('/')).toMatchObject({ route: { name: 'landing', layout: 'landing' } });
  });

  it('takes the catch-alls whole, decoded', () => {
    expect(matchRoute('/home/Poitiers')).toMatchObject({ route: { path: '/home/{city...}' }, params: { city: 'Poitiers' } });
    expect(matchRoute('/home/Saint-Beno%C3%AEt/centre')).toMatchObject({ params: { city: 'Saint-Benoît/centre' } });
    expect(matchRoute('/docs/api/auth/login')).toMatchObject({ route: { path: '/docs/{slug...}', layout: 'empty' }, params: { slug: 'api/auth/login' } });
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/blog/')).toMatchObject({ route: { name: 'blog' } });
  });

  it.each([
    `/events/${ID.slice(1)}`,
    `/events/${ID}0`,
    `/events/${ID.toUpperCase()}`,
    '/events/zzzzzzzzzzzzzzzzzzzzzzzz',
    `/events/${ID}/championship/123`,
    '/places/not-an-id/jobOffers',
    '/tournaments/42/screen',
    '/users/me',
    '/dashboard/events/new-event',
    '/dashboard/places/types/x',
  ])("raises a 404 'Page Not Found: {path}' for the invalid id in %s", (path) => {
    const error = notFound(path);
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe(`Page Not Found: ${path}`);
  });

  it.each(['/nope', '/events', '/events/a/b/c/d', '/dashboard/unknown/x/y', '/legal/cookies', `/users/${ID}/extra`, '/%E0%A4%A'])(
    "raises a 404 'Page not found: {path}' for the unmatched %s",
    (path) => {
      const error = notFound(path);
      expect(error.statusCode).toBe(404);
      expect(error.message).toBe(`Page not found: ${path}`);
    },
  );

  it('prefers a static segment to a parameter', () => {
    expect(matchRoute('/users/badges')).toMatchObject({ route: { name: 'userBadges' } });
    expect(matchRoute('/users/following')).toMatchObject({ route: { name: 'userFollowing' } });
    expect(matchRoute('/users/likes')).toMatchObject({ route: { name: 'userLikes' } });
    expect(matchRoute(`/users/${ID}`)).toMatchObject({ route: { name: 'user' }, params: { id: ID } });
    expect(matchRoute('/dashboard/events/roles')).toMatchObject({ route: { path: '/dashboard/events/roles' } });
    expect(matchRoute('/dashboard/places/types')).toMatchObject({ route: { path: '/dashboard/places/types' } });
    expect(matchRoute(`/dashboard/places/types/${ID}`)).toMatchObject({ route: { path: '/dashboard/places/types/{id}' } });
  });

  describe('/artists/{id}: a 24-hex id or a slug', () => {
    it.each([ID, 'a', '7', 'daft-punk', 'a-b-c', 'x'.repeat(20), 'mc-solaar-2'])('accepts %s', (id) => {
      expect(matchRoute(`/artists/${id}`)).toMatchObject({ route: { name: 'artist' }, params: { id } });
    });

    it.each(['x'.repeat(21), '-abc', 'abc-', '-', 'Daft-Punk', 'daft_punk', 'daft punk', 'café'])("refuses %s with 'Page Not Found'", (id) => {
      const path = `/artists/${encodeURIComponent(id)}`;
      expect(notFound(path).message).toBe(`Page Not Found: ${path}`);
    });
  });
});

describe('routeByName and pathFor', () => {
  it('builds addresses from route names, encoding parameters', () => {
    expect(routeByName('event')?.path).toBe('/events/{id}');
    expect(routeByName('nope')).toBeUndefined();
    expect(pathFor('event', { id: ID })).toBe(`/events/${ID}`);
    expect(pathFor('home', { city: 'Saint-Benoît' })).toBe('/home/Saint-Beno%C3%AEt');
    expect(pathFor('docs', { slug: 'api/auth' })).toBe('/docs/api/auth');
    expect(pathFor('landing')).toBe('/');
    expect(() => pathFor('nope')).toThrow('Unknown route: nope');
  });

  it('round-trips through matchRoute', () => {
    for (const route of ROUTES) {
      const path = sample(route.path);
      expect(matchRoute(pathFor(route.name, (matchRoute(path) as { params: Record<string, string> }).params))).toMatchObject({ route: { name: route.name } });
    }
  });

  it('marks the dashboard staff-only', () => {
    expect(DASHBOARD_ROUTES.every((r) => r.staffOnly)).toBe(true);
    expect(PUBLIC_ROUTES.some((r) => r.staffOnly)).toBe(false);
  });
});
