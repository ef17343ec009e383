import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);
const segment = fc.oneof(
  hexId,
  fc.constantFrom(DEMO_IDS.firstEvent, DEMO_IDS.form, DEMO_IDS.raffle, DEMO_IDS.share, DEMO_IDS.dynaLinks.poitiers, 'la-rue-ketanou', 'poitiers', ''),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('%00', '..', '%2e%2e%2f', 'constructor', '__proto__', '-1', 'x'.repeat(300)),
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const body = fc.oneof(
  jsonValue.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.record({ email: fc.oneof(fc.emailAddress(), fc.string()), password: fc.string(), idToken: fc.string(), answers: fc.dictionary(fc.string({ maxLength: 10 }), jsonValue) }).map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'text/plain' })),
  fc.constant({ payload: '', type: 'application/json' }),
  fc.constant({ payload: '{"a":', type: 'application/x-www-form-urlencoded' }),
);
const query = fc.dictionary(fc.constantFrom('limit', 'offset', 'q', 'sort', 'placeId', 'city', 'from', 'to', 'status', 'upcoming', 'free', 'categoryId', 'x', 'limit[]'), fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), hexId), { maxKeys: 4 });

describe('property: malformed bodies, queries and ids never cause a 5xx', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: string;
  beforeAll(async () => {
    t = await testApp();
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
  });
  afterAll(() => t.close());

  it('holds on every route', async () => {
    // Signing out (here or everywhere) would leave the rest of the run anonymous.
    const routes = t.app.routes.filter((r) => r.url !== '/api/auth/logout' && !(r.method === 'DELETE' && r.url === '/api/me/sessions'));
    expect(routes.length).toBeGreaterThan(150);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.array(segment, { minLength: 3, maxLength: 3 }), query, body, fc.boolean(), async (route, segments, q, b, signedIn) => {
        let i = 0;
        const path = route.url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(segments[i++ % 3]!));
        const search = new URLSearchParams(q).toString();
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: `${path}${search ? `?${search}` : ''}`,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: b.payload }),
          headers: { ...(signedIn ? { cookie: admin } : {}), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': b.type }) },
        });
        if (res.statusCode >= 500) throw new Error(`${route.method} ${path}?${search} ${b.payload.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
          const error = res.json();
          expect(typeof error.message).toBe('string');
          expect(error.statusCode).toBe(res.statusCode);
        }
      }),
      { numRuns: 400 },
    );
  });
});
