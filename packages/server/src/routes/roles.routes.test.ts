import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';

type AuditRow = { actor_id: string | null; actor_label: string; action: string; target_type: string; target_id: string; before: unknown; after: unknown };

describe.each(BACKENDS)('roles set by admins on %s', (backend) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await testApp({ backend, config: { adminEmail: 'nouvelle-admin@ville.fr' } });
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());
  const setRoles = (id: string, roles: unknown, cookie?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}/roles`, payload: { roles }, headers: cookie ? { cookie } : {} });
  const audit = (targetId: string) => t.db.query<AuditRow>('SELECT * FROM audit_log WHERE target_id = $1 ORDER BY id', [targetId]);

  it('lets an admin grant and withdraw staff, and records who changed what', async () => {
    const visitor = DEMO_IDS.users.visitor;
    const granted = await setRoles(visitor, ['staff'], admin);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ _id: visitor, roles: ['staff'] });
    // The account's next request already has the role: the session reads the account each time.
    const visitorCookie = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: visitorCookie } })).statusCode).toBe(200);

    expect((await setRoles(visitor, [], admin)).json()).toMatchObject({ roles: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: visitorCookie } })).statusCode).toBe(403);

    const entries = await audit(visitor);
    expect(entries.map((e) => [e.action, e.actor_id, e.actor_label, e.before, e.after])).toEqual([
      ['user.roles', DEMO_IDS.users.admin, DEMO_ACCOUNTS.admin.email, { roles: [] }, { roles: ['staff'] }],
      ['user.roles', DEMO_IDS.users.admin, DEMO_ACCOUNTS.admin.email, { roles: ['staff'] }, { roles: [] }],
    ]);
  });

  it('is for admins only: 401 signed out, 403 for staff, 400 for an unknown role', async () => {
    expect((await setRoles(DEMO_IDS.users.visitor, ['admin'])).statusCode).toBe(401);
    expect((await setRoles(DEMO_IDS.users.visitor, ['admin'], staff)).statusCode).toBe(403);
    expect((await setRoles(DEMO_IDS.users.visitor, ['superuser'], admin)).statusCode).toBe(400);
    expect((await setRoles('0123456789abcdef01234567', ['staff'], admin)).statusCode).toBe(404);
  });

  it('never takes the admin role from the last admin, in French, and changes nothing', async () => {
    const refused = await setRoles(DEMO_IDS.users.admin, ['staff'], admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LAST_ADMIN', message: expect.stringContaining('dernier compte administrateur') });
    const [row] = await t.db.query<{ data: { roles: string[] } }>('SELECT data FROM users WHERE id = $1', [DEMO_IDS.users.admin]);
    expect(row!.data.roles).toEqual(['admin']);

    // With a second admin, the first may step down.
    await setRoles(DEMO_IDS.users.staff, ['admin', 'staff'], admin);
    expect((await setRoles(DEMO_IDS.users.admin, [], admin)).statusCode).toBe(200);
    await setRoles(DEMO_IDS.users.admin, ['admin'], await signIn(t.app, DEMO_ACCOUNTS.staff.email));
    await setRoles(DEMO_IDS.users.staff, ['staff'], admin);
  });

  it('keeps roles out of the generic PATCH and POST, which would bypass the rule and the log', async () => {
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/users/${DEMO_IDS.users.visitor}`, payload: { displayName: 'Valentine V.', roles: ['admin'] }, headers: { cookie: admin } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ displayName: 'Valentine V.', roles: [] });
    const created = await t.app.inject({ method: 'POST', url: '/api/users', payload: { displayName: 'Nouveau', email: 'nouveau-roles@ville.fr', roles: ['admin'] }, headers: { cookie: admin } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ roles: [] });
  });

  it('gives SORTIE_ADMIN_EMAIL the admin role at its first sign-in only', async () => {
    const signUp = await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email: 'Nouvelle-Admin@ville.fr', password: 'un-mot-de-passe' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: signUp.json().idToken } });
    const user = login.json().user as { _id: string; roles: string[] };
    expect(user.roles).toEqual(['admin']);
    expect((await audit(user._id)).map((e) => [e.actor_id, e.actor_label, e.after])).toEqual([[null, 'SORTIE_ADMIN_EMAIL', { roles: ['admin'] }]]);

    // Withdrawn by an admin, the role is not given back at the next sign-in.
    expect((await setRoles(user._id, [], admin)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: signUp.json().idToken } });
    expect(again.json().user.roles).toEqual([]);
  });
  it('never deletes the last admin\'s account, and records the deletion of any other', async () => {
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/users/${DEMO_IDS.users.admin}`, headers: { cookie: admin } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/dernier compte administrateur/);
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [DEMO_IDS.users.admin])).toHaveLength(1);

    const created = await t.app.inject({ method: 'POST', url: '/api/users', payload: { displayName: 'Éphémère', email: 'ephemere@ville.fr' }, headers: { cookie: admin } });
    const id = created.json()._id as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: { cookie: admin } })).statusCode).toBe(204);
    expect((await audit(id)).map((e) => [e.action, e.actor_id, e.before, e.after])).toEqual([
      // The generic CRUD logs the creation; the account's guard logs its deletion (once).
      ['users.create', DEMO_IDS.users.admin, null, { displayName: 'Éphémère', email: 'ephemere@ville.fr', roles: [] }],
      ['user.delete', DEMO_IDS.users.admin, { email: 'ephemere@ville.fr', roles: [] }, null],
    ]);
  });
});
