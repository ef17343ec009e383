import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { AUTHORIZATION_MATRIX, CALLERS, type Caller, type Outcome } from './authorization-matrix';

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

describe('the authorisation matrix: every route, as nobody, a visitor, staff and an admin', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let served: string[];
  const cookies: Partial<Record<Caller, string>> = {};
  const ACCOUNTS = { visitor: DEMO_ACCOUNTS.visitor.email, staff: DEMO_ACCOUNTS.staff.email, admin: DEMO_ACCOUNTS.admin.email } as const;
  const signInAs = async (caller: Exclude<Caller, 'anonymous'>) => {
    cookies[caller] = await signIn(t.app, ACCOUNTS[caller]);
  };

  beforeAll(async () => {
    t = await testApp();
    served = [...new Set(t.app.routes.map((route) => `${route.method} ${route.url}`))];
    for (const caller of ['visitor', 'staff', 'admin'] as const) await signInAs(caller);
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

  it('answers each caller as its row says (never 401/403 to an allowed caller, always to a refused one, never a 5xx)', async () => {
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
        if (row.signsOut && caller !== 'anonymous') await signInAs(caller);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
