import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { OPERATION_ROUTES } from '@sortie/core';

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
        // An integration without its keys answers an honest 503 (routes/authorization-matrix.ts marks them).
        const unconfigured = res.statusCode === 503 && AUTHORIZATION_MATRIX[`${route.method} ${route.url}`]?.unconfigured;
        if (res.statusCode >= 500 && !unconfigured) throw new Error(`${route.method} ${path}?${search} ${b.payload.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
          const error = res.json();
          expect(typeof error.message).toBe('string');
          expect(error.statusCode).toBe(res.statusCode);
        }
      }),
      { numRuns: 400 },
    );
  });

  // A NUL or half a surrogate pair, anywhere in a query or a body (a value, a key, deep in an array): 400 in French.
  const unstorable = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000b', 'é\ud83d', '\udc00x');
  const plant = (text: string, bad: string, at: number) => {
    const i = Math.min(at, text.length);
    return `${text.slice(0, i)}${bad}${text.slice(i)}`;
  };
  /** A JSON value holding `bad` somewhere: in a string, a key, or an array item, at some depth. */
  const poisoned = (bad: string) =>
    fc.oneof(
      fc.tuple(fc.string({ maxLength: 10 }), fc.nat(10)).map(([text, at]) => ({ email: 'a@b.fr', name: plant(text, bad, at) })),
      fc.tuple(fc.string({ maxLength: 10 }), fc.nat(10)).map(([text, at]) => ({ [plant(text, bad, at)]: 'valeur' })),
      fc.tuple(fc.string({ maxLength: 10 }), fc.nat(10)).map(([text, at]) => ({ answers: { q1: ['ok', { deep: plant(text, bad, at) }] } })),
      fc.tuple(fc.string({ maxLength: 10 }), fc.nat(10)).map(([text, at]) => plant(text, bad, at)),
    );

  const FILE_BODIES = new Set([OPERATION_ROUTES.uploadImage.path, '/api/me/avatar']);
  // The NUL is the point here (hence the rule's exception).
  // eslint-disable-next-line no-control-regex
  const UNSTORABLE_CHARS = /[\u0000\ud800-\udfff]/g;

  it('a NUL or a lone surrogate in any query or body field of every route answers 400 in French', async () => {
    const routes = t.app.routes.filter((r) => r.url !== '/api/auth/logout');
    // A fresh session: the other property may have ended the first one (sign out everywhere).
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        // Path segments a router accepts (the long or odd ones are the other property's): this one is about queries and bodies.
        fc.array(fc.oneof(hexId, fc.constantFrom(DEMO_IDS.firstEvent, DEMO_IDS.form, DEMO_IDS.raffle, DEMO_IDS.share, 'la-rue-ketanou', 'poitiers')), { minLength: 3, maxLength: 3 }),
        query,
        unstorable.chain((bad) => poisoned(bad).map((body) => ({ bad, body }))),
        fc.constantFrom('query-value', 'query-key', 'body'),
        fc.nat(40),
        // Signed in as admin: a route that checks who asks before it reads the input (an upload) answers 401 first to others.
        async (route, segments, q, { bad, body }, where, at) => {
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          // A file's bytes hold NULs as a matter of course: an upload's body is no text, its query is.
          const place = where === 'body' && (!hasBody || FILE_BODIES.has(route.url)) ? 'query-value' : where;
          let i = 0;
          const path = route.url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(segments[i++ % 3]!));
          const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, v.replace(UNSTORABLE_CHARS, '')]));
          // No UTF-8 spells half a surrogate pair: in an address, the bad character is the NUL (%00).
          const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\u0000'));
          let search = params.toString();
          if (place === 'query-value') search = `${search ? `${search}&` : ''}q=${encode(plant('texte', bad, at))}`;
          if (place === 'query-key') search = `${search ? `${search}&` : ''}${encode(plant('cle', bad, at))}=1`;
          // JSON escapes a lone surrogate (\ud800), which the server's parser gives back as it was.
          const payload = place === 'body' ? JSON.stringify(body) : undefined;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: `${path}${search ? `?${search}` : ''}`,
            ...(hasBody ? { payload: payload ?? '{}' } : {}),
            headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          });
          const what = `${route.method} ${path}?${search} ${payload ?? ''}`;
          if (res.statusCode !== 400) throw new Error(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
          expect(res.json().message, what).toMatch(/caractère invalide/);
        },
      ),
      { numRuns: 400 },
    );
  });
});
