import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppError, DIAGNOSTIC_CHECKS, DIAGNOSTIC_LABELS, INSTAGRAM_VARIABLES, BRIGHTDATA_VARIABLES, OPERATIONS, instagramCaption } from '@sortie/core/domain';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { renderApp } from '../../../test/render-app';

const EVENT_ID = anId();
const EVENT = {
  id: EVENT_ID,
  title: 'Concert de Noël',
  startsAt: '2026-12-20T19:00:00.000Z',
  caption: instagramCaption({ title: 'Concert de Noël', startsAt: '2026-12-20T19:00:00.000Z', placeName: 'Le Confort Moderne', city: 'Poitiers', url: `https://sortie.example/events/${EVENT_ID}` }),
  visualPath: `/api/designer/events/${EVENT_ID}/image.png?format=square&download=1`,
};
const IMAGE_URL = 'https://sortie.example/api/instagram/visuals/abcdefabcdefabcdefabcdef.jpg';
const variables = (list: ReadonlyArray<{ name: string; help: string }>, set: boolean) => list.map((v) => ({ ...v, set }));
const staff = () => new FakeProductApi().signedInAs(aStaffUser());

describe('/dashboard/instagram', () => {
  it('without configuration: « Télécharger le visuel » and « Copier la légende » in one click each, and the variables that configure it', async () => {
    const api = staff().serve(OPERATIONS.instagramStatus, () => ({ configured: false, variables: variables(INSTAGRAM_VARIABLES, false), events: [EVENT] }));
    const { user } = await renderApp({ path: '/dashboard/instagram', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Instagram' })).toBeTruthy();
    // The heading belongs to the page's frame, drawn before the status has loaded.
    expect((await screen.findByRole('note')).textContent).toContain('Instagram n’est pas configuré sur ce serveur');
    expect(screen.getByText('INSTAGRAM_ACCESS_TOKEN')).toBeTruthy();
    expect(screen.getByText('INSTAGRAM_USER_ID')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Télécharger le visuel' });
    expect(download.getAttribute('href')).toBe(EVENT.visualPath);
    expect(download.hasAttribute('download')).toBe(true);
    expect((screen.getByLabelText('Légende') as HTMLTextAreaElement).value).toBe(EVENT.caption);
    await user.click(screen.getByRole('button', { name: 'Copier la légende' }));
    expect(await screen.findByText('Copié !')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(EVENT.caption);
    expect(screen.queryByRole('button', { name: 'Publier sur Instagram' })).toBeNull();
  });

  it('configured: publishes the edited caption and links to the post', async () => {
    const publish = vi.fn((params: { path: { id: string }; body: { caption: string } }) => ({
      id: anId(), eventId: params.path.id, eventTitle: EVENT.title, userId: anId(), userName: 'Samir Équipe', caption: params.body.caption, imageUrl: IMAGE_URL,
      status: 'published' as const, mediaId: '1789', permalink: 'https://www.instagram.com/p/ABC/', error: null, createdAt: '2026-12-01T10:00:00.000Z',
    }));
    const api = staff()
      .serve(OPERATIONS.instagramStatus, () => ({ configured: true, variables: variables(INSTAGRAM_VARIABLES, true), events: [EVENT] }))
      .serve(OPERATIONS.instagramPublish, publish);
    const { user } = await renderApp({ path: '/dashboard/instagram', api });
    const caption = await screen.findByLabelText('Légende');
    await user.clear(caption);
    await user.type(caption, 'Ce soir !');
    await user.click(screen.getByRole('button', { name: 'Publier sur Instagram' }));
    expect((await screen.findByRole('link', { name: 'Voir la publication' })).getAttribute('href')).toBe('https://www.instagram.com/p/ABC/');
    expect(publish).toHaveBeenCalledWith({ path: { id: EVENT_ID }, body: { caption: 'Ce soir !' } });
    expect(screen.queryByText('INSTAGRAM_ACCESS_TOKEN')).toBeNull();
  });

  it('configured: a refusal by Instagram is shown in French', async () => {
    const api = staff()
      .serve(OPERATIONS.instagramStatus, () => ({ configured: true, variables: variables(INSTAGRAM_VARIABLES, true), events: [EVENT] }))
      .serve(OPERATIONS.instagramPublish, () => {
        throw new AppError('Jeton d’accès Instagram refusé ou expiré.', { statusCode: 502 });
      });
    const { user } = await renderApp({ path: '/dashboard/instagram', api });
    await user.click(await screen.findByRole('button', { name: 'Publier sur Instagram' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Jeton d’accès Instagram refusé ou expiré.');
  });
});

describe('/dashboard/instagram/index_old', () => {
  it('lists what was published: event, when, by whom, the permalink or the error', async () => {
    const base = { eventId: EVENT_ID, eventTitle: 'Concert de Noël', userId: anId(), caption: 'x', imageUrl: IMAGE_URL, mediaId: null, createdAt: '2026-12-01T10:00:00.000Z' };
    const api = staff().serve(OPERATIONS.instagramPublications, () => ({
      items: [
        { ...base, id: anId(), userName: 'Samir Équipe', status: 'published' as const, mediaId: '1', permalink: 'https://www.instagram.com/p/ABC/', error: null },
        { ...base, id: anId(), userName: 'Alice Admin', status: 'failed' as const, permalink: null, error: 'Jeton d’accès Instagram refusé ou expiré.' },
      ],
    }));
    await renderApp({ path: '/dashboard/instagram/index_old', api });
    const table = await screen.findByRole('table', { name: 'Publications Instagram' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Concert de Noël' }).getAttribute('href')).toBe(`/dashboard/events/${EVENT_ID}`);
    expect(within(rows[0]!).getByRole('link', { name: 'Voir sur Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/p/ABC/');
    expect(rows[0]!.textContent).toContain('Samir Équipe');
    expect(rows[1]!.textContent).toContain('Échec : Jeton d’accès Instagram refusé ou expiré.');
  });

  it('says when nothing was published yet', async () => {
    await renderApp({ path: '/dashboard/instagram/index_old', api: staff().serve(OPERATIONS.instagramPublications, () => ({ items: [] })) });
    expect(await screen.findByText('Aucune publication pour l’instant.')).toBeTruthy();
  });
});

describe('/dashboard/brightdata', () => {
  it('without configuration: says so, lists the variables and offers no test', async () => {
    const api = staff().serve(OPERATIONS.brightdataStatus, () => ({ configured: false, variables: variables(BRIGHTDATA_VARIABLES, false), zone: null, testUrl: 'https://geo.brdtest.com/welcome.txt', collectors: [] }));
    await renderApp({ path: '/dashboard/brightdata', api });
    expect((await screen.findByRole('note')).textContent).toContain('Bright Data n’est pas configuré sur ce serveur');
    expect(screen.getByText('BRIGHTDATA_API_TOKEN')).toBeTruthy();
    expect(screen.getByText('BRIGHTDATA_ZONE')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tester la connexion' })).toBeNull();
  });

  it('configured: « Tester la connexion » reports status and duration, and lists the collectors that use it', async () => {
    const collectorId = anId();
    const api = staff()
      .serve(OPERATIONS.brightdataStatus, () => ({ configured: true, variables: variables(BRIGHTDATA_VARIABLES, true), zone: 'web_unlocker1', testUrl: 'https://geo.brdtest.com/welcome.txt', collectors: [{ id: collectorId, name: 'Agenda protégé' }] }))
      .serve(OPERATIONS.brightdataTest, () => ({ ok: true, url: 'https://geo.brdtest.com/welcome.txt', status: 200, durationMs: 812, bytes: 23, message: 'Connexion réussie : HTTP 200, 23 octets en 812 ms.' }));
    const { user } = await renderApp({ path: '/dashboard/brightdata', api });
    expect((await screen.findByRole('link', { name: 'Agenda protégé' })).getAttribute('href')).toBe(`/dashboard/collectors/${collectorId}`);
    await user.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    const status = await screen.findByText(/^Réussi — statut 200, 812 ms\./);
    expect(status.textContent).toContain('Connexion réussie : HTTP 200, 23 octets en 812 ms.');
  });
});

describe('/dashboard/test', () => {
  it('is for admins: staff read « Réservé aux administrateurs. »', async () => {
    await renderApp({ path: '/dashboard/test', api: staff() });
    expect((await screen.findByRole('note')).textContent).toBe('Réservé aux administrateurs.');
  });

  it('an admin runs a check and reads its result and duration; « Tout vérifier » runs them all', async () => {
    const run = vi.fn(({ path: { check } }: { path: { check: (typeof DIAGNOSTIC_CHECKS)[number] } }) =>
      check === 'instagram'
        ? { check, outcome: 'unconfigured' as const, message: 'Instagram non configuré (INSTAGRAM_ACCESS_TOKEN, INSTAGRAM_USER_ID).', durationMs: 0 }
        : { check, outcome: 'ok' as const, message: 'Base PGlite joignable ; 16 migration(s) appliquée(s).', durationMs: 4 },
    );
    const api = new FakeProductApi()
      .signedInAs(aStaffUser({ roles: ['admin'] }))
      .serve(OPERATIONS.diagnostics, () => ({ checks: DIAGNOSTIC_CHECKS.map((check) => ({ check, ...DIAGNOSTIC_LABELS[check] })) }))
      .serve(OPERATIONS.runDiagnostic, run);
    const { user } = await renderApp({ path: '/dashboard/test', api });
    await user.click(await screen.findByRole('button', { name: 'Lancer : Base de données' }));
    const row = screen.getByRole('row', { name: /Base de données/ });
    await waitFor(() => expect(row.textContent).toContain('OK — Base PGlite joignable ; 16 migration(s) appliquée(s).'));
    expect(row.textContent).toContain('4 ms');
    await user.click(screen.getByRole('button', { name: 'Tout vérifier' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1 + DIAGNOSTIC_CHECKS.length));
    await waitFor(() => expect(screen.getByRole('row', { name: /Instagram/ }).textContent).toContain('Non configuré — Instagram non configuré'));
  });

  it('« Envoyer une notification de test » shows, per device of the admin, what its push service answered', async () => {
    const api = new FakeProductApi()
      .signedInAs(aStaffUser({ roles: ['admin'] }))
      .serve(OPERATIONS.diagnostics, () => ({ checks: DIAGNOSTIC_CHECKS.map((check) => ({ check, ...DIAGNOSTIC_LABELS[check] })) }))
      .serve(OPERATIONS.runDiagnostic, ({ path: { check } }: { path: { check: (typeof DIAGNOSTIC_CHECKS)[number] } }) => ({
        check,
        outcome: 'error' as const,
        message: 'Notification envoyée : dans la cloche.',
        durationMs: 120,
        devices: [
          { device: 'Chrome sur Android', service: 'fcm.googleapis.com', status: 'sent' as const, statusCode: 201, answer: null },
          { device: 'Firefox sur Windows', service: 'updates.push.services.mozilla.com', status: 'failed' as const, statusCode: 410, answer: 'Appareil disparu (410) : abonnement retiré.' },
        ],
      }));
    const { user } = await renderApp({ path: '/dashboard/test', api });
    await user.click(await screen.findByRole('button', { name: 'Envoyer une notification de test' }));
    const list = await screen.findByRole('list', { name: 'Réponse du service de notifications, par appareil' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Chrome sur Android (fcm.googleapis.com) : reçue (201)',
      'Firefox sur Windows (updates.push.services.mozilla.com) : refusée (410) — Appareil disparu (410) : abonnement retiré.',
    ]);
  });
});

describe('a collector chooses how its source is read', () => {
  it('its form offers « Lecture de la source » : Requête directe or Bright Data (Web Unlocker)', async () => {
    const id = anId();
    const api = staff().seed('collectors', { _id: id, name: 'Agenda protégé', source: { kind: 'web', url: 'https://protege.example/agenda' }, city: 'Poitiers', categoryMap: [], schedule: '@daily', autoPublish: false, fetchProvider: 'brightdata', lastRunAt: null, lastResult: null, runs: [] });
    await renderApp({ path: `/dashboard/collectors/${id}`, api });
    const select = (await screen.findByLabelText(/^Lecture de la source/)) as HTMLSelectElement;
    expect(within(select).getByRole('option', { name: 'Requête directe' })).toBeTruthy();
    expect((within(select).getByRole('option', { name: 'Bright Data (Web Unlocker)' }) as HTMLOptionElement).selected).toBe(true);
  });
});
