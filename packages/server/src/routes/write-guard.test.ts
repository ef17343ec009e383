import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceName } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Write {
  method: Method;
  /** The route as Fastify registered it (`:id`). */
  route: string;
  /** Who may call it: staff (or admin), admin only, any signed-in user, or anyone. */
  who: 'staff' | 'admin' | 'user' | 'anyone';
}

const NO_ID = '0123456789abcdef01234567';

/** Every write of the server, each with who may do it. A write missing here fails the coverage test. */
const WRITES: Write[] = [
  ...(Object.keys(RESOURCES) as ResourceName[]).flatMap((resource): Write[] => {
    const { apiPath, write } = RESOURCES[resource];
    const who = write === 'owner' ? 'user' : write;
    return [
      { method: 'POST', route: `/api/${apiPath}`, who },
      { method: 'PATCH', route: `/api/${apiPath}/:id`, who },
      { method: 'DELETE', route: `/api/${apiPath}/:id`, who },
    ];
  }),
  { method: 'POST', route: '/api/raffles/:id/commit', who: 'staff' },
  { method: 'POST', route: '/api/raffles/:id/draw', who: 'staff' },
  { method: 'POST', route: '/api/dashboard/tasks/:id/run', who: 'staff' },
  { method: 'POST', route: '/api/collectors/:id/run', who: 'staff' },
  { method: 'PUT', route: '/api/users/notificationPreferences', who: 'user' },
  { method: 'PUT', route: '/api/users/:id/roles', who: 'admin' },
  { method: 'POST', route: '/api/dashboard/cache/purge', who: 'staff' },
  { method: 'PUT', route: '/api/me/likes/:eventId', who: 'user' },
  { method: 'DELETE', route: '/api/me/likes/:eventId', who: 'user' },
  { method: 'POST', route: '/api/me/follows', who: 'user' },
  { method: 'DELETE', route: '/api/me/follows/:id', who: 'user' },
  { method: 'PUT', route: '/api/me/notifications/:id/read', who: 'user' },
  { method: 'PUT', route: '/api/me/notifications/read', who: 'user' },
  { method: 'POST', route: '/api/me/apiKeys', who: 'staff' },
  { method: 'DELETE', route: '/api/me/apiKeys/:id', who: 'user' },
  { method: 'POST', route: '/api/me/pushSubscriptions', who: 'user' },
  { method: 'DELETE', route: '/api/me/pushSubscriptions/:id', who: 'user' },
  { method: 'DELETE', route: '/api/me', who: 'user' },
  { method: 'POST', route: '/api/images/upload', who: 'staff' },
  { method: 'POST', route: '/api/announcements', who: 'staff' },
  { method: 'PATCH', route: '/api/me/profile', who: 'user' },
  { method: 'PUT', route: '/api/me/avatar', who: 'user' },
  // Open to visitors by design (SPEC.md §7): sign-in, form and raffle entries, visits and views.
  { method: 'POST', route: '/api/identity/signUp', who: 'anyone' },
  { method: 'POST', route: '/api/identity/signIn', who: 'anyone' },
  { method: 'POST', route: '/api/auth/login/web', who: 'anyone' },
  { method: 'POST', route: '/api/auth/logout', who: 'anyone' },
  // Issue 22: the mailed links carry their proof (a one-time token); a reset request answers alike for any address.
  { method: 'POST', route: '/api/identity/verifyEmail', who: 'anyone' },
  { method: 'POST', route: '/api/identity/passwordReset', who: 'anyone' },
  { method: 'POST', route: '/api/identity/passwordReset/confirm', who: 'anyone' },
  { method: 'POST', route: '/api/identity/verifyEmail/resend', who: 'user' },
  { method: 'POST', route: '/api/me/password', who: 'user' },
  { method: 'POST', route: '/api/me/email', who: 'user' },
  { method: 'DELETE', route: '/api/me/sessions', who: 'user' },
  { method: 'DELETE', route: '/api/me/sessions/:id', who: 'user' },
  { method: 'POST', route: '/api/forms/:id/entries', who: 'anyone' },
  { method: 'POST', route: '/api/raffles/:id/entries', who: 'anyone' },
  // The link mailed to an entry: its token is the proof, no session needed.
  { method: 'POST', route: '/api/raffles/:id/entries/confirm', who: 'anyone' },
  { method: 'PUT', route: '/api/dynaLinks/shortCode', who: 'anyone' },
  { method: 'PUT', route: '/api/dynaLinks/:id/visit', who: 'anyone' },
  { method: 'PUT', route: '/api/shares/:id/addView', who: 'anyone' },
  { method: 'POST', route: '/api/stripe/checkout', who: 'staff' },
  { method: 'POST', route: '/api/stripe/portal', who: 'user' },
  // Stripe's webhook: its signature is the proof (refused with 400 when wrong).
  { method: 'POST', route: '/api/stripe/webhook', who: 'anyone' },
  { method: 'POST', route: '/api/dashboard/instagram/events/:id/publish', who: 'staff' },
  { method: 'POST', route: '/api/dashboard/brightdata/test', who: 'staff' },
  { method: 'POST', route: '/api/dashboard/diagnostics/:check', who: 'admin' },
  // Issue 35: series, and a place's or organisation's federation.
  { method: 'POST', route: '/api/series', who: 'staff' },
  { method: 'PATCH', route: '/api/series/:id', who: 'staff' },
  { method: 'PATCH', route: '/api/series/:id/occurrences/:eventId', who: 'staff' },
  { method: 'PUT', route: '/api/federation/:kind/:id', who: 'staff' },
  { method: 'POST', route: '/api/federation/:kind/:id/following', who: 'staff' },
];

describe('every write is refused without the right session', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: string;
  let visitor: string;
  /** An existing record per API path, so a refusal cannot be a mere 404. */
  const existing = new Map<string, string>();
  beforeAll(async () => {
    t = await testApp();
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    for (const resource of Object.keys(RESOURCES) as ResourceName[]) {
      const { apiPath } = RESOURCES[resource];
      const query = resource === 'events' ? '?upcoming=false&limit=1' : '?limit=1';
      const res = await t.app.inject({ method: 'GET', url: `/api/${apiPath}${query}`, headers: { cookie: admin } });
      const first = res.statusCode === 200 ? (res.json() as { items: Array<{ _id: string }> }).items[0] : undefined;
      if (first) existing.set(apiPath, first._id);
    }
  });
  afterAll(() => t.close());

  const urlOf = (write: Write) => {
    const apiPath = write.route.split('/')[2]!;
    const id = write.route.startsWith('/api/raffles/') ? DEMO_IDS.raffle : (existing.get(apiPath) ?? NO_ID);
    return write.route.replace(':eventId', DEMO_IDS.firstEvent).replace(':kind', 'places').replace(':id', id);
  };
  const send = (write: Write, cookie?: string) =>
    t.app.inject({ method: write.method, url: urlOf(write), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: '{}' });

  it('lists every write route the server has', () => {
    const writes = t.app.routes.filter((r) => r.method !== 'GET' && r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    const listed = new Set(WRITES.map((w) => `${w.method} ${w.route}`));
    expect(writes.filter((w) => !listed.has(w))).toEqual([]);
    expect([...listed].filter((w) => !writes.includes(w))).toEqual([]);
  });

  const guarded = WRITES.filter((w) => w.who !== 'anyone');
  it.each(guarded.map((w) => [`${w.method} ${w.route}`, w] as const))('%s answers 401 without a session', async (_name, write) => {
    expect((await send(write)).statusCode).toBe(401);
  });

  const staffOnly = WRITES.filter((w) => w.who === 'staff' || w.who === 'admin');
  it.each(staffOnly.map((w) => [`${w.method} ${w.route}`, w] as const))('%s answers 403 to a visiteur', async (_name, write) => {
    const res = await send(write, visitor);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Réservé|refusé/);
  });
});
