import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { TokenService } from './tokens';
import { PRODUCTION_SCRYPT_N, hashPassword, scryptCost, verifyPassword } from './passwords';

const PROJECT = 'sortie-test';

async function firebaseKit() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'cle-1', alg: 'RS256', use: 'sig' };
  const keys = createLocalJWKSet({ keys: [jwk] });
  const token = (claims: Record<string, unknown> = {}, options: { kid?: string; iss?: string; aud?: string; exp?: number; sub?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: 'firebase@exemple.fr', name: 'Fanny Firebase', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'cle-1' })
      .setIssuer(options.iss ?? `https://securetoken.google.com/${PROJECT}`)
      .setAudience(options.aud ?? PROJECT)
      .setSubject(options.sub ?? 'uid-firebase-1')
      .setIssuedAt(now - 10)
      .setExpirationTime(options.exp ?? now + 3600)
      .sign(privateKey);
  };
  return { keys, token };
}

describe('passwords', () => {
  it('hashes with scrypt and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('hashes at OWASP’s floor (N=2^15) everywhere but under vitest, and checks a hash with the cost written in it', async () => {
    expect(scryptCost({ NODE_ENV: 'production' })).toBe(PRODUCTION_SCRYPT_N);
    expect(scryptCost({})).toBe(32768);
    expect(scryptCost({ NODE_ENV: 'development' })).toBe(32768);
    expect(scryptCost({ NODE_ENV: 'test' })).toBe(1024);
    // A hash written by a production server, checked here at its own cost.
    const salt = randomBytes(16);
    const key = scryptSync('correct horse', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });
});

describe('Firebase ID tokens', () => {
  it('accepts a valid token and refuses wrong kid, audience, issuer, expiry and subject', async () => {
    const { keys, token } = await firebaseKit();
    const tokens = new TokenService('secret-secret-secret', PROJECT, keys);
    await expect(tokens.verify(await token())).resolves.toMatchObject({ provider: 'firebase', subject: 'uid-firebase-1', email: 'firebase@exemple.fr' });
    await expect(tokens.verify(await token({}, { kid: 'autre' }))).rejects.toThrow('Jeton d’identité invalide');
    await expect(tokens.verify(await token({}, { aud: 'autre-projet' }))).rejects.toThrow('Jeton d’identité invalide');
    await expect(tokens.verify(await token({}, { iss: 'https://securetoken.google.com/autre' }))).rejects.toThrow('Jeton d’identité invalide');
    await expect(tokens.verify(await token({}, { exp: Math.floor(Date.now() / 1000) - 60 }))).rejects.toThrow('Jeton d’identité invalide');
    await expect(tokens.verify(await token({}, { sub: 'x'.repeat(129) }))).rejects.toThrow('Jeton d’identité invalide');
    await expect(tokens.verify('pas.un.jeton')).rejects.toThrow('Jeton d’identité invalide');
  });

  it('refuses Firebase tokens when no project is configured', async () => {
    const { keys, token } = await firebaseKit();
    await expect(new TokenService('secret-secret-secret', null, keys).verify(await token())).rejects.toThrow('Jeton d’identité invalide');
  });

  it('expires our own idTokens after an hour', async () => {
    let now = Date.now();
    const tokens = new TokenService('secret-secret-secret', null, undefined, () => now);
    const idToken = await tokens.issue({ id: DEMO_IDS.users.visitor, email: 'v@exemple.fr' });
    await expect(tokens.verify(idToken)).resolves.toMatchObject({ provider: 'local', subject: DEMO_IDS.users.visitor });
    now += 3601_000;
    await expect(tokens.verify(idToken)).rejects.toThrow('Jeton d’identité invalide');
  });
});

describe('session, origin and rate limit over HTTP', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let kit: Awaited<ReturnType<typeof firebaseKit>>;
  beforeAll(async () => {
    kit = await firebaseKit();
    t = await testApp({
      config: { signInRateLimit: 10, firebase: { projectId: PROJECT, apiKey: 'cle', authDomain: `${PROJECT}.firebaseapp.com`, appId: 'app', messagingSenderId: undefined }, allowedOrigins: ['https://app.sortie.fr'] },
      googleKeys: kit.keys,
    });
  });
  afterAll(() => t.close());

  it('creates the account of a Firebase user on first login and says so in /api/config', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: await kit.token(), messagingToken: 'fcm-1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: 'firebase@exemple.fr', displayName: 'Fanny Firebase' });
    expect(login.json().sessionToken).toEqual(expect.any(String));
    const fromBrowser = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: await kit.token() }, headers: { origin: 'https://app.sortie.fr' } });
    expect(fromBrowser.json()).not.toHaveProperty('sessionToken');
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken: await kit.token() } });
    expect(again.json().user._id).toBe(login.json().user._id);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ identityProvider: 'firebase', firebase: { projectId: PROJECT } });
  });

  it('refuses to link a Firebase identity to an existing account unless the provider vouches for the address', async () => {
    const admin = DEMO_ACCOUNTS.admin.email;
    const unverified = await t.app.inject({ method: 'POST', remoteAddress: '10.22.0.1', url: '/api/auth/login/web', payload: { idToken: await kit.token({ email: admin, email_verified: false }, { sub: 'uid-pirate' }) } });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Un compte existe déjà avec cette adresse. Connectez-vous avec votre méthode habituelle, ou vérifiez votre adresse e-mail auprès de votre fournisseur.',
    });
    expect(unverified.cookies).toEqual([]);
    // Saying nothing of the address is not vouching for it either.
    const silent = await t.app.inject({ method: 'POST', remoteAddress: '10.22.0.2', url: '/api/auth/login/web', payload: { idToken: await kit.token({ email: admin }, { sub: 'uid-pirate' }) } });
    expect(silent.statusCode).toBe(403);
    const [row] = await t.db.query<{ firebase_uid: string | null }>('SELECT firebase_uid FROM users WHERE id = $1', [DEMO_IDS.users.admin]);
    expect(row!.firebase_uid).toBeNull();

    const verified = await t.app.inject({ method: 'POST', remoteAddress: '10.22.0.3', url: '/api/auth/login/web', payload: { idToken: await kit.token({ email: admin, email_verified: true }, { sub: 'uid-alice' }) } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ _id: DEMO_IDS.users.admin, roles: ['admin'], emailVerified: true });
  });

  it('links a Google or Apple sign-in by its address (their provider owns it), and creates an unverified account otherwise', async () => {
    const google = await t.app.inject({
      method: 'POST', remoteAddress: '10.22.0.5',
      url: '/api/auth/login/web',
      payload: { idToken: await kit.token({ email: DEMO_ACCOUNTS.staff.email, firebase: { sign_in_provider: 'google.com' } }, { sub: 'uid-samir-google' }) },
    });
    expect(google.statusCode).toBe(200);
    expect(google.json().user._id).toBe(DEMO_IDS.users.staff);
    const stranger = await t.app.inject({
      method: 'POST', remoteAddress: '10.22.0.6',
      url: '/api/auth/login/web',
      payload: { idToken: await kit.token({ email: 'nouveau@exemple.fr', email_verified: false, firebase: { sign_in_provider: 'password' } }, { sub: 'uid-nouveau' }) },
    });
    expect(stranger.json().user).toMatchObject({ email: 'nouveau@exemple.fr', emailVerified: false });
    // Verified since at Firebase: the next sign-in says so, and the account follows.
    const later = await t.app.inject({ method: 'POST', remoteAddress: '10.22.0.4', url: '/api/auth/login/web', payload: { idToken: await kit.token({ email: 'nouveau@exemple.fr', email_verified: true }, { sub: 'uid-nouveau' }) } });
    expect(later.json().user).toMatchObject({ _id: stranger.json().user._id, emailVerified: true });
  });

  it('sets a Secure __Host- cookie behind https', async () => {
    const { idToken } = (await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: DEMO_ACCOUNTS.staff.email, password: 'sortie-demo' } })).json();
    const secure = await testApp({ db: t.db, config: { secureCookies: true } });
    const login = await secure.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken } });
    // The session's cookie, beside the device's (sortie_device, which recognises the browser at its next sign-in).
    const cookie = login.cookies.find((c) => c.name.endsWith('sortie_session'))!;
    expect(cookie).toMatchObject({ name: '__Host-sortie_session', httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    const me = await secure.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(me.json().email).toBe(DEMO_ACCOUNTS.staff.email);
    await secure.app.close();
  });

  it('makes the cookie Secure when a trusted proxy says the request came over https, without the operator flag', async () => {
    const session = (login: { cookies: Array<{ name: string; secure?: boolean }> }) => login.cookies.find((c) => c.name.endsWith('sortie_session'));
    const { idToken } = (await t.app.inject({ method: 'POST', remoteAddress: '10.22.0.7', url: '/api/identity/signIn', payload: { email: DEMO_ACCOUNTS.staff.email, password: 'sortie-demo' } })).json();
    const proxied = await testApp({ db: t.db, config: { trustProxy: true, secureCookies: false } });
    try {
      const overHttps = await proxied.app.inject({ method: 'POST', remoteAddress: '10.22.0.8', url: '/api/auth/login/web', payload: { idToken }, headers: { 'x-forwarded-proto': 'https' } });
      expect(session(overHttps)).toMatchObject({ name: '__Host-sortie_session', secure: true, httpOnly: true });
      const overHttp = await proxied.app.inject({ method: 'POST', remoteAddress: '10.22.0.9', url: '/api/auth/login/web', payload: { idToken }, headers: { 'x-forwarded-proto': 'http' } });
      expect(session(overHttp)).toMatchObject({ name: 'sortie_session' });
      expect(session(overHttp)!.secure).toBeFalsy();
    } finally {
      await proxied.app.close();
    }
    // Without a trusted proxy, the header is anybody's: it changes nothing.
    const direct = await t.app.inject({ method: 'POST', remoteAddress: '10.22.0.10', url: '/api/auth/login/web', payload: { idToken }, headers: { 'x-forwarded-proto': 'https' } });
    expect(session(direct)).toMatchObject({ name: 'sortie_session' });
    expect(session(direct)!.secure).toBeFalsy();
  });

  it('refuses a state-changing request from another origin, accepts its own, the allowed ones and none', async () => {
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    const like = (origin?: string) =>
      t.app.inject({ method: 'PUT', url: `/api/me/likes/${DEMO_IDS.firstEvent}`, headers: { cookie, host: 'localhost:3000', ...(origin ? { origin } : {}) } });
    const refused = await like('https://pirate.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Origine refusée.');
    expect((await like('http://localhost:3000')).statusCode).toBe(200);
    expect((await like('https://app.sortie.fr')).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(200);
    // Reads are never refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/events?limit=1', headers: { origin: 'https://pirate.example' } })).statusCode).toBe(200);
  });

  it('answers 429 after 10 sign-in attempts a minute from one IP', async () => {
    // A different account each time: the per-account limit (sign-in-lock.routes.test.ts) stays out of this count.
    const attempt = (i: number) => t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: `inconnu${i}@exemple.fr`, password: 'mauvais-mot' }, remoteAddress: '10.1.2.3' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(i)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const limited = await attempt(11);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // Another IP is not affected.
    expect((await t.app.inject({ method: 'POST', url: '/api/identity/signIn', payload: { email: 'inconnu@exemple.fr', password: 'mauvais-mot' }, remoteAddress: '10.9.9.9' })).statusCode).toBe(401);
  });
});
