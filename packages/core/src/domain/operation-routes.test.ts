import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENTRY_ROUTES, FILE_ROUTES, OPERATION_ROUTES, RESOURCE_ROUTES } from './operation-routes';
import { RESOURCE_NAMES } from './resources';

describe('OPERATION_ROUTES', () => {
  it('names each route after its key, in its value and in its type', () => {
    for (const [key, route] of Object.entries(OPERATION_ROUTES)) expect(route.name).toBe(key);
    expect(OPERATION_ROUTES.signIn).toEqual({ name: 'signIn', method: 'POST', path: '/api/identity/signIn' });
    expect(OPERATION_ROUTES.formEntriesCsv).toEqual({ name: 'formEntriesCsv', method: 'GET', path: '/api/forms/:id/entries.csv', raw: true });
    expectTypeOf(OPERATION_ROUTES.signIn.name).toEqualTypeOf<'signIn'>();
    expectTypeOf(OPERATION_ROUTES.signIn.method).toEqualTypeOf<'POST'>();
  });

  it('holds the web entry\'s routes as they are, each under its own name', () => {
    for (const [key, route] of Object.entries(ENTRY_ROUTES)) expect(OPERATION_ROUTES[key as keyof typeof ENTRY_ROUTES]).toEqual({ ...route, name: key });
    expect(OPERATION_ROUTES.me).toEqual({ name: 'me', method: 'GET', path: '/api/auth/me' });
  });

  it('gives each resource its five routes at its API path, named as the OpenAPI document names them', () => {
    expect(Object.keys(RESOURCE_ROUTES).sort()).toEqual([...RESOURCE_NAMES].sort());
    expect(RESOURCE_ROUTES.events).toEqual({
      list: { name: 'listEvents', method: 'GET', path: '/api/events' },
      create: { name: 'createEvents', method: 'POST', path: '/api/events' },
      get: { name: 'getEvents', method: 'GET', path: '/api/events/:id' },
      update: { name: 'updateEvents', method: 'PATCH', path: '/api/events/:id' },
      remove: { name: 'deleteEvents', method: 'DELETE', path: '/api/events/:id' },
    });
    expect(RESOURCE_ROUTES.blogPosts.get.path).toBe('/api/blog/:id');
  });

  it('names every route of the three tables once: operations, resources\' CRUD and files', () => {
    const names = [...Object.keys(OPERATION_ROUTES), ...Object.values(RESOURCE_ROUTES).flatMap((routes) => Object.values(routes).map((route) => route.name)), ...Object.keys(FILE_ROUTES)];
    expect(new Set(names).size).toBe(names.length);
    // Files are read; the ActivityPub inboxes (issue 35) alone take a POST, signed by the sending server.
    const posted = new Set(['activityInbox', 'activitySharedInbox']);
    for (const [key, route] of Object.entries(FILE_ROUTES)) expect(route).toMatchObject({ name: key, method: posted.has(key) ? 'POST' : 'GET', raw: true });
  });
});
