import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, pathFor } from '@sortie/core';
import { OPERATIONS } from '@sortie/core/domain';
import { FakeProductApi, aTournament, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./PlacePage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';
const PLACE = anId(600);
const TYPE = anId(601);
const MENU = anId(602);
const place = {
  _id: PLACE, name: 'Le Tap Garden', slug: 'le-tap-garden', typeId: TYPE, description: 'Un **bar** à bières avec terrasse.',
  address: { street: '12 rue Carnot', postalCode: '86000', city: 'Poitiers' }, location: { lat: 46.58, lng: 0.34 },
  phone: '05 49 00 00 00', website: 'https://tap-garden.example.fr', socials: { instagram: 'https://instagram.com/tapgarden', evil: 'javascript:alert(1)' },
  images: [], openingHours: { tue: ['18:00-01:00'], sat: ['14:00-16:30', '18:00-02:00'] }, createdAt: WHEN, updatedAt: WHEN,
};

function apiWithPlace() {
  return new FakeProductApi()
    .seed('places', place)
    .seed('placeTypes', { _id: TYPE, name: 'Bar', icon: 'mdiGlassMugVariant' })
    .seed('menus', { _id: MENU, placeId: PLACE, title: 'La carte', sections: [] })
    .seed('jobOffers', { _id: anId(603), placeId: PLACE, title: 'Barman', contract: 'CDI', city: 'Poitiers', publishedAt: WHEN })
    .seed('events', anEvent({ _id: anId(604), title: 'Quiz musical', placeId: PLACE }), anEvent({ _id: anId(605), title: 'Ailleurs', placeId: anId(9) }));
}

describe('/places/{id}', () => {
  it('shows the place: type, address, description, opening hours in French and contact', async () => {
    await renderApp({ path: pathFor('place', { id: PLACE }), api: apiWithPlace() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Tap Garden' })).toBeTruthy();
    expect(screen.getByText('Bar')).toBeTruthy();
    expect(screen.getByText('12 rue Carnot')).toBeTruthy();
    expect(screen.getByText('bar').tagName).toBe('STRONG');
    const hours = screen.getByRole('heading', { name: 'Horaires d’ouverture' }).parentElement!;
    expect(within(hours).getByText('Mardi').nextElementSibling!.textContent).toBe('18 h – 1 h');
    expect(within(hours).getByText('Samedi').nextElementSibling!.textContent).toBe('14 h – 16 h 30, 18 h – 2 h');
    expect(within(hours).getByText('Lundi').nextElementSibling!.textContent).toBe('Fermé');
    expect(screen.getByRole('link', { name: '05 49 00 00 00' }).getAttribute('href')).toBe('tel:0549000000');
    expect(screen.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe('https://instagram.com/tapgarden');
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(document.title).toBe('Le Tap Garden · Sortie');
  });

  it('links to the map, the menu and the job offers, and lists only this place’s upcoming events', async () => {
    await renderApp({ path: pathFor('place', { id: PLACE }), api: apiWithPlace() });
    const map = await screen.findByRole('link', { name: /Voir Le Tap Garden sur la carte/ });
    expect(map.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=46.58&mlon=0.34#map=17/46.58/0.34');
    expect(screen.getByRole('link', { name: 'Voir le menu' }).getAttribute('href')).toBe(pathFor('menu', { id: MENU }));
    expect(screen.getByRole('link', { name: 'Offres d’emploi (1)' }).getAttribute('href')).toBe(pathFor('placeJobOffers', { id: PLACE }));
    expect((await screen.findByRole('link', { name: 'Quiz musical' })).getAttribute('href')).toBe(pathFor('event', { id: anId(604) }));
    expect(screen.queryByRole('link', { name: 'Ailleurs' })).toBeNull();
  });

  it('says when nothing is planned and the hours are unknown', async () => {
    const api = new FakeProductApi().seed('places', { ...place, typeId: undefined, openingHours: {}, location: undefined });
    await renderApp({ path: pathFor('place', { id: PLACE }), api });
    expect(await screen.findByText('Aucun événement à venir dans ce lieu pour le moment.')).toBeTruthy();
    expect(screen.getByText('Horaires non communiqués.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Voir le menu' })).toBeNull();
    expect(screen.getByRole('link', { name: /sur la carte/ }).getAttribute('href')).toContain('openstreetmap.org/search?query=12%20rue%20Carnot');
  });

  it('shows the exceptional closures still to come (the fake clock reads 2026-01-15) and names each typed link in French', async () => {
    const api = new FakeProductApi().seed('places', {
      ...place,
      closures: [{ date: '2026-02-14', note: 'Soirée privée' }, { date: '2026-01-01', note: 'Jour de l’an' }, { date: '2026-01-20', note: '' }],
      socials: { tickets: 'https://billets.example.fr/tap', twitter: 'https://x.com/tapgarden' },
    });
    await renderApp({ path: pathFor('place', { id: PLACE }), api });
    const hours = await screen.findByRole('region', { name: 'Horaires d’ouverture' });
    expect(within(hours).getByRole('heading', { name: 'Fermetures exceptionnelles' })).toBeTruthy();
    expect(within(hours).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['mardi 20 janvier 2026', 'samedi 14 février 2026 — Soirée privée']);
    expect(screen.getByRole('link', { name: /Billetterie/ }).getAttribute('href')).toBe('https://billets.example.fr/tap');
    expect(screen.getByRole('link', { name: /^X/ }).getAttribute('href')).toBe('https://x.com/tapgarden');
  });

  it('says in French that an unknown place does not exist', async () => {
    const api = new FakeProductApi().fail('get', new NotFoundError('Lieu introuvable.'));
    await renderApp({ path: pathFor('place', { id: anId(699) }), api });
    expect((await screen.findByRole('alert')).textContent).toContain('Lieu introuvable.');
    expect(screen.getByRole('heading', { level: 1, name: 'Lieu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('/places/{id} tonight', () => {
  // The fake clock reads 2026-01-15, 21:00 in Paris.
  it('shows what is on at the venue tonight (still to come or under way) and what can be joined there now', async () => {
    // What GET /api/places/:id/tonight answers: the server has already left out the event that is over.
    const meta = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
    const api = apiWithPlace().serve(OPERATIONS.placeTonight, ({ path }) => ({
      events:
        path.id === PLACE
          ? [
              anEvent({ _id: anId(612), title: 'Karaoké en cours', placeId: PLACE, startsAt: '2026-01-15T19:30:00.000Z' }),
              anEvent({ _id: anId(610), title: 'Concert du soir', placeId: PLACE, startsAt: '2026-01-15T21:00:00.000Z', endsAt: '2026-01-15T23:00:00.000Z' }),
            ]
          : [],
      tournaments: [aTournament({ _id: anId(614), name: 'Baby-foot', status: 'running', eventId: anId(612) })],
      blindTests: [{ _id: anId(613), ...meta, placeId: PLACE, title: 'Quiz des années 80', status: 'live' as const, questionIds: [], mode: 'answers' as const, slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0 }],
      raffles: [{ _id: anId(615), ...meta, placeId: PLACE, title: 'Tombola du bar', description: '', rules: '', status: 'open' as const, legalBasis: 'free_draw' as const, entryPolicy: 'verified' as const, entryCount: 0, opensAt: '2026-01-15T18:00:00.000Z', closesAt: '2026-01-16T18:00:00.000Z', prizes: [], draw: null }],
    }));
    await renderApp({ path: pathFor('place', { id: PLACE }), api });
    const tonight = await screen.findByRole('region', { name: 'Ce soir au Le Tap Garden' });
    expect(within(tonight).getByRole('link', { name: 'Concert du soir' }).getAttribute('href')).toBe(`/events/${anId(610)}`);
    expect(within(tonight).getByText('22:00')).toBeTruthy();
    expect(within(tonight).getByRole('link', { name: 'Karaoké en cours' })).toBeTruthy();
    expect(within(tonight).getByText('En ce moment')).toBeTruthy();
    expect(within(tonight).getByRole('link', { name: 'Blind test en cours : Quiz des années 80' }).getAttribute('href')).toBe(`/blindTests/${anId(613)}`);
    expect(within(tonight).getByRole('link', { name: 'Tournoi en cours : Baby-foot' }).getAttribute('href')).toBe(`/tournaments/${anId(614)}`);
    expect(within(tonight).getByRole('link', { name: 'Tombola ouverte : Tombola du bar' }).getAttribute('href')).toBe(`/raffles/${anId(615)}`);
    expect(api.callsOf(OPERATIONS.placeTonight)).toEqual([{ path: { id: PLACE } }]);
  });

  it('shows nothing on a quiet evening', async () => {
    const api = apiWithPlace().serve(OPERATIONS.placeTonight, () => ({ events: [], tournaments: [], blindTests: [], raffles: [] }));
    await renderApp({ path: pathFor('place', { id: PLACE }), api });
    await waitFor(() => expect(api.callsOf(OPERATIONS.placeTonight)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /^Ce soir/ })).toBeNull();
  });
});
