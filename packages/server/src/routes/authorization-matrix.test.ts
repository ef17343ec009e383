import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { ACCESS_NOTES, openApiPath } from '../openapi';
import type { Access } from '../openapi-docs';
import { ADMIN, AUTHORIZATION_MATRIX, CALLERS, PUBLIC, SIGNED_IN, STAFF, type Caller, type MatrixRow, type Outcome } from './authorization-matrix';

/** An id no record has: what the checks decide before any lookup is what this test reads. */
const UNKNOWN_ID = '0123456789abcdef01234567';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A path of the route with every parameter filled (`:id` → an unknown id, `*` → a word). */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' || name.endsWith('Id') ? UNKNOWN_ID : name === 'kind' ? 'event' : 'inconnu')).replace('*', 'inconnu');
}

/** Whether an answer's status is what the row declares (see authorization-matrix.ts). */
function matches(outcome: Outcome, status: number): boolean {
  if (status >= 500) return false;
  if (outcome === 'unauthorized') return status === 401;
  if (outcome === 'forbidden') return status === 403;
  return status !== 401 && status !== 403;
}

/** What each access the OpenAPI document states (an operation's `x-access`) promises each caller. */
const ROW_OF_ACCESS: Record<Access, MatrixRow> = { public: PUBLIC, optional: PUBLIC, user: SIGNED_IN, session: SIGNED_IN, staff: STAFF, staffSession: STAFF, admin: ADMIN };
type DocumentedOperation = { 'x-access'?: Access; description?: string };

describe('the authorisation matrix: every route, as nobody, a visitor, staff and an admin', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let served: string[];
  let paths: Record<string, Record<string, DocumentedOperation>>;
  /** The route's operation in the OpenAPI document the server serves. */
  const documented = (route: string): DocumentedOperation | undefined => {
    const [method, url] = route.split(' ') as [string, string];
    return paths[openApiPath(url)]?.[method.toLowerCase()];
  };
  const cookies: Partial<Record<Caller, string>> = {};
  const ACCOUNTS = { visitor: DEMO_ACCOUNTS.visitor.email, staff: DEMO_ACCOUNTS.staff.email, admin: DEMO_ACCOUNTS.admin.email } as const;
  const signInAs = async (caller: Exclude<Caller, 'anonymous'>) => {
    cookies[caller] = await signIn(t.app, ACCOUNTS[caller]);
  };

  beforeAll(async () => {
    t = await testApp();
    served = [...new Set(t.app.routes.map((route) => `${route.method} ${route.url}`))];
    for (const caller of ['visitor', 'staff', 'admin'] as const) await signInAs(caller);
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  }, 60_000);
  afterAll(() => t.close());

  it('has a row for every route the server registers', () => {
    const missing = served.filter((route) => !(route in AUTHORIZATION_MATRIX));
    expect(missing, `routes without a row in routes/authorization-matrix.ts: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no row for a route the server does not register', () => {
    const routes = new Set(served);
    const stale = Object.keys(AUTHORIZATION_MATRIX).filter((route) => !routes.has(route));
    expect(stale, `rows naming no route: ${stale.join(', ')}`).toEqual([]);
  });

  it('has, for every route, the access the OpenAPI document states (x-access and its words), the same as its row', () => {
    const wrong: string[] = [];
    for (const route of served) {
      const access = documented(route)?.['x-access'];
      const row = AUTHORIZATION_MATRIX[route];
      if (!access || !(access in ROW_OF_ACCESS)) wrong.push(`${route}: no access stated in the OpenAPI document`);
      else if (!documented(route)!.description?.includes(ACCESS_NOTES[access])) wrong.push(`${route}: its description does not say « ${ACCESS_NOTES[access]} »`);
      else if (row && CALLERS.some((caller) => ROW_OF_ACCESS[access][caller] !== row[caller])) wrong.push(`${route}: the document says ${access}, its row ${CALLERS.map((caller) => row[caller]).join('/')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers each caller as its row and the OpenAPI document say (never 401/403 to an allowed caller, always to a refused one, never a 5xx)', async () => {
    const wrong: string[] = [];
    for (const route of served) {
      const row = AUTHORIZATION_MATRIX[route];
      if (!row) continue;
      const [method, url] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const cookie = caller === 'anonymous' ? undefined : cookies[caller];
        const answer = await t.app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers: cookie ? { cookie } : {},
          ...(WRITES.has(method) ? { payload: {} } : {}),
        });
        const honestlyUnconfigured = row.unconfigured && answer.statusCode === 503 && row[caller] === 'ok';
        if (!honestlyUnconfigured && !matches(row[caller], answer.statusCode)) wrong.push(`${route} as ${caller}: ${answer.statusCode} (expected ${row[caller]}) ${answer.body.slice(0, 120)}`);
        // What the document tells a reader must be what the server does, too.
        const access = documented(route)?.['x-access'];
        const stated = access ? ROW_OF_ACCESS[access]?.[caller] : undefined;
        if (!stated) wrong.push(`${route}: no access stated in the OpenAPI document`);
        else if (!honestlyUnconfigured && !matches(stated, answer.statusCode)) wrong.push(`${route} as ${caller}: ${answer.statusCode}, but the OpenAPI document says ${access} ${answer.body.slice(0, 120)}`);
        if (row.signsOut && caller !== 'anonymous') await signInAs(caller);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
