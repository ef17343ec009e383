import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeClock, FakeProductApi, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';
import { SEARCH_DEBOUNCE_MS } from './SearchPage';

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./SearchPage');
}, 60_000);

const answer = {
  q: 'theatre',
  counts: { event: 1, place: 3, organization: 0, artist: 0 },
  items: [
    { kind: 'place', _id: anId(1), title: 'TAP – Théâtre Auditorium', item: { address: { street: '6 rue de la Marne', city: 'Poitiers' } } },
    { kind: 'event', _id: anId(2), title: 'Théâtre d’impro', item: { startsAt: '2026-01-20T19:30:00.000Z', city: 'Poitiers' } },
    { kind: 'artist', _id: anId(3), title: 'Troupe du Théâtre', item: { slug: 'troupe', genres: ['théâtre'] } },
  ],
};

describe('the search page (/search?q=)', () => {
  it('searches what the address says and groups the results by kind', async () => {
    const api = new FakeProductApi().answer('request', answer);
    await renderApp({ path: '/search?q=theatre', api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lieux (3)' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Événements (1)', 'Lieux (3)', 'Artistes (1)']);
    const places = screen.getByRole('region', { name: 'Lieux (3)' });
    expect(within(places).getByRole('link', { name: 'TAP – Théâtre Auditorium' }).getAttribute('href')).toBe(`/places/${anId(1)}`);
    expect(within(places).getByText('6 rue de la Marne, Poitiers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Théâtre d’impro' }).getAttribute('href')).toBe(`/events/${anId(2)}`);
    expect(screen.getByRole('link', { name: 'Troupe du Théâtre' }).getAttribute('href')).toBe('/artists/troupe');
    expect(api.lastCallTo('request')).toEqual(['GET', '/search', { query: { q: 'theatre', limit: 10 } }]);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('theatre');
  });

  it('puts the typed query in the address once typing pauses', async () => {
    const clock = new FakeClock();
    const api = new FakeProductApi().answer('request', answer);
    const { user, navigator } = await renderApp({ path: '/search', api, clock });
    await user.type(await screen.findByRole('searchbox'), 'theatre');
    expect(navigator.location).toBe('/search');
    expect(api.callsTo('request')).toEqual([]);
    await act(async () => clock.advance(SEARCH_DEBOUNCE_MS));
    expect(navigator.location).toBe('/search?q=theatre');
    expect(await screen.findByRole('link', { name: 'TAP – Théâtre Auditorium' })).toBeTruthy();
    expect(api.callsTo('request')).toHaveLength(1);
  });

  it('searches at once on Enter', async () => {
    const api = new FakeProductApi().answer('request', answer);
    const { user, navigator } = await renderApp({ path: '/search', api });
    await user.type(await screen.findByRole('searchbox'), 'tap{Enter}');
    expect(navigator.location).toBe('/search?q=tap');
    expect(await screen.findByRole('link', { name: 'TAP – Théâtre Auditorium' })).toBeTruthy();
  });

  it('says when nothing matches, and when the search fails', async () => {
    await renderApp({ path: '/search?q=zzz', api: new FakeProductApi().answer('request', { q: 'zzz', counts: {}, items: [] }) });
    expect(await screen.findByText(/Aucun résultat pour « zzz »/)).toBeTruthy();

    await renderApp({ path: '/search?q=x', api: new FakeProductApi().fail('request', new ApiError('fetch failed', { statusCode: 0 })) });
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre Sortie');
  });
});
