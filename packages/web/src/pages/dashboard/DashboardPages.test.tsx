import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeClock, FakeProductApi, aStaffUser, anEvent, anId } from '@sortie/core/testing';
import { ValidationError } from '@sortie/core';
import { OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

type Handler = (path: string, body: unknown, query?: Record<string, unknown>) => unknown;
/** A staff session (an admin's with `admin`) whose `request` calls answer by method and path. */
function staffApi(routes: Record<string, Handler> = {}, options: { admin?: boolean } = {}) {
  const api = new FakeProductApi().signedInAs(aStaffUser(options.admin ? { roles: ['staff', 'admin'] } : {}));
  api.answer('request', (method: string, path: string, options: { body?: unknown; query?: Record<string, unknown> } = {}) => {
    const handler = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
    if (!handler) return Promise.reject(new Error(`unexpected ${method} ${path}`));
    return Promise.resolve(handler(path, options.body, options.query));
  });
  return api;
}

describe('dashboard home', () => {
  it('shows the counts, upcoming events, recent sign-ups and activity', async () => {
    const userId = anId();
    const api = staffApi({
      'GET /dashboard/stats': () => ({
        counts: { events: 42, places: 7 },
        recentSignUps: [{ _id: userId, displayName: 'Chloé Nouvelle', email: 'chloe@exemple.fr', createdAt: '2026-03-01T10:00:00.000Z' }],
        recentActivity: [{ resource: 'places', _id: anId(), label: 'Le Confort Moderne', updatedAt: '2026-03-02T10:00:00.000Z' }],
      }),
    }).seed('events', anEvent({ title: 'Nuit du jazz' }));
    await renderApp({ path: '/dashboard', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
    const counts = await screen.findByRole('link', { name: /42\s*Événements/ });
    expect(counts.getAttribute('href')).toBe('/dashboard/events');
    expect(screen.getByRole('link', { name: 'Nuit du jazz' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chloé Nouvelle' }).getAttribute('href')).toBe(`/dashboard/users/${userId}`);
    expect(screen.getByRole('link', { name: 'Le Confort Moderne' })).toBeTruthy();
  });

  it('marks the admin-only areas in the side navigation', async () => {
    await renderApp({ path: '/dashboard', api: staffApi({ 'GET /dashboard/stats': () => ({ counts: {}, recentSignUps: [], recentActivity: [] }) }) });
    const nav = await screen.findByRole('navigation', { name: 'Tableau de bord' });
    expect(within(nav).getByRole('link', { name: /Utilisateurs\s*Admin/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Serveur' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Accueil' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('dashboard special pages', () => {
  it('/dashboard/server shows version, uptime, database, sockets and health', async () => {
    const api = staffApi({ 'GET /dashboard/server': () => ({ version: '0.1.0', node: 'v20.0.0', startedAt: '2026-03-01T10:00:00.000Z', uptimeSeconds: 93_780, database: 'postgres', sockets: 3, health: 'ok' }) });
    await renderApp({ path: '/dashboard/server', api });
    expect(await screen.findByText('0.1.0')).toBeTruthy();
    expect(screen.getByText('1 j 2 h 3 min')).toBeTruthy();
    expect(screen.getByText('PostgreSQL')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('Opérationnel')).toBeTruthy();
  });

  it('/dashboard/tasks runs a task now and shows its new last run', async () => {
    const id = anId();
    const api = staffApi({ [`POST /dashboard/tasks/${id}/run`]: () => Object.assign(api.records.get('tasks')![0]!, { lastRunAt: '2026-03-14T19:30:00.000Z' }) });
    api.seed('tasks', { _id: id, name: 'Collecte quotidienne', schedule: '@daily', status: 'idle', lastRunAt: null, lastError: null });
    const { user } = await renderApp({ path: '/dashboard/tasks', api });
    expect(await screen.findByText(/dernier passage : jamais/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Lancer maintenant : Collecte quotidienne' }));
    expect(await screen.findByText('« Collecte quotidienne » a été lancée.')).toBeTruthy();
    expect(await screen.findByText(/dernier passage : samedi 14 mars à 20:30/)).toBeTruthy();
  });

  it('/dashboard/tasks shows a task’s run history: start, end, outcome, error, counts', async () => {
    const id = anId();
    const run = { job: 'notifications', node: 'embedded', counts: {} };
    const api = staffApi({
      [`GET /dashboard/tasks/${id}/runs`]: () => ({
        job: 'notifications',
        items: [
          { ...run, id: 'b', trigger: 'manual', startedAt: '2026-03-14T19:30:00.000Z', finishedAt: '2026-03-14T19:30:02.000Z', outcome: 'ok', error: null, counts: { reminders: 2, mailed: 1 } },
          { ...run, id: 'a', trigger: 'schedule', startedAt: '2026-03-14T19:25:00.000Z', finishedAt: '2026-03-14T19:25:01.000Z', outcome: 'error', error: 'Source injoignable.' },
        ],
      }),
    });
    api.seed('tasks', { _id: id, name: 'Notifications', schedule: '*/5 * * * *', status: 'idle', lastRunAt: null, lastError: null });
    const { user } = await renderApp({ path: '/dashboard/tasks', api });
    await user.click(await screen.findByRole('button', { name: 'Voir l’historique' }));
    const table = await screen.findByRole('table', { name: 'Historique : Notifications' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('samedi 14 mars à 20:30 (manuel)');
    expect(rows[1]!.textContent).toContain('Réussi');
    expect(rows[1]!.textContent).toContain('2 rappels · 1 e-mails');
    expect(rows[2]!.textContent).toContain('Échec');
    expect(rows[2]!.textContent).toContain('Source injoignable.');
  });

  it('/dashboard/mailTemplates previews a template with its variables filled in', async () => {
    const api = staffApi({ 'GET /dashboard/mails': () => ({ total: 0, items: [] }) }).seed('mailTemplates', { name: 'bienvenue', subject: 'Bienvenue, {{prenom}} !', body: 'Bonjour {{prenom}}, à bientôt à {{ville}}.' });
    const { user } = await renderApp({ path: '/dashboard/mailTemplates', api });
    const preview = await screen.findByTestId('mail-preview');
    expect(preview.textContent).toContain('Bienvenue, {{prenom}} !');
    await user.type(screen.getByLabelText('prenom'), 'Léa');
    await user.type(screen.getByLabelText('ville'), 'Niort');
    expect(preview.textContent).toContain('Bienvenue, Léa !');
    expect(preview.textContent).toContain('Bonjour Léa, à bientôt à Niort.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le modèle' }));
    expect(await screen.findByText('Modèle enregistré.')).toBeTruthy();
    expect(api.lastCallTo('update')?.[2]).toEqual({ name: 'bienvenue', subject: 'Bienvenue, {{prenom}} !', body: 'Bonjour {{prenom}}, à bientôt à {{ville}}.' });
  }, 15_000);

  it('/dashboard/mailTemplates offers Sortie’s own mails to personalise, saved under their name, with what each is for', async () => {
    const api = staffApi({ 'GET /dashboard/mails': () => ({ total: 0, items: [] }) }).seed('mailTemplates', { _id: anId(40), name: 'Rappel', subject: 'Demain : {{title}}', body: 'Coucou {{name}}' });
    const { user } = await renderApp({ path: '/dashboard/mailTemplates', api });
    const select = await screen.findByLabelText<HTMLSelectElement>('Modèle');
    const offered = within(select).getByRole('group', { name: 'Mails de Sortie (texte d’origine)' });
    const names = within(offered).getAllByRole('option').map((option) => option.textContent);
    // « Rappel » has a template already: it is among the saved ones, not offered again.
    expect(names).toContain('Réinitialisation du mot de passe');
    expect(names).not.toContain('Rappel');
    expect(within(within(select).getByRole('group', { name: 'Modèles enregistrés' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Rappel']);
    expect(within(screen.getByRole('complementary', { name: 'À propos de ce mail' })).getByText(/remplace le texte d’origine/)).toBeTruthy();

    await user.selectOptions(select, 'builtin:Réinitialisation du mot de passe');
    const about = screen.getByRole('complementary', { name: 'À propos de ce mail' });
    expect(within(about).getByText(/demande un nouveau mot de passe/)).toBeTruthy();
    expect(within(about).getByText('{{link}}')).toBeTruthy();
    expect(within(about).getByText('le lien (une heure, une fois) — lien personnel : masqué dans la boîte d’envoi')).toBeTruthy();
    expect((screen.getByLabelText<HTMLInputElement>('Sujet')).value).toBe('Choisissez un nouveau mot de passe');
    await user.clear(screen.getByLabelText('Sujet'));
    await user.type(screen.getByLabelText('Sujet'), 'Votre nouveau mot de passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le modèle' }));
    await waitFor(() => expect(api.lastCallTo('create')?.[0]).toBe('mailTemplates'));
    expect(api.lastCallTo('create')?.[1]).toMatchObject({ name: 'Réinitialisation du mot de passe', subject: 'Votre nouveau mot de passe', body: expect.stringContaining('{{link}}') });
  }, 15_000);

  it('/dashboard/mailTemplates shows admins the mails kept without SMTP, newest first, and says why personal links are masked', async () => {
    const mail = { id: 'm1', to: 'lea@exemple.fr', subject: 'Demain : Jazz au Confort', html: '<p>Demain</p>', text: 'Bonjour Léa, c’est demain à 20 h 30.', template: 'Rappel', status: 'kept', error: null, createdAt: '2026-11-23T16:00:00.000Z' };
    const api = staffApi({ 'GET /dashboard/mails': () => ({ total: 1, items: [mail] }) }, { admin: true });
    const { user } = await renderApp({ path: '/dashboard/mailTemplates', api });
    const box = within(await screen.findByRole('region', { name: 'Boîte d’envoi' }));
    const summary = await box.findByText('Demain : Jazz au Confort');
    expect(box.getByText(/à lea@exemple\.fr, le 23\/11\/2026 17:00, gardé ici/)).toBeTruthy();
    expect(box.getByText(/ils sont remplacés ici par « \[lien personnel masqué\] »/)).toBeTruthy();
    await user.click(summary);
    expect(box.getByText('Bonjour Léa, c’est demain à 20 h 30.')).toBeTruthy();
  }, 15_000);

  it('/dashboard/mailTemplates tells staff who are not admins that the mail log is the admins’, without asking the server for it', async () => {
    let asked = 0;
    const api = staffApi({ 'GET /dashboard/mails': () => ((asked += 1), { total: 0, items: [] }) });
    await renderApp({ path: '/dashboard/mailTemplates', api });
    const box = within(await screen.findByRole('region', { name: 'Boîte d’envoi' }));
    expect(box.getByRole('note').textContent).toBe('La boîte d’envoi est réservée aux administrateurs : elle montre à qui Sortie a écrit, et quoi.');
    await screen.findByLabelText('Modèle');
    expect(asked).toBe(0);
  }, 15_000);

  it('/dashboard/tools creates a short link with a generated code and purges the cache', async () => {
    const api = staffApi({ 'POST /dashboard/cache/purge': () => ({ purged: ['liens courts'] }) });
    api.answer('create', (_resource: string, body: Record<string, unknown>) => Promise.resolve({ _id: anId(), shortCode: 'x7Kp2q', ...body }));
    const { user } = await renderApp({ path: '/dashboard/tools', api });
    await user.type(await screen.findByLabelText('Adresse de destination'), 'https://www.poitiers.fr/');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    expect(await screen.findByText('http://localhost:3000/r/x7Kp2q')).toBeTruthy();
    expect(api.lastCallTo('create')).toEqual(['dynaLinks', { url: 'https://www.poitiers.fr/' }]);
    await user.click(screen.getByRole('button', { name: 'Vider le cache' }));
    expect(await screen.findByText('Cache vidé : liens courts.')).toBeTruthy();
  });

  it('/dashboard/tools shows the server’s refusal of a short code beside the field', async () => {
    const api = staffApi();
    api.failOnce('create', new ValidationError('Requête invalide.', [{ path: 'shortCode', message: 'Code court déjà pris.' }]));
    const { user } = await renderApp({ path: '/dashboard/tools', api });
    await user.type(await screen.findByLabelText('Adresse de destination'), 'https://www.poitiers.fr/');
    await user.type(screen.getByLabelText('Code court (facultatif)'), 'poitiers');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    expect(await screen.findByText('Code court déjà pris.')).toBeTruthy();
    expect((screen.getByLabelText('Code court (facultatif)') as HTMLInputElement).value).toBe('poitiers');
  });

  it('/dashboard/events/roles lists who holds which role', async () => {
    const userId = anId();
    const eventId = anId();
    const api = staffApi().seed('users', { _id: userId, displayName: 'Samir Équipe' }).seed('events', { _id: eventId, title: 'Nuit du jazz' }).seed('eventRoles', { userId, eventId, role: 'organiser' });
    await renderApp({ path: '/dashboard/events/roles', api });
    expect(await screen.findByText('Samir Équipe')).toBeTruthy();
    expect(await screen.findByText('Nuit du jazz')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Organisateur' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Attribuer un rôle' })).toBeTruthy();
  });

  it('/dashboard/places/types lists the place types with links to /dashboard/places/types/{id}', async () => {
    const id = anId();
    const api = staffApi().seed('placeTypes', { _id: id, name: 'Bar', icon: 'mdiGlassMugVariant' });
    await renderApp({ path: '/dashboard/places/types', api });
    expect((await screen.findByRole('link', { name: 'Bar' })).getAttribute('href')).toBe(`/dashboard/places/types/${id}`);
  });

  it('/dashboard/images adds an image by its address to the library', async () => {
    const api = staffApi().seed('images', { url: 'https://images.example.org/affiche.jpg', alt: 'Affiche du festival' });
    const { user } = await renderApp({ path: '/dashboard/images', api });
    expect(await screen.findByRole('img', { name: 'Affiche du festival' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Adresse/), 'https://images.example.org/scene.jpg');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(api.lastCallTo('create')).toEqual(['images', { url: 'https://images.example.org/scene.jpg', alt: '' }]));
  });
});

describe('special record pages', () => {
  it('a dyna link shows its short address, a QR code, its statistics over 30 or 90 days with a CSV, and its last visits', async () => {
    const id = anId();
    const asked: string[] = [];
    const stats = (days: number) => ({
      days: Array.from({ length: days }, (_, i) => ({ day: `2026-0${i < 30 ? 5 : 4}-${String((i % 28) + 1).padStart(2, '0')}`, humans: i === days - 1 ? 3 : 0, bots: i === days - 1 ? 2 : 0, qr: i === days - 1 ? 1 : 0 })),
      referrers: [{ host: 'instagram.com', visits: 3 }, { host: null, visits: 2 }],
      devices: [{ device: 'mobile', system: 'iOS', visits: 3 }, { device: 'bot', system: 'Autre', visits: 2 }],
    });
    const api = staffApi({
      [`GET /dynaLinks/${id}/visits`]: () => ({ meta: { total: 2, limit: 100, offset: 0 }, items: [{ datetime: new Date().toISOString(), userAgent: 'Firefox' }, { datetime: new Date().toISOString(), userAgent: 'Safari' }] }),
      [`GET /dynaLinks/${id}/stats`]: (_path, _body, query = {}) => {
        asked.push(`${String(query['from'])}..${String(query['to'])}`);
        return stats(Math.round((Date.parse(String(query['to'])) - Date.parse(String(query['from']))) / 86_400_000) + 1);
      },
    });
    api.seed('dynaLinks', { _id: id, url: 'https://www.poitiers.fr/', shortCode: 'poitiers' });
    const { user } = await renderApp({ path: `/dashboard/dynaLinks/${id}`, api });
    expect(await screen.findByRole('link', { name: 'http://localhost:3000/r/poitiers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copier l’adresse courte' })).toBeTruthy();
    expect(await screen.findByTestId('qr-code')).toBeTruthy();
    expect(screen.getByTestId('qr-code').getAttribute('alt')).toBe('QR code de http://localhost:3000/r/poitiers?q');
    expect(await screen.findByText('2 visite(s) au total.')).toBeTruthy();
    expect(await screen.findByText('5 visites sur 30 jours : 3 personnes, 2 robots, 1 par QR code.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Visites par jour : personnes, robots et QR codes' })).toBeTruthy();
    expect(screen.getByText('instagram.com')).toBeTruthy();
    expect(screen.getByText('Accès direct')).toBeTruthy();
    expect(screen.getByText('Téléphone · iOS')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(csv.getAttribute('download')).toMatch(/^statistiques-poitiers-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = decodeURIComponent(csv.getAttribute('href')!.replace(/^data:text\/csv;charset=utf-8,/, ''));
    expect(text).toContain('jour;personnes;robots;qr code');
    expect(text).toContain('instagram.com;3');
    expect(text).toContain('Téléphone;iOS;3');
    await user.click(screen.getByRole('button', { name: '90 jours' }));
    expect(await screen.findByText('5 visites sur 90 jours : 3 personnes, 2 robots, 1 par QR code.')).toBeTruthy();
    expect(asked).toHaveLength(2);
    expect(asked.map((range) => Math.round((Date.parse(range.split('..')[1]!) - Date.parse(range.split('..')[0]!)) / 86_400_000) + 1)).toEqual([30, 90]);
  });

  it('a dyna link’s UTM builder adds the campaign to its destination and saves it', async () => {
    const id = anId();
    const api = staffApi({
      [`GET /dynaLinks/${id}/visits`]: () => ({ meta: { total: 0, limit: 100, offset: 0 }, items: [] }),
      [`GET /dynaLinks/${id}/stats`]: () => ({ days: [], referrers: [], devices: [] }),
    });
    api.seed('dynaLinks', { _id: id, url: 'https://exemple.fr/concert?salle=2&utm_source=vieux', shortCode: 'concert' });
    const { user } = await renderApp({ path: `/dashboard/dynaLinks/${id}`, api });
    const builder = await screen.findByRole('form', { name: 'Paramètres de campagne (UTM)' });
    const source = within(builder).getByLabelText('Source');
    expect((source as HTMLInputElement).value).toBe('vieux');
    await user.clear(source);
    await user.type(source, 'instagram');
    await user.type(within(builder).getByLabelText('Support'), 'story');
    await user.type(within(builder).getByLabelText('Campagne'), 'festival été');
    expect(within(builder).getByTestId('utm-url').textContent).toBe('https://exemple.fr/concert?salle=2&utm_source=instagram&utm_medium=story&utm_campaign=festival+%C3%A9t%C3%A9');
    await user.click(within(builder).getByRole('button', { name: 'Appliquer à la destination' }));
    await waitFor(() => expect(api.lastCallTo('update')).toEqual(['dynaLinks', id, { url: 'https://exemple.fr/concert?salle=2&utm_source=instagram&utm_medium=story&utm_campaign=festival+%C3%A9t%C3%A9' }]));
  });

  describe('a raffle: publishing the hash and drawing are two separate actions', () => {
    const id = anId();
    const seedHash = 'ab'.repeat(32);
    const entriesHash = 'cd'.repeat(32);
    const committed = { seedHash, committedAt: '2026-02-28T10:00:00.000Z', entriesHash: null, seed: null, drawnAt: null, winners: [] };
    const aRaffle = (draw: object | null) => ({ _id: id, title: 'Tombola de printemps', status: 'open', opensAt: '2026-03-01T10:00:00.000Z', closesAt: '2026-03-10T10:00:00.000Z', prizes: [{ name: 'Deux places', quantity: 1 }], draw });

    it('before the close: the hash is published and shown, the draw waits', async () => {
      const calls: string[] = [];
      const api = staffApi({
        [`GET /raffles/${id}/entries`]: () => ({ meta: { total: 3, limit: 3, offset: 0 }, items: [] }),
        [`POST /raffles/${id}/commit`]: (path) => {
          calls.push(path);
          Object.assign(api.records.get('raffles')![0]!, { draw: committed });
        },
      });
      api.seed('raffles', aRaffle(null));
      const { user } = await renderApp({ path: `/dashboard/raffles/${id}`, api, clock: new FakeClock('2026-03-05T10:00:00.000Z') });
      expect(await screen.findByText('3 participations.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Publier l’empreinte du tirage' }));
      expect(calls).toEqual([`/raffles/${id}/commit`]);
      expect(await screen.findByText(seedHash)).toBeTruthy();
      expect(screen.getByText(/Le tirage sera possible après la clôture des participations/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Lancer le tirage' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Publier l’empreinte du tirage' })).toBeNull();
    });

    it('set to « Participations closes » and saved, the raffle can be drawn at once, without a reload', async () => {
      const api = staffApi({
        [`GET /raffles/${id}/entries`]: () => ({ meta: { total: 1, limit: 1, offset: 0 }, items: [] }),
        [`GET /raffles/${id}/proof`]: () => ({ algorithm: 'hmac-sha256-order', seedHash, committedAt: committed.committedAt, closesAt: '2026-03-05T10:00:00.000Z', entriesHash, entriesHashMethod: '…', seed: null, drawnAt: null, prizes: [], entryIds: [], winners: [] }),
      });
      const stored = { ...aRaffle(committed), legalBasis: 'free_draw' };
      api.seed('raffles', stored);
      // As the server answers: a new record (the one loaded is not changed in place), closed now.
      api.answer('update', (_resource: string, _id: string, body: object) => ({ ...structuredClone(stored), ...body, closesAt: '2026-03-05T10:00:00.000Z' }));
      const { user } = await renderApp({ path: `/dashboard/raffles/${id}`, api, clock: new FakeClock('2026-03-05T10:00:00.000Z') });
      // French plural: 1 participation, 0 participation.
      expect(await screen.findByText('1 participation.')).toBeTruthy();
      expect(screen.getByText(/Le tirage sera possible après la clôture des participations/)).toBeTruthy();
      await user.selectOptions(screen.getByLabelText('Statut'), 'Participations closes');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByRole('button', { name: 'Lancer le tirage' })).toBeTruthy();
      expect(screen.queryByText(/Le tirage sera possible après la clôture des participations/)).toBeNull();
      expect(await screen.findByText(entriesHash)).toBeTruthy();
    });

    it('says « 0 participation » in the singular, as French does', async () => {
      const api = staffApi({ [`GET /raffles/${id}/entries`]: () => ({ meta: { total: 0, limit: 0, offset: 0 }, items: [] }) });
      api.seed('raffles', aRaffle(null));
      await renderApp({ path: `/dashboard/raffles/${id}`, api, clock: new FakeClock('2026-03-05T10:00:00.000Z') });
      expect(await screen.findByText('0 participation.')).toBeTruthy();
    });

    it('after the close: both hashes are shown to note, and the draw runs only after a confirmation', async () => {
      const calls: string[] = [];
      const api = staffApi({
        [`GET /raffles/${id}/entries`]: () => ({ meta: { total: 3, limit: 3, offset: 0 }, items: [] }),
        [`GET /raffles/${id}/proof`]: () => ({ algorithm: 'hmac-sha256-order', seedHash, committedAt: committed.committedAt, closesAt: '2026-03-10T10:00:00.000Z', entriesHash, entriesHashMethod: '…', seed: null, drawnAt: null, prizes: [], entryIds: [], winners: [] }),
        [`POST /raffles/${id}/draw`]: (path) => {
          calls.push(path);
          Object.assign(api.records.get('raffles')![0]!, { status: 'drawn', draw: { ...committed, entriesHash, seed: 'def', drawnAt: '2026-03-14T19:30:00.000Z', winners: [{ entryId: anId(), name: 'Léa', prize: 'Deux places' }] } });
        },
      });
      api.seed('raffles', aRaffle(committed));
      const { user } = await renderApp({ path: `/dashboard/raffles/${id}`, api, clock: new FakeClock('2026-03-12T10:00:00.000Z') });
      expect(await screen.findByText(seedHash)).toBeTruthy();
      expect(await screen.findByText(entriesHash)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Lancer le tirage' }));
      expect(calls).toEqual([]);
      await user.click(within(await screen.findByRole('dialog', { name: 'Lancer le tirage ?' })).getByRole('button', { name: 'Tirer au sort' }));
      expect(await screen.findByText('Léa — Deux places')).toBeTruthy();
      expect(calls).toEqual([`/raffles/${id}/draw`]);
    });
  });

  it('a form shows its entries and links to their CSV export', async () => {
    const id = anId();
    const api = staffApi({ [`GET /forms/${id}/entries`]: () => ({ meta: { total: 1, limit: 1, offset: 0 }, items: [{ _id: anId(), formId: id, entryCode: 'AB12CD', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', answers: { prenom: 'Léa' } }] }) });
    api.seed('forms', { _id: id, title: 'Bénévoles', fields: [{ key: 'prenom', label: 'Prénom', type: 'text', required: true, options: [] }] });
    await renderApp({ path: `/dashboard/forms/${id}`, api });
    expect(await screen.findByText('AB12CD')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Léa' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(`/api/forms/${id}/entries.csv`);
  });

  it('users: staff may look but only an admin changes roles', async () => {
    const id = anId();
    const api = staffApi().seed('users', { _id: id, displayName: 'Valentine', email: 'v@exemple.fr', roles: [] });
    await renderApp({ path: `/dashboard/users/${id}`, api });
    expect(await screen.findByText(/Réservé aux administrateurs/)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Administrateur/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('users: an admin grants the staff role', async () => {
    const id = anId();
    const api = new FakeProductApi().signedInAs(aStaffUser({ roles: ['admin'] })).seed('users', { _id: id, displayName: 'Valentine', email: 'v@exemple.fr', roles: [] });
    const { user } = await renderApp({ path: `/dashboard/users/${id}`, api });
    api.serve(OPERATIONS.setUserRoles, async ({ body }) => ({ _id: id, displayName: 'Valentine', email: 'v@exemple.fr', createdAt: '2026-01-15T20:00:00.000Z', updatedAt: '2026-01-15T20:00:00.000Z', roles: body.roles }));
    // Roles have their own panel (PUT /api/users/{id}/roles, audited), not the form's fields.
    await user.click(await screen.findByRole('checkbox', { name: /Équipe/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les rôles' }));
    await screen.findByText('Rôles enregistrés.');
    expect(api.callsOf(OPERATIONS.setUserRoles)).toEqual([{ path: { id }, body: { roles: ['staff'] } }]);
  });
});
