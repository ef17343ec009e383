import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectorInputSchema, DIAGNOSTIC_CHECKS } from '@sortie/core';
import { signIn, testApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../demo/ids';
import { CollectorRunError, runCollector } from '../collectors/run-collector';

/** The test server has no Instagram, Bright Data, Stripe, Spotify or SMTP variables: every page says so, in French. */
describe('integrations without their variables, and the admins’ diagnostics', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let staff: string;
  let admin: string;
  beforeAll(async () => {
    t = await testApp();
    staff = await signIn(t.app, DEMO_ACCOUNTS.staff.email);
    admin = await signIn(t.app, DEMO_ACCOUNTS.admin.email);
  });
  afterAll(() => t.close());

  it('Instagram: the page says which variables are missing, and publishing answers 503 « Instagram non configuré »', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram', headers: { cookie: staff } });
    expect(status.json()).toMatchObject({ configured: false, warning: null, variables: [{ name: 'INSTAGRAM_ACCESS_TOKEN', set: false }, { name: 'INSTAGRAM_USER_ID', set: false }] });
    const publish = await t.app.inject({ method: 'POST', url: `/api/dashboard/instagram/events/${DEMO_IDS.firstEvent}/publish`, headers: { cookie: staff }, payload: { caption: 'Ce soir !' } });
    expect(publish.statusCode).toBe(503);
    expect(publish.json().message).toBe('Instagram non configuré : ce serveur n’a pas de jeton d’accès Instagram.');
    const history = await t.app.inject({ method: 'GET', url: '/api/dashboard/instagram/publications', headers: { cookie: staff } });
    expect(history.json()).toEqual({ items: [] });
  });

  it('Bright Data: « Tester la connexion » answers 503 in French, and a collector set to Bright Data fails with the reason in its history', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/dashboard/brightdata', headers: { cookie: staff } });
    expect(status.json()).toMatchObject({ configured: false, zone: null, variables: [{ name: 'BRIGHTDATA_API_TOKEN', set: false }, { name: 'BRIGHTDATA_ZONE', set: false }] });
    const test = await t.app.inject({ method: 'POST', url: '/api/dashboard/brightdata/test', headers: { cookie: staff } });
    expect(test.statusCode).toBe(503);
    expect(test.json().message).toBe('Bright Data non configuré : ce serveur n’a pas de jeton d’API Bright Data.');

    const id = (await t.app.ctx.store.insert('collectors', CollectorInputSchema.parse({ name: 'Protégé', source: { kind: 'web', url: 'https://protege.example/agenda' }, fetchProvider: 'brightdata' })))._id;
    const error = await runCollector(t.app.ctx, id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectorRunError);
    expect((error as Error).message).toBe('Ce collecteur lit au travers de Bright Data, qui n’est pas configuré sur ce serveur (BRIGHTDATA_API_TOKEN, BRIGHTDATA_ZONE).');
  });

  it('a collector reads directly unless told otherwise', () => {
    expect(CollectorInputSchema.parse({ name: 'Flux', source: { kind: 'ics', url: 'https://a.example/x.ics' } }).fetchProvider).toBe('direct');
  });

  it('the diagnostics are for admins only: 401 without a session, 403 for staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/diagnostics' })).statusCode).toBe(401);
    const forStaff = await t.app.inject({ method: 'GET', url: '/api/dashboard/diagnostics', headers: { cookie: staff } });
    expect(forStaff.statusCode).toBe(403);
    expect(forStaff.json().message).toBe('Réservé aux administrateurs.');
    expect((await t.app.inject({ method: 'POST', url: '/api/dashboard/diagnostics/database', headers: { cookie: staff } })).statusCode).toBe(403);
  });

  it('lists every check with its French name, and refuses an unknown one in French', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/dashboard/diagnostics', headers: { cookie: admin } });
    expect(list.json().checks.map((c: { check: string }) => c.check)).toEqual([...DIAGNOSTIC_CHECKS]);
    expect(list.json().checks[0]).toEqual({ check: 'push', label: 'Notification', help: expect.stringContaining('M’envoyer une notification') });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/dashboard/diagnostics/nucleaire', headers: { cookie: admin } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Vérification inconnue.');
  });

  it('runs each check with its outcome, French message and duration in ms', async () => {
    const run = async (check: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/dashboard/diagnostics/${check}`, headers: { cookie: admin } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.durationMs).toBeGreaterThanOrEqual(0);
      return body;
    };
    expect(await run('database')).toMatchObject({ outcome: 'ok', message: expect.stringMatching(/^Base PGlite joignable ; \d+ migration\(s\) appliquée\(s\)\.$/) });
    expect(await run('push')).toMatchObject({ outcome: 'ok', message: 'Notification envoyée : dans la cloche, aucune connexion ouverte pour la recevoir en direct. Aucun téléphone ni navigateur n’est abonné aux notifications de votre compte (à autoriser depuis « Mon compte »).' });
    const [notification] = await t.db.query<{ title: string }>(`SELECT data->>'title' AS title FROM notifications WHERE data->>'userId' = $1 ORDER BY created_at DESC LIMIT 1`, [DEMO_IDS.users.admin]);
    expect(notification?.title).toBe('Test de notification');
    expect(await run('mail')).toMatchObject({ outcome: 'unconfigured', message: `SMTP non configuré (SMTP_URL) : l’e-mail à ${DEMO_ACCOUNTS.admin.email} est gardé dans la boîte de /dashboard/mailTemplates.` });
    expect(await run('socket')).toMatchObject({ outcome: 'error', message: 'Aucune de vos connexions n’est ouverte (0 connexion(s) sur le serveur) : rechargez la page.' });
    expect((await run('jobs')).outcome).toMatch(/^(ok|error)$/);
    expect(await run('music')).toMatchObject({ outcome: 'unconfigured', message: expect.stringContaining('Spotify non configuré (SPOTIFY_CLIENT_ID, SPOTIFY_REDIRECT_URI)') });
    expect(await run('stripe')).toMatchObject({ outcome: 'unconfigured', message: 'Stripe non configuré (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID).' });
    expect(await run('instagram')).toMatchObject({ outcome: 'unconfigured', message: 'Instagram non configuré (INSTAGRAM_ACCESS_TOKEN, INSTAGRAM_USER_ID).' });
    expect(await run('brightdata')).toMatchObject({ outcome: 'unconfigured', message: 'Bright Data non configuré (BRIGHTDATA_API_TOKEN, BRIGHTDATA_ZONE).' });
  });
});
