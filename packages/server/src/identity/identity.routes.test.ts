import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp } from '../testing/test-app';
import type { SortieApp } from '../app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { identityMailsSettled, isEmailVerified } from './identity';

const HOUR = 3600_000;
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('verified e-mails, password reset and sessions (issue 22)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  // The server's clock, moved by the tests (links expire by it).
  let clock = Date.now();
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), headers: cookie ? { cookie } : {} }) as Promise<Awaited<ReturnType<SortieApp['inject']>>>;
  /** The token of the newest link to `path` that reached `to` (the mail as it left, not the masked copy of the mail log), once the mails have left. */
  async function linkIn(to: string, path: string): Promise<string> {
    await identityMailsSettled();
    const mail = t.outbox.filter((m) => m.to === to && m.text.includes(`${path}?token=`)).at(-1);
    const match = mail?.text.match(/\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no ${path} mail to ${to}`);
    return match[1]!;
  }
  const mailCount = async (to: string) => {
    await identityMailsSettled();
    return Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM mails WHERE "to" = $1`, [to]))[0]!.n);
  };
  async function signUp(email: string, password = 'mot-de-passe-1') {
    const created = await post('/api/identity/signUp', { email, password, displayName: 'Nina' });
    expect(created.statusCode).toBe(201);
    return signIn(t.app, email, password);
  }
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  it('mails a one-time link on sign-up that proves the address, once, for 24 hours', async () => {
    const cookie = await signUp('nina@exemple.fr');
    expect((await me(cookie)).json()).toMatchObject({ email: 'nina@exemple.fr', emailVerified: false });
    const userId = (await me(cookie)).json()._id as string;
    expect(await isEmailVerified(t.db, userId)).toBe(false);

    const token = await linkIn('nina@exemple.fr', '/account/verify');
    const [stored] = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM identity_tokens WHERE user_id = $1', [userId]);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    const verified = await post('/api/identity/verifyEmail', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ emailVerified: true, message: 'Merci : votre adresse e-mail est vérifiée.' });
    expect((await me(cookie)).json().emailVerified).toBe(true);
    expect(await isEmailVerified(t.db, userId)).toBe(true);

    const again = await post('/api/identity/verifyEmail', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK', message: expect.stringContaining('déjà servi ou il a expiré') });
  });

  it('refuses a verification link past 24 hours, and a malformed one with a 400 in French', async () => {
    await signUp('tard@exemple.fr');
    const token = await linkIn('tard@exemple.fr', '/account/verify');
    clock += 24 * HOUR + 1000;
    try {
      expect((await post('/api/identity/verifyEmail', { token })).json()).toMatchObject({ statusCode: 400, code: 'INVALID_LINK' });
    } finally {
      clock -= 24 * HOUR + 1000;
    }
    const malformed = await post('/api/identity/verifyEmail', { token: 'court' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Le lien est incomplet');
  });

  it('resends the link to a signed-in account, three times an hour at most; demo accounts are verified already', async () => {
    const cookie = await signUp('renvoi@exemple.fr');
    for (let i = 0; i < 2; i++) expect((await post('/api/identity/verifyEmail/resend', undefined, cookie)).statusCode).toBe(202);
    const refused = await post('/api/identity/verifyEmail/resend', undefined, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('Plusieurs liens vous ont déjà été envoyés');
    expect(await mailCount('renvoi@exemple.fr')).toBe(3);
    expect((await post('/api/identity/verifyEmail/resend')).statusCode).toBe(401);

    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    expect((await me(visitor)).json().emailVerified).toBe(true);
    expect((await post('/api/identity/verifyEmail/resend', undefined, visitor)).json().message).toBe('Votre adresse e-mail est déjà vérifiée.');
    expect(await isEmailVerified(t.db, DEMO_IDS.users.visitor)).toBe(true);
  });

  it('counts an account created by an admin on the dashboard as verified', async () => {
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/users', payload: { displayName: 'Bénévole', email: 'benevole@exemple.fr' }, headers: { cookie: admin } });
    expect(created.statusCode).toBe(201);
    expect(await isEmailVerified(t.db, created.json()._id)).toBe(true);
  });

  it('answers a reset request alike whether or not the account exists, and mails only the real one', async () => {
    const known = await post('/api/identity/passwordReset', { email: 'nina@exemple.fr' });
    const unknown = await post('/api/identity/passwordReset', { email: 'personne@exemple.fr' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toContain('Si un compte existe avec cette adresse');
    expect(await mailCount('personne@exemple.fr')).toBe(0);
    expect(await linkIn('nina@exemple.fr', '/account/reset')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post('/api/identity/passwordReset', { email: 'pas-une-adresse' })).statusCode).toBe(400);
  });

  it('sends the reset mail in the words of the staff’s template of that name, with its link titled in HTML, and its own words again once it is gone', async () => {
    const staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mailTemplates',
      headers: { cookie: staff },
      payload: { name: 'Réinitialisation du mot de passe', subject: 'Un nouveau mot de passe pour {{name}}', body: 'Salut {{name}} !\n\nC’est par ici : {{link}}' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await signUp('ines@exemple.fr');
    /** The reset mails to Inès, as the mail log keeps them. */
    const resets = async () => {
      await identityMailsSettled();
      return t.db.query<{ subject: string; text: string; html: string }>(`SELECT subject, text, html FROM mails WHERE "to" = 'ines@exemple.fr' AND template = 'Réinitialisation du mot de passe' `);
    };
    try {
      expect((await post('/api/identity/passwordReset', { email: 'ines@exemple.fr' })).statusCode).toBe(202);
      const [mail] = await resets();
      expect(mail!.subject).toBe('Un nouveau mot de passe pour Nina');
      // The mail that reached Inès carries the link, titled in HTML…
      const received = t.outbox.filter((m) => m.to === 'ines@exemple.fr').at(-1)!;
      expect(received.subject).toBe('Un nouveau mot de passe pour Nina');
      expect(received.text).toMatch(/^Salut Nina !\n\nC’est par ici : http:\/\/\S+\/account\/reset\?token=[A-Za-z0-9_-]{43}\n$/);
      expect(received.html).toMatch(/<a href="http:\/\/\S+\/account\/reset\?token=[A-Za-z0-9_-]{43}">C’est par ici<\/a>/);
      // …its copy in the mail log does not.
      expect(mail!.text).toBe('Salut Nina !\n\nC’est par ici : [lien personnel masqué]\n');
      expect(mail!.html).toContain('<p>C’est par ici : [lien personnel masqué]</p>');
      expect(mail!.html).not.toContain('token=');
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/mailTemplates/${created.json()._id}`, headers: { cookie: staff } });
    }
    expect((await post('/api/identity/passwordReset', { email: 'ines@exemple.fr' })).statusCode).toBe(202);
    // (The test's clock stands still: both mails carry the same time.)
    expect((await resets()).map((mail) => mail.subject).sort()).toEqual(['Choisissez un nouveau mot de passe', 'Un nouveau mot de passe pour Nina']);
  });

  it('sets the new password by the link, once, and ends every session of the account', async () => {
    await signUp('remi@exemple.fr', 'ancien-mot-de-passe');
    const phone = await signIn(t.app, 'remi@exemple.fr', 'ancien-mot-de-passe');
    const laptop = await signIn(t.app, 'remi@exemple.fr', 'ancien-mot-de-passe');
    await post('/api/identity/passwordReset', { email: 'remi@exemple.fr' });
    const token = await linkIn('remi@exemple.fr', '/account/reset');

    const short = await post('/api/identity/passwordReset/confirm', { token, password: 'court' });
    expect(short.statusCode).toBe(400);
    const done = await post('/api/identity/passwordReset/confirm', { token, password: 'nouveau-mot-de-passe' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toContain('toutes vos sessions sont fermées');

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await post('/api/identity/signIn', { email: 'remi@exemple.fr', password: 'ancien-mot-de-passe' })).statusCode).toBe(401);
    expect((await post('/api/identity/signIn', { email: 'remi@exemple.fr', password: 'nouveau-mot-de-passe' })).statusCode).toBe(200);
    // The link reached the mailbox: the address is proven too.
    expect((await me(await signIn(t.app, 'remi@exemple.fr', 'nouveau-mot-de-passe'))).json().emailVerified).toBe(true);

    const reused = await post('/api/identity/passwordReset/confirm', { token, password: 'troisieme-mot-de-passe' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_LINK');
  });

  it('refuses a reset link past one hour', async () => {
    await post('/api/identity/passwordReset', { email: 'nina@exemple.fr' });
    const token = await linkIn('nina@exemple.fr', '/account/reset');
    clock += HOUR + 1000;
    try {
      expect((await post('/api/identity/passwordReset/confirm', { token, password: 'nouveau-mot-de-passe' })).json()).toMatchObject({ statusCode: 400, code: 'INVALID_LINK' });
    } finally {
      clock -= HOUR + 1000;
    }
    expect((await post('/api/identity/signIn', { email: 'nina@exemple.fr', password: 'mot-de-passe-1' })).statusCode).toBe(200);
  });

  it('changes the password of the signed-in account, keeping this session and ending the others', async () => {
    const here = await signUp('chloe@exemple.fr', 'premier-mot-de-passe');
    const elsewhere = await signIn(t.app, 'chloe@exemple.fr', 'premier-mot-de-passe');
    const wrong = await post('/api/me/password', { currentPassword: 'pas-le-bon', newPassword: 'second-mot-de-passe' }, here);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Le mot de passe actuel est incorrect.');
    const changed = await post('/api/me/password', { currentPassword: 'premier-mot-de-passe', newPassword: 'second-mot-de-passe' }, here);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Mot de passe changé. Votre autre session est fermée.');
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await post('/api/identity/signIn', { email: 'chloe@exemple.fr', password: 'second-mot-de-passe' })).statusCode).toBe(200);
    expect((await post('/api/me/password', { currentPassword: 'x', newPassword: 'second-mot-de-passe' })).statusCode).toBe(401);
  });

  it('lists the sessions with their device and last use, never a token, and ends one or all of them', async () => {
    await signUp('sam@exemple.fr', 'mot-de-passe-sam');
    const login = async (userAgent: string) => {
      const { idToken } = (await post('/api/identity/signIn', { email: 'sam@exemple.fr', password: 'mot-de-passe-sam' })).json();
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken }, headers: { 'user-agent': userAgent } });
      const cookie = answer.cookies.find((c) => c.name.endsWith('sortie_session'))!;
      return { cookie: `${cookie.name}=${cookie.value}`, token: cookie.value };
    };
    const phone = await login(CHROME_ANDROID);
    const mac = await login(FIREFOX_MAC);
    const listed = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie: mac.cookie, 'user-agent': FIREFOX_MAC } });
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json() as { items: Array<{ id: string; device: string; current: boolean; createdAt: string; lastUsedAt: string }> };
    expect(items.map((s) => s.device).sort()).toEqual(['Appareil inconnu', 'Chrome sur Android', 'Firefox sur macOS']);
    expect(items.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox sur macOS']);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastUsedAt']);
    expect(listed.body).not.toContain(phone.token);
    const [stored] = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE id = $1', [items[0]!.id]);
    expect(listed.body).not.toContain(stored!.token_hash);

    const phoneId = items.find((s) => s.device === 'Chrome sur Android')!.id;
    const one = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneId}`, headers: { cookie: mac.cookie } });
    expect(one.json()).toEqual({ ended: 1 });
    expect((await me(phone.cookie)).statusCode).toBe(401);
    expect((await me(mac.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneId}`, headers: { cookie: mac.cookie } })).statusCode).toBe(404);

    const all = await t.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: { cookie: mac.cookie } });
    expect(all.json()).toEqual({ ended: 2 });
    expect((await me(mac.cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  it('reuses the session row of a device that signs in again (its device cookie, or the session it still holds), never another device’s nor another account’s', async () => {
    await signUp('lea@exemple.fr', 'mot-de-passe-lea');
    // The sign-up's own session (no browser) is left out of what follows.
    await t.db.query(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'lea@exemple.fr')`);
    const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    const cookieOf = (answer: Awaited<ReturnType<SortieApp['inject']>>, suffix: string) => answer.cookies.find((c) => c.name.endsWith(suffix));
    const login = async (email: string, password: string, cookie = '') => {
      const { idToken } = (await post('/api/identity/signIn', { email, password })).json();
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/login/web', payload: { idToken }, headers: { 'user-agent': CHROME_LINUX, ...(cookie ? { cookie } : {}) } });
      expect(answer.statusCode).toBe(200);
      const session = cookieOf(answer, 'sortie_session')!;
      const device = cookieOf(answer, 'sortie_device')!;
      return { session: `${session.name}=${session.value}`, device: `${device.name}=${device.value}`, deviceCookie: device };
    };
    const sessions = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })).json().items as Array<{ id: string; device: string; current: boolean; createdAt: string }>;

    const first = await login('lea@exemple.fr', 'mot-de-passe-lea');
    // The device cookie is the browser's alone: httpOnly, kept 13 months, for the whole site.
    expect(first.deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 390 * 24 * 3600 });
    const [opened] = await sessions(first.session);
    expect(opened).toMatchObject({ device: 'Chrome sur Linux', current: true });

    // The same browser, its session cookie lost (but not its device cookie): the same row, a new token.
    const again = await login('lea@exemple.fr', 'mot-de-passe-lea', first.device);
    expect(again.device).toBe(first.device);
    expect(await sessions(again.session)).toEqual([expect.objectContaining({ id: opened!.id, createdAt: opened!.createdAt, current: true })]);
    expect((await me(first.session)).statusCode).toBe(401);

    // Signing in while still signed in (both cookies sent): still one row.
    const third = await login('lea@exemple.fr', 'mot-de-passe-lea', `${again.device}; ${again.session}`);
    expect((await sessions(third.session)).map((s) => s.id)).toEqual([opened!.id]);
    expect((await me(again.session)).statusCode).toBe(401);

    // A session opened before devices were recognised (no device id): the session it still sends names it.
    await t.db.query(`UPDATE sessions SET device_hash = NULL WHERE id = $1`, [opened!.id]);
    const older = await login('lea@exemple.fr', 'mot-de-passe-lea', third.session);
    expect((await sessions(older.session)).map((s) => s.id)).toEqual([opened!.id]);

    // Another browser of the same kind is another device: two rows, told apart by « cet appareil » and their dates.
    const laptop = await login('lea@exemple.fr', 'mot-de-passe-lea');
    expect(laptop.device).not.toBe(older.device);
    const both = await sessions(laptop.session);
    expect(both.map((s) => s.device)).toEqual(['Chrome sur Linux', 'Chrome sur Linux']);
    expect(both.filter((s) => s.current).map((s) => s.id)).not.toContain(opened!.id);
    expect((await me(older.session)).statusCode).toBe(200);

    // Another account on the first browser gets its own row; Léa's stays.
    const other = await login(DEMO_ACCOUNTS.visitor.email, 'sortie-demo', older.device);
    expect((await me(other.session)).json().email).toBe(DEMO_ACCOUNTS.visitor.email);
    expect((await me(older.session)).statusCode).toBe(200);
    expect((await sessions(older.session)).map((s) => s.id)).toContain(opened!.id);

    // An expired session is not revived: the device opens a new row.
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [opened!.id]);
    const later = await login('lea@exemple.fr', 'mot-de-passe-lea', older.device);
    const listed = await sessions(later.session);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => s.id)).not.toContain(opened!.id);
    // The device id never reaches the list, and only its hash is stored.
    const [row] = await t.db.query<{ device_hash: string }>(`SELECT device_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'lea@exemple.fr' AND s.expires_at > now() ORDER BY s.created_at DESC LIMIT 1`);
    expect(row!.device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.device_hash).not.toContain(later.deviceCookie.value);
  });

  it('notes when a session was last used, at most every five minutes', async () => {
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    await t.db.query(`UPDATE sessions SET last_used_at = now() - interval '1 hour' WHERE user_id = $1`, [DEMO_IDS.users.staff]);
    const before = ((await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })).json() as { items: Array<{ current: boolean; lastUsedAt: string }> }).items;
    // The listing itself was a use: the session it came with says so, the others kept their time.
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND last_used_at > now() - interval '1 minute'`, [DEMO_IDS.users.staff]);
    expect(n).toBe(1);
    expect(before.find((s) => s.current)).toBeDefined();
  });

  it('does not let another account end a session it does not own', async () => {
    const sam = await signIn(t.app, 'sam@exemple.fr', 'mot-de-passe-sam');
    const [{ id } = { id: '' }] = await t.db.query<{ id: string }>(`SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'sam@exemple.fr' LIMIT 1`);
    expect(id).not.toBe('');
    const visitor = await signIn(t.app, DEMO_ACCOUNTS.visitor.email);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: { cookie: visitor } })).statusCode).toBe(404);
    expect((await me(sam)).statusCode).toBe(200);
  });
});
