import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS } from '../demo/ids';

/** Issue 36: what a visit tells, a link's statistics, its device targets and its password. */
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WHATSAPP = 'WhatsApp/2.24.10.79 A';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

describe('short links: visits, statistics, targets and passwords (issue 36)', () => {
  // The app's clock, moved by the tests (the minute a wrong password waits).
  let clock = Date.parse('2026-06-15T10:30:00Z');
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  beforeAll(async () => {
    t = await testApp({ now: () => clock });
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload, headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; shortCode: string } & Record<string, unknown>;
  };
  const visitsOf = async (linkId: string) => {
    await t.app.ctx.links.flush();
    return t.db.query<{ bot: boolean; qr: boolean; device: string; system: string | null; browser: string | null; referrer_host: string | null; day: string; hour: number; utm: Record<string, string> | null }>(
      'SELECT bot, qr, device, system, browser, referrer_host, day, hour, utm FROM dyna_link_visits WHERE link_id = $1 ORDER BY id',
      [linkId],
    );
  };

  it('sends an iPhone from Instagram to the ios target and counts it as a human on iOS from instagram.com', async () => {
    const link = await create({ url: 'https://exemple.fr/concert?utm_source=affiche&utm_campaign=ete', shortCode: 'cibles', targets: { ios: 'https://apps.apple.com/fr/app/sortie/id1', android: 'https://play.google.com/store/apps/details?id=sortie' } });
    expect(link.targets).toEqual({ ios: 'https://apps.apple.com/fr/app/sortie/id1', android: 'https://play.google.com/store/apps/details?id=sortie' });
    const iphone = await t.app.inject({ method: 'GET', url: '/r/cibles', headers: { 'user-agent': IPHONE, referer: 'https://l.instagram.com/' } });
    expect(iphone.statusCode).toBe(302);
    expect(iphone.headers.location).toBe('https://apps.apple.com/fr/app/sortie/id1');
    expect((await t.app.inject({ method: 'GET', url: '/r/cibles', headers: { 'user-agent': ANDROID } })).headers.location).toBe('https://play.google.com/store/apps/details?id=sortie');
    // No desktop target: a computer goes to the url.
    expect((await t.app.inject({ method: 'GET', url: '/r/cibles', headers: { 'user-agent': DESKTOP } })).headers.location).toBe('https://exemple.fr/concert?utm_source=affiche&utm_campaign=ete');
    // Each 302 came once its visit was stored, with what it tells.
    expect(t.app.ctx.links.pendingCount).toBe(0);
    const [first, second, third] = await visitsOf(link._id);
    expect(first).toMatchObject({ bot: false, qr: false, device: 'mobile', system: 'iOS', browser: 'Mobile Safari', referrer_host: 'instagram.com', day: '2026-06-15', hour: 12, utm: null });
    expect(second).toMatchObject({ bot: false, device: 'mobile', system: 'Android', referrer_host: null });
    expect(third).toMatchObject({ bot: false, device: 'desktop', system: 'Windows', browser: 'Chrome', utm: { source: 'affiche', campaign: 'ete' } });
    // Targets are http(s) only.
    const bad = await t.app.inject({ method: 'POST', url: '/api/dynaLinks', payload: { url: 'https://exemple.fr/', targets: { ios: 'javascript:alert(1)' } }, headers: { cookie: staff } });
    expect(bad.statusCode).toBe(400);
  });

  it('counts WhatsApp’s and Facebook’s preview fetchers and a HEAD as bots, and still answers them', async () => {
    const link = await create({ url: 'https://exemple.fr/apercu', shortCode: 'apercus' });
    for (const agent of [WHATSAPP, FACEBOOK]) {
      const res = await t.app.inject({ method: 'GET', url: '/r/apercus', headers: { 'user-agent': agent } });
      expect(res.statusCode, agent).toBe(302);
      expect(res.headers.location, agent).toBe('https://exemple.fr/apercu');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/r/apercus', headers: { 'user-agent': DESKTOP } });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('https://exemple.fr/apercu');
    const rows = await visitsOf(link._id);
    expect(rows.map((row) => [row.bot, row.device])).toEqual([
      [true, 'bot'],
      [true, 'bot'],
      [true, 'bot'],
    ]);
  });

  it('counts a QR code’s visit as QR and redirects it alike', async () => {
    const link = await create({ url: 'https://exemple.fr/affiche', shortCode: 'affiche' });
    const res = await t.app.inject({ method: 'GET', url: '/r/affiche?q', headers: { 'user-agent': IPHONE } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://exemple.fr/affiche');
    await t.app.inject({ method: 'GET', url: '/r/affiche?quoi=1', headers: { 'user-agent': IPHONE } });
    expect((await visitsOf(link._id)).map((row) => row.qr)).toEqual([true, false]);
  });

  it('answers a link’s statistics by Paris day, referrer and device, each summing to the visits', async () => {
    const link = await create({ url: 'https://exemple.fr/stats', shortCode: 'stats' });
    const go = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/r/stats${query}`, headers });
    // 23:30 UTC on June 14 is already June 15 in Paris.
    clock = Date.parse('2026-06-14T21:30:00Z');
    await go({ 'user-agent': DESKTOP, referer: 'https://www.google.com/search?q=x' });
    clock = Date.parse('2026-06-14T22:30:00Z');
    await go({ 'user-agent': IPHONE, referer: 'https://l.instagram.com/' });
    await go({ 'user-agent': IPHONE }, '?q');
    await go({ 'user-agent': WHATSAPP });
    clock = Date.parse('2026-06-16T09:00:00Z');
    await go({ 'user-agent': ANDROID, referer: 'https://lm.facebook.com/' }, '?q');

    const res = await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}/stats?from=2026-06-13&to=2026-06-16`, headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(Object.keys(stats).sort()).toEqual(['days', 'devices', 'referrers']);
    expect(stats.days).toEqual([
      { day: '2026-06-13', humans: 0, bots: 0, qr: 0 },
      { day: '2026-06-14', humans: 1, bots: 0, qr: 0 },
      { day: '2026-06-15', humans: 2, bots: 1, qr: 1 },
      { day: '2026-06-16', humans: 1, bots: 0, qr: 1 },
    ]);
    expect(stats.referrers).toEqual([
      { host: null, visits: 2 },
      { host: 'facebook.com', visits: 1 },
      { host: 'google.com', visits: 1 },
      { host: 'instagram.com', visits: 1 },
    ]);
    expect(stats.devices).toEqual([
      { device: 'mobile', system: 'iOS', visits: 2 },
      { device: 'bot', system: 'Autre', visits: 1 },
      { device: 'desktop', system: 'Windows', visits: 1 },
      { device: 'mobile', system: 'Android', visits: 1 },
    ]);
    const [count] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dyna_link_visits WHERE link_id = $1', [link._id]);
    const sum = (list: Array<{ visits: number }>) => list.reduce((total, row) => total + row.visits, 0);
    expect(stats.days.reduce((total: number, day: { humans: number; bots: number }) => total + day.humans + day.bots, 0)).toBe(count!.n);
    expect(sum(stats.referrers)).toBe(count!.n);
    expect(sum(stats.devices)).toBe(count!.n);

    // The last 30 days by default, ending today in Paris.
    const recent = (await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}/stats`, headers: { cookie: staff } })).json();
    expect(recent.days).toHaveLength(30);
    expect(recent.days.at(-1)).toEqual({ day: parisDay(clock), humans: 1, bots: 0, qr: 1 });

    // Staff only; a client's mistake is a 400, never a 500.
    expect((await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}/stats` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}/stats?from=hier`, headers: { cookie: staff } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}/stats?from=2026-06-16&to=2026-06-13`, headers: { cookie: staff } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/dynaLinks/0123456789abcdef01234567/stats', headers: { cookie: staff } })).statusCode).toBe(404);
  });

  it('asks for a link’s password on a French page, redirects with the right one, and waits a minute after 5 wrong ones', async () => {
    clock = Date.parse('2026-06-20T10:00:00Z');
    const link = await create({ url: 'https://exemple.fr/prive', shortCode: 'prive', password: 'sesame-1' });
    // Write-only: never returned, stored hashed.
    expect(link).not.toHaveProperty('password');
    expect(link).not.toHaveProperty('passwordHash');
    expect(link.protected).toBe(true);
    const [stored] = await t.db.query<{ data: Record<string, unknown> }>('SELECT data FROM dyna_links WHERE id = $1', [link._id]);
    expect(stored!.data.password).toBeUndefined();
    expect(String(stored!.data.passwordHash)).toMatch(/^scrypt\$/);
    const read = (await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}`, headers: { cookie: staff } })).json();
    expect(read).not.toHaveProperty('passwordHash');
    // Its public record does not tell where it leads.
    expect((await t.app.inject({ method: 'GET', url: `/api/dynaLinks/${link._id}` })).json()).not.toHaveProperty('url');
    expect((await t.app.inject({ method: 'PUT', url: '/api/dynaLinks/shortCode', payload: { shortCode: 'prive', datetime: new Date(clock).toISOString(), userAgent: 'x' } })).statusCode).toBe(403);

    const page = await t.app.inject({ method: 'GET', url: '/r/prive', headers: { 'user-agent': DESKTOP, referer: 'https://l.instagram.com/' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Ce lien est protégé');
    // It posts the password, and the referrer the page was opened from, to the same address.
    expect(page.body).toMatch(/<form method="post"><input type="hidden" name="ref" value="https:\/\/l.instagram.com\/"><label for="password">Mot de passe<\/label><input id="password" name="password" type="password"/);
    expect(page.headers.location).toBeUndefined();

    const post = (password: string, ip = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: '/r/prive',
        remoteAddress: ip,
        payload: `ref=${encodeURIComponent('https://l.instagram.com/')}&password=${encodeURIComponent(password)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': IPHONE, referer: 'http://localhost/r/prive' },
      });
    const right = await post('sesame-1');
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe('https://exemple.fr/prive');

    for (let i = 1; i <= 4; i++) {
      const wrong = await post(`faux-${i}`);
      expect(wrong.statusCode, `essai ${i}`).toBe(401);
      expect(wrong.body).toContain('Mot de passe incorrect.');
    }
    const fifth = await post('faux-5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toContain('Réessayez dans une minute');
    // Even the right one waits now; another address does not.
    expect((await post('sesame-1')).statusCode).toBe(429);
    expect((await post('sesame-1', '198.51.100.9')).statusCode).toBe(302);
    clock += 59_000;
    expect((await post('sesame-1')).statusCode).toBe(429);
    clock += 2_000;
    const after = await post('sesame-1');
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('https://exemple.fr/prive');
    // Only the redirects were counted as visits, from where the page was opened.
    const counted = await visitsOf(link._id);
    expect(counted).toHaveLength(3);
    expect(counted.map((row) => row.referrer_host)).toEqual(['instagram.com', 'instagram.com', 'instagram.com']);

    // '' removes the password: the link redirects at once.
    await t.app.inject({ method: 'PATCH', url: `/api/dynaLinks/${link._id}`, payload: { password: '' }, headers: { cookie: staff } });
    expect((await t.app.inject({ method: 'GET', url: '/r/prive' })).headers.location).toBe('https://exemple.fr/prive');
  });
});
