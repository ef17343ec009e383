import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';
import { identityMailsSettled } from './identity';

describe('changing one’s e-mail address, proven by a link to the new one', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json() as { email: string; emailVerified: boolean };
  async function tokenMailedTo(to: string): Promise<string> {
    await identityMailsSettled();
    // The mail as it reached `to` (the mail log's copy masks the link).
    const mail = t.outbox.filter((m) => m.to === to && m.text.includes('/account/verify?token=')).at(-1);
    const match = mail?.text.match(/\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no link mailed to ${to}`);
    return match[1]!;
  }
  async function account(email: string) {
    expect((await post('/api/identity/signUp', { email, password: 'mot-de-passe-1', displayName: 'Jo' })).statusCode).toBe(201);
    return signIn(t.app, email, 'mot-de-passe-1');
  }

  it('keeps the address until the link mailed to the new one is followed, then uses it verified; the link works once', async () => {
    const cookie = await account('jo.ancienne@exemple.fr');
    const asked = await post('/api/me/email', { email: 'Jo.Nouvelle@exemple.fr', password: 'mot-de-passe-1' }, cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toMatch(/jo\.nouvelle@exemple\.fr/);
    expect((await me(cookie)).email).toBe('jo.ancienne@exemple.fr');
    // The current address is told.
    await identityMailsSettled();
    expect((await t.db.query(`SELECT 1 FROM mails WHERE "to" = 'jo.ancienne@exemple.fr' AND subject = 'Changement d’adresse demandé'`)).length).toBe(1);

    const token = await tokenMailedTo('jo.nouvelle@exemple.fr');
    const followed = await post('/api/identity/verifyEmail', { token });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json().message).toBe('C’est fait : jo.nouvelle@exemple.fr est désormais l’adresse de votre compte.');
    expect(await me(cookie)).toMatchObject({ email: 'jo.nouvelle@exemple.fr', emailVerified: true });
    expect((await post('/api/identity/verifyEmail', { token })).statusCode).toBe(400);
    // Signing in now takes the new address.
    expect((await post('/api/identity/signIn', { email: 'jo.nouvelle@exemple.fr', password: 'mot-de-passe-1' })).statusCode).toBe(200);
  });

  it('refuses a wrong password, an address another account has, and a link past its 24 hours', async () => {
    const cookie = await account('lou@exemple.fr');
    expect((await post('/api/me/email', { email: 'lou2@exemple.fr', password: 'faux' }, cookie)).json().message).toBe('Le mot de passe est incorrect.');
    const taken = await post('/api/me/email', { email: DEMO_ACCOUNTS.staff.email, password: 'mot-de-passe-1' }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Cette adresse est déjà celle d’un autre compte.');

    expect((await post('/api/me/email', { email: 'lou.plus.tard@exemple.fr', password: 'mot-de-passe-1' }, cookie)).statusCode).toBe(202);
    const token = await tokenMailedTo('lou.plus.tard@exemple.fr');
    clock += 24 * 3600_000 + 1;
    expect((await post('/api/identity/verifyEmail', { token })).statusCode).toBe(400);
    expect((await me(cookie)).email).toBe('lou@exemple.fr');
    expect((await post('/api/me/email', { email: 'x@exemple.fr', password: 'mot-de-passe-1' })).statusCode).toBe(401);
  });
});
