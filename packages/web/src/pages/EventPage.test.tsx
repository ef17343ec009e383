import { SESSION_HINT_COOKIE } from '@sortie/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '@sortie/core';
import { OPERATIONS } from '@sortie/core/domain';
import { FakeProductApi, aUser, anEvent, anId } from '@sortie/core/testing';
import { FakeCookies } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { PushPromptStore } from '../state/push-prompt.store';

vi.mock('../features/map/MapView', () => import('../features/map/MapView.mock'));

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./EventPage');
}, 60_000);

const EVENT = anId(1);
const PLACE = anId(2);
const place = { _id: PLACE, name: 'Confort Moderne', slug: 'confort-moderne', address: { street: '185 rue du Faubourg du Pont-Neuf', postalCode: '86000', city: 'Poitiers' }, location: { lat: 46.58, lng: 0.35 } };
const event = anEvent({
  _id: EVENT,
  title: 'Concert de rentrée',
  description: '**Trois groupes**, une soirée.',
  startsAt: '2026-01-20T19:30:00.000Z',
  endsAt: '2026-01-20T23:00:00.000Z',
  placeId: PLACE,
  organizationId: anId(3),
  artistIds: [anId(4)],
  categoryIds: [anId(5)],
  price: { min: 800, max: 1200 },
  ticketUrl: 'https://billets.example.org/rentree',
  likeCount: 3,
});

function apiWithEvent() {
  return new FakeProductApi()
    .seed('events', event, anEvent({ _id: anId(6), title: 'Autre soirée', startsAt: '2026-01-22T19:30:00.000Z' }))
    .seed('places', place)
    .seed('organizations', { _id: anId(3), name: 'Association Jazz à Poitiers' })
    .seed('artists', { _id: anId(4), name: 'Les Zèbres', slug: 'les-zebres' })
    .seed('eventCategories', { _id: anId(5), name: 'Concert', slug: 'concert' });
}

afterEach(() => vi.restoreAllMocks());

describe('an event’s page (/events/{id})', () => {
  it('shows its dates, place, map, organisation, artists, categories, price, ticket link and related events', async () => {
    await renderApp({ path: `/events/${EVENT}`, api: apiWithEvent() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Concert de rentrée' })).toBeTruthy();
    expect(screen.getByText('mardi 20 janvier à 20:30')).toBeTruthy();
    expect(screen.getByText('8 € – 12 €')).toBeTruthy();
    // The description is Markdown (the shared Markdown component, whose sanitising is tested under jsdom).
    const about = screen.getByRole('region', { name: 'À propos' });
    expect(within(about).getByText('Trois groupes').tagName).toBe('STRONG');
    expect((await screen.findByRole('link', { name: 'Confort Moderne' })).getAttribute('href')).toBe(`/places/${PLACE}`);
    expect((await screen.findByRole('link', { name: 'Association Jazz à Poitiers' })).getAttribute('href')).toBe(`/organizations/${anId(3)}`);
    expect((await screen.findByRole('link', { name: 'Les Zèbres' })).getAttribute('href')).toBe('/artists/les-zebres');
    expect(within(await screen.findByRole('list', { name: 'Catégories' })).getByText('Concert')).toBeTruthy();
    const ticket = screen.getByRole('link', { name: /Réserver/ });
    expect(ticket.getAttribute('href')).toBe('https://billets.example.org/rentree');
    expect(ticket.getAttribute('rel')).toBe('noopener noreferrer');
    const map = await screen.findByRole('region', { name: 'Carte : Confort Moderne' });
    expect(within(map).getByText('Confort Moderne').getAttribute('data-lat')).toBe('46.58');
    const related = await screen.findByRole('region', { name: 'À voir aussi à Poitiers' });
    expect(within(related).getByRole('link', { name: 'Autre soirée' })).toBeTruthy();
    expect(within(related).queryByText('Concert de rentrée')).toBeNull();
  });

  it('reads all its artists in one request and all its categories in another', async () => {
    const many = { ...event, artistIds: [anId(4), anId(7), anId(8)], categoryIds: [anId(5), anId(9)] };
    const api = new FakeProductApi()
      .seed('events', many)
      .seed('places', place)
      .seed('organizations', { _id: anId(3), name: 'Association Jazz à Poitiers' })
      .seed('artists', { _id: anId(4), name: 'Les Zèbres', slug: 'les-zebres' }, { _id: anId(7), name: 'Lysistrata', slug: 'lysistrata' }, { _id: anId(8), name: 'Ko Ko Mo', slug: 'ko-ko-mo' })
      .seed('eventCategories', { _id: anId(5), name: 'Concert', slug: 'concert' }, { _id: anId(9), name: 'Rock', slug: 'rock' });
    await renderApp({ path: `/events/${EVENT}`, api });
    const artists = await screen.findByRole('region', { name: 'Artistes' });
    expect(within(artists).getAllByRole('link').map((link) => link.textContent)).toEqual(['Les Zèbres', 'Lysistrata', 'Ko Ko Mo']);
    expect(within(await screen.findByRole('list', { name: 'Catégories' })).getAllByRole('listitem')).toHaveLength(2);
    const lists = api.callsTo('list');
    expect(lists.filter(([resource]) => resource === 'artists' || resource === 'eventCategories')).toEqual([
      ['artists', { ids: [anId(4), anId(7), anId(8)].join(','), limit: 3 }],
      ['eventCategories', { ids: [anId(5), anId(9)].join(','), limit: 2 }],
    ]);
    // Besides, its games in one request (EventGames), and no list per kind of game.
    expect(lists.map(([resource]) => resource).sort()).toEqual(['artists', 'eventCategories']);
    expect(api.callsOf(OPERATIONS.eventGames)).toEqual([{ path: { id: EVENT } }]);
    expect(api.callsTo('get').map(([resource]) => resource).sort()).toEqual(['events', 'organizations', 'places']);
  });

  it('says so in French when the event does not exist', async () => {
    await renderApp({ path: `/events/${anId(99)}`, api: new FakeProductApi().fail('get', new NotFoundError('Événement introuvable.')) });
    expect((await screen.findByRole('alert')).textContent).toContain('Événement introuvable.');
    expect(screen.getByRole('heading', { level: 1, name: 'Événement' })).toBeTruthy();
  });

  it('opens the sign-in dialog when an anonymous visitor likes it', async () => {
    const api = apiWithEvent();
    const { user } = await renderApp({ path: `/events/${EVENT}`, api });
    const like = await screen.findByRole<HTMLButtonElement>('button', { name: /J’aime/ });
    await waitFor(() => expect(like.disabled).toBe(false));
    await user.click(like);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(api.callsTo('request').filter(([method]) => method === 'PUT')).toEqual([]);
  });

  it('keeps the like button disabled until the session is known, so a signed-in visitor is never asked to sign in', async () => {
    const api = apiWithEvent();
    let signIn!: () => void;
    // The server is slow to say who is signed in.
    api.answerOnce('me', () => new Promise((resolve) => (signIn = () => resolve(aUser()))));
    api.answer('request', (_method: string, path: string) => ({ liked: false, eventId: path.split('/').at(-1) }));
    const cookies = new FakeCookies();
    cookies.set(SESSION_HINT_COOKIE, '1', { maxAgeSeconds: 60 });
    await renderApp({ path: `/events/${EVENT}`, api, cookies });
    const like = await screen.findByRole<HTMLButtonElement>('button', { name: /J’aime/ });
    expect(like.disabled).toBe(true);
    signIn();
    await waitFor(() => expect(like.disabled).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('likes and unlikes for a signed-in visitor, starting from what the server says', async () => {
    const api = apiWithEvent().signedInAs(aUser());
    api.answer('request', (method: string, path: string) => (method === 'GET' ? { liked: false, eventId: path.split('/').at(-1) } : { liked: method === 'PUT', eventId: path.split('/').at(-1) }));
    const { user } = await renderApp({ path: `/events/${EVENT}`, api });
    const like = await screen.findByRole('button', { name: /J’aime/ });
    await waitFor(() => expect(api.callsTo('request')).toContainEqual(['GET', `/me/likes/${EVENT}`, {}]));
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(within(like).getByLabelText('4 mentions j’aime')).toBeTruthy();
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(api.callsTo('request').map(([method]) => method).filter((method) => method !== 'GET')).toEqual(['PUT', 'DELETE']);
  });

  describe('« Recevoir un rappel le jour J ? » after a like', () => {
    const likeOnVisit = async (visitsBefore: number) => {
      // A browser that can receive Web Push and was never asked.
      vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
      vi.stubGlobal('PushManager', function PushManager() {});
      Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
      localStorage.clear();
      sessionStorage.clear();
      if (visitsBefore) localStorage.setItem('sortie:visits', String(visitsBefore));
      const api = apiWithEvent().signedInAs(aUser());
      api.answer('request', (method: string, path: string) => (method === 'GET' ? { liked: false, eventId: path.split('/').at(-1) } : { liked: method === 'PUT', eventId: path.split('/').at(-1) }));
      const rendered = await renderApp({ path: `/events/${EVENT}`, api, config: { vapidPublicKey: 'BOr3s0pJzGBLmH0Ii-wNNtrWHnE4ecTnR8gXBAOY8tGLnFJCLIrZNq6YkE-Rx4vdCqF6pUnHkgSn20MOhsQwFAg' } });
      const like = await screen.findByRole('button', { name: /J’aime/ });
      await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
      await rendered.user.click(like);
      await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
      return rendered;
    };
    afterEach(() => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
      localStorage.clear();
      sessionStorage.clear();
    });

    it('is offered from the second visit, and « Plus tard » closes it', async () => {
      const { user } = await likeOnVisit(1);
      const offer = await screen.findByRole('dialog', { name: 'Recevoir un rappel le jour J ?' });
      expect(offer.textContent).toContain('la veille et une heure avant');
      await user.click(within(offer).getByRole('button', { name: 'Plus tard' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recevoir un rappel le jour J ?' })).toBeNull());
      expect(localStorage.getItem('sortie:push-prompt-dismissed')).not.toBeNull();
    });

    it('is never offered on the first visit', async () => {
      const offer = vi.spyOn(PushPromptStore.prototype, 'offer');
      await likeOnVisit(0);
      // The like asked the store, which decided (synchronously) not to open the offer.
      await waitFor(() => expect(offer).toHaveBeenCalledTimes(1));
      expect((offer.mock.contexts[0] as PushPromptStore).state.open).toBe(false);
      expect(screen.queryByRole('dialog', { name: 'Recevoir un rappel le jour J ?' })).toBeNull();
    });
  });

  it('shares a link carrying the share’s id, copied to the clipboard', async () => {
    const api = apiWithEvent().signedInAs(aUser());
    api.answer('create', { _id: 'abcdefabcdefabcdefabcdef', target: { kind: 'event', id: EVENT } });
    Object.defineProperty(window.navigator, 'share', { value: undefined, configurable: true });
    const { user } = await renderApp({ path: `/events/${EVENT}`, api });
    await user.click(await screen.findByRole('button', { name: 'Partager' }));
    expect(await screen.findByText('Lien copié dans le presse-papiers.')).toBeTruthy();
    expect(api.lastCallTo('create')).toEqual(['shares', { target: { kind: 'event', id: EVENT } }]);
    // user-event stands in for the browser's clipboard.
    expect(await window.navigator.clipboard.readText()).toBe(`http://localhost:3000/events/${EVENT}?nshid=abcdefabcdefabcdefabcdef`);
  });

  it('offers the event’s .ics from the server, and Google Agenda and Outlook filled in', async () => {
    await renderApp({ path: `/events/${EVENT}`, api: apiWithEvent() });
    await screen.findByRole('link', { name: 'Confort Moderne' });
    const links = within(screen.getByRole('group', { name: 'Ajouter à mon agenda' }));
    const file = links.getByRole('link', { name: /Fichier \.ics/ });
    expect(file.getAttribute('href')).toBe(`/calendar/events/${EVENT}.ics`);
    expect(file.hasAttribute('download')).toBe(true);
    const google = new URL(links.getByRole('link', { name: /Google Agenda/ }).getAttribute('href')!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      action: 'TEMPLATE',
      text: 'Concert de rentrée',
      dates: '20260120T193000Z/20260120T230000Z',
      location: 'Confort Moderne, 185 rue du Faubourg du Pont-Neuf, 86000 Poitiers',
      details: `Trois groupes, une soirée.\n\nhttp://localhost:3000/events/${EVENT}`,
    });
    const outlook = new URL(links.getByRole('link', { name: /Outlook/ }).getAttribute('href')!);
    expect(outlook.hostname).toBe('outlook.live.com');
    expect(Object.fromEntries(outlook.searchParams)).toMatchObject({ subject: 'Concert de rentrée', startdt: '2026-01-20T19:30:00.000Z', enddt: '2026-01-20T23:00:00.000Z' });
    expect(screen.queryByRole('button', { name: 'Ajouter à mon agenda' })).toBeNull();
  });

  it('shows a date of a series as « Tous les mardis à 20 h 30 », its pause and its next dates as links (issue 35)', async () => {
    const SERIES = anId(20);
    const date = (n: number, day: string, startsAt: string, status = 'published') => ({ _id: anId(20 + n), startsAt, occurrenceDate: day, status, title: 'Quiz du mardi' });
    const api = new FakeProductApi()
      .seed('events', anEvent({ _id: anId(21), title: 'Quiz du mardi', startsAt: '2026-03-24T19:30:00.000Z', seriesId: SERIES, occurrenceDate: '2026-03-24' }))
      .serve(OPERATIONS.series, ({ path }) => {
        expect(path.id).toBe(SERIES);
        return {
          series: { _id: SERIES, rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2026-03-03', startTime: '20:30', status: 'active' },
          description: 'Tous les mardis à 20 h 30',
          pauses: ['Pause du lundi 6 avril 2026 au dimanche 19 avril 2026'],
          upcoming: [date(1, '2026-03-24', '2026-03-24T19:30:00.000Z'), date(2, '2026-03-31', '2026-03-31T18:30:00.000Z'), date(3, '2026-04-21', '2026-04-21T18:30:00.000Z', 'cancelled')],
          schedule: { '@type': 'Schedule' as const, repeatFrequency: 'P1W' },
        };
      });
    await renderApp({ path: `/events/${anId(21)}`, api });
    const series = await screen.findByRole('region', { name: 'Tous les mardis à 20 h 30' });
    expect(within(series).getByText('Pause du lundi 6 avril 2026 au dimanche 19 avril 2026')).toBeTruthy();
    const links = within(series).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['mardi 31 mars à 20:30', `/events/${anId(22)}`],
      ['mardi 21 avril à 20:30', `/events/${anId(23)}`],
    ]);
    expect(within(series).getByText('annulée')).toBeTruthy();
  });
});
