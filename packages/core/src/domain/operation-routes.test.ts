import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENTRY_ROUTES, OPERATION_ROUTES } from './operation-routes';

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
});
