import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_LOCK_MS } from '@sortie/core';
import { buildApp, type SortieApp } from '../app';
import { memoryTransport } from '../jobs/mail-transport';
import { testApp, testConfig } from '../testing/test-app';
import { identityMailsSettled } from './identity';

const MINUTE = 60_000;
const LOCK_SUBJECT = 'Connexions à votre compte suspendues pendant 15 minutes';

describe('wrong passwords counted per account, from any addresses (issue 30)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  // The app's clock: the count and the suspension follow it, so no test waits.
  let clock = Date.now();
  beforeAll(async () => {
    // The per-address limit as in production (10 a minute): each address below tries once, far under it.
    t = await testApp({ now: () => clock, config: { signInRateLimit: 10 } });
  });
  afterAll(() => t.close());

  const signInFrom = (ip: string, email: string, password: string, app: SortieApp = t.app) =>
    app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email, password }, remoteAddress: ip });
  /** 127.0.0.2, 127.0.0.3, …: one loopback address per attempt. */
  const loopback = (n: number) => `127.0.0.${n}`;
  async function account(email: string, password: string) {
    const created = await t.app.inject({ method: 'POST', url: '/api/identity/signUp', payload: { email, password, displayName: 'Lou' }, remoteAddress: '192.0.2.1' });
    expect(created.statusCode).toBe(201);
  }
  /** The mails that reached `to` (as they left), once the mails after the answers are written. */
  const received = async (to: string) => {
    await identityMailsSettled();
    return t.outbox.filter((mail) => mail.to === to);
  };

  it('answers 429 in French from the 11th wrong password on, the right one included, for 15 minutes, and mails the owner once', async () => {
    const email = 'lou@exemple.fr';
    await account(email, 'le-bon-mot-de-passe');
    const answers = [];
    for (let n = 2; n <= 13; n++) answers.push(await signInFrom(loopback(n), email, `mauvais-${n}`));
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(SIGN_IN_FAILURES_PER_ACCOUNT).fill(401), 429, 429]);
    expect(answers[0]!.json().message).toBe('Adresse e-mail ou mot de passe incorrect.');
    for (const refused of answers.slice(10)) {
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: 'Trop de mots de passe erronés pour ce compte : par sécurité, les connexions y sont suspendues. Réessayez dans 15 min, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».' });
      expect(Number(refused.headers['retry-after'])).toBe(SIGN_IN_LOCK_MS / 1000);
    }

    // The right password, from yet another address: refused too while the suspension lasts.
    expect((await signInFrom(loopback(14), email, 'le-bon-mot-de-passe')).statusCode).toBe(429);
    clock += 10 * MINUTE;
    const later = await signInFrom(loopback(15), email, 'le-bon-mot-de-passe');
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toContain('Réessayez dans 5 min');
    clock += 5 * MINUTE - 1000;
    expect((await signInFrom(loopback(16), email, 'le-bon-mot-de-passe')).statusCode).toBe(429);
    clock += 1000;
    const after = await signInFrom(loopback(17), email, 'le-bon-mot-de-passe');
    expect(after.statusCode).toBe(200);
    expect(after.json().idToken).toEqual(expect.any(String));

    // One mail to the owner, however many refusals: it says so, with a reset link.
    const locks = (await received(email)).filter((mail) => mail.subject === LOCK_SUBJECT);
    expect(locks).toHaveLength(1);
    expect(locks[0]!.text).toContain('10 mots de passe erronés viennent d’être essayés sur votre compte Sortie en moins de 15 minutes.');
    expect(locks[0]!.text).toMatch(/Choisir un nouveau mot de passe : http:\/\/\S+\/account\/reset\?token=[A-Za-z0-9_-]{43}\n/);
    // The mail log keeps it without the link.
    const [logged] = await t.db.query<{ text: string }>(`SELECT text FROM mails WHERE "to" = $1 AND subject = $2`, [email, LOCK_SUBJECT]);
    expect(logged!.text).toContain('Choisir un nouveau mot de passe : [lien personnel masqué]');
    expect(logged!.text).not.toContain('token=');
  });

  it('the link in that mail sets a new password, and the owner signs in with it at once', async () => {
    const email = 'max@exemple.fr';
    await account(email, 'ancien-mot-de-passe');
    for (let n = 2; n <= 12; n++) await signInFrom(loopback(n), email, `mauvais-${n}`);
    expect((await signInFrom(loopback(13), email, 'ancien-mot-de-passe')).statusCode).toBe(429);
    const [mail] = (await received(email)).filter((m) => m.subject === LOCK_SUBJECT);
    const token = /\/account\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/identity/passwordReset/confirm', payload: { token, password: 'nouveau-mot-de-passe' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signInFrom(loopback(14), email, 'ancien-mot-de-passe')).statusCode).toBe(401);
    expect((await signInFrom(loopback(15), email, 'nouveau-mot-de-passe')).statusCode).toBe(200);
  });

  it('answers an address without an account exactly as an account, and mails nobody', async () => {
    const known = 'noe@exemple.fr';
    const unknown = 'personne-ici@exemple.fr';
    await account(known, 'le-bon-mot-de-passe');
    await identityMailsSettled();
    const before = t.outbox.length;
    for (let n = 2; n <= 13; n++) {
      const [forKnown, forUnknown] = [await signInFrom(loopback(n), known, `mauvais-${n}`), await signInFrom(loopback(n + 100), unknown, `mauvais-${n}`)];
      expect(forUnknown.statusCode).toBe(forKnown.statusCode);
      expect(forUnknown.body).toBe(forKnown.body);
      expect(forUnknown.headers['retry-after']).toBe(forKnown.headers['retry-after']);
    }
    expect((await signInFrom(loopback(20), unknown, 'nimporte-quoi')).statusCode).toBe(429);
    await identityMailsSettled();
    expect(t.outbox.slice(before).map((mail) => mail.to)).toEqual([known]);
    expect(await t.db.query(`SELECT 1 FROM mails WHERE "to" = $1`, [unknown])).toHaveLength(0);
  });

  it('forgets the wrong passwords before a sign-in that worked', async () => {
    const email = 'ana@exemple.fr';
    await account(email, 'le-bon-mot-de-passe');
    for (let n = 2; n <= 10; n++) expect((await signInFrom(loopback(n), email, 'mauvais-mot-de-passe')).statusCode).toBe(401);
    expect((await signInFrom(loopback(11), email, 'le-bon-mot-de-passe')).statusCode).toBe(200);
    for (let n = 12; n <= 20; n++) expect((await signInFrom(loopback(n), email, 'mauvais-mot-de-passe')).statusCode).toBe(401);
    expect((await signInFrom(loopback(21), email, 'le-bon-mot-de-passe')).statusCode).toBe(200);
  });

  it('counts in the shared table: attempts spread over two server processes lock the account on both', async () => {
    const email = 'zoe@exemple.fr';
    await account(email, 'le-bon-mot-de-passe');
    // A second server on the same database, as a second node behind a load balancer.
    const other = await buildApp({ db: t.db, config: testConfig({ signInRateLimit: 10 }), now: () => clock, mailTransport: memoryTransport(t.outbox) });
    try {
      for (let n = 2; n <= 11; n++) expect((await signInFrom(loopback(n), email, 'mauvais-mot-de-passe', n % 2 ? other : t.app)).statusCode).toBe(401);
      expect((await signInFrom(loopback(12), email, 'le-bon-mot-de-passe', t.app)).statusCode).toBe(429);
      expect((await signInFrom(loopback(13), email, 'le-bon-mot-de-passe', other)).statusCode).toBe(429);
      expect((await received(email)).filter((mail) => mail.subject === LOCK_SUBJECT)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
