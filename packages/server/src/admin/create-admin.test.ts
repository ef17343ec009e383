import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { AdminInputError, createAdmin } from './create-admin';

describe('sortie-admin create-admin', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('creates the admin account with the password asked for, which then signs in as admin', async () => {
    const { user, created } = await createAdmin(t.db, { email: 'Mairie@Ville.fr', name: 'La mairie', password: async () => 'mot-de-passe-long' });
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: 'mairie@ville.fr', displayName: 'La mairie', roles: ['admin'] });
    const cookie = await signIn(t.app, 'mairie@ville.fr', 'mot-de-passe-long');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'mairie@ville.fr', roles: ['admin'] });
    const audit = await t.db.query<{ actor_id: string | null; actor_label: string; after: unknown }>('SELECT * FROM audit_log WHERE target_id = $1', [user._id]);
    expect(audit.map((e) => [e.actor_id, e.actor_label, e.after])).toEqual([[null, 'sortie-admin', { roles: ['admin'] }]]);
  });

  it('gives an existing account the role without asking for or changing its password', async () => {
    let asked = false;
    const { user, created } = await createAdmin(t.db, {
      email: DEMO_ACCOUNTS.staff.email,
      password: async () => {
        asked = true;
        return 'jamais-utilise';
      },
    });
    expect([created, asked]).toEqual([false, false]);
    expect(user.roles).toEqual(['admin', 'staff']);
    await signIn(t.app, DEMO_ACCOUNTS.staff.email); // the demo password still works
  });

  it('refuses a short password or a malformed address, creating nothing', async () => {
    await expect(createAdmin(t.db, { email: 'court@ville.fr', password: async () => 'court' })).rejects.toThrow(/au moins 8 caractères/);
    await expect(createAdmin(t.db, { email: 'pas-une-adresse', password: async () => 'mot-de-passe-long' })).rejects.toBeInstanceOf(AdminInputError);
    expect(await t.db.query(`SELECT 1 FROM users WHERE email = 'court@ville.fr'`)).toEqual([]);
  });
});
