import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./HomePage');
}, 60_000);

// The fake clock reads Thursday 15 January 2026, 21:00 in Paris.
const events = [
  anEvent({ _id: anId(11), title: 'Jam session', startsAt: '2026-01-15T21:30:00.000Z' }),
  anEvent({ _id: anId(12), title: 'Concert au Confort Moderne', startsAt: '2026-01-16T19:30:00.000Z', price: { min: 1200, max: 1200 } }),
  anEvent({ _id: anId(13), title: 'Brocante', startsAt: '2026-01-18T08:00:00.000Z' }),
  anEvent({ _id: anId(14), title: 'Conférence', startsAt: '2026-01-20T18:00:00.000Z' }),
];

describe('a city’s agenda (/home/{city})', () => {
  it('groups the upcoming events by day, in French', async () => {
    const api = new FakeProductApi().seed('events', ...events);
    await renderApp({ path: '/home/Poitiers', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Que faire à Poitiers ?' })).toBeTruthy();
    await screen.findByText('Jam session');
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days).toEqual(['Aujourd’hui', 'Demain', 'Ce week-end', 'Mardi 20 janvier 2026']);
    const tomorrow = screen.getByRole('region', { name: 'Demain' });
    expect(within(tomorrow).getByRole('link', { name: 'Concert au Confort Moderne' }).getAttribute('href')).toBe(`/events/${anId(12)}`);
    expect(within(tomorrow).getByText('12 €')).toBeTruthy();
    expect(api.lastCallTo('listEvents')?.[0]).toMatchObject({ city: 'Poitiers', upcoming: 'true', limit: 12, offset: 0 });
  });

  it('asks the server for the next page only when « Voir plus » is pressed', async () => {
    const many = Array.from({ length: 15 }, (_, i) => anEvent({ _id: anId(100 + i), title: `Soirée ${i + 1}`, startsAt: `2026-01-2${i % 8}T20:00:00.000Z` }));
    const api = new FakeProductApi().seed('events', ...many);
    const { user } = await renderApp({ path: '/home/Poitiers', api });
    await screen.findByText('Soirée 1');
    expect(screen.queryByText('Soirée 13')).toBeNull();
    expect(screen.getByText('15 événements à venir')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    expect(await screen.findByText('Soirée 15')).toBeTruthy();
    expect(api.callsTo('listEvents').map((args) => (args[0] as { offset: number }).offset)).toEqual([0, 12]);
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
  });

  it('says so when the next page fails, and tries again on demand', async () => {
    const many = Array.from({ length: 14 }, (_, i) => anEvent({ _id: anId(200 + i), title: `Atelier ${i + 1}`, startsAt: `2026-01-2${i % 8}T20:00:00.000Z` }));
    const api = new FakeProductApi().seed('events', ...many);
    const { user } = await renderApp({ path: '/home/Poitiers', api });
    await screen.findByText('Atelier 1');
    api.failOnce('listEvents', new ApiError('fetch failed', { statusCode: 0 }));
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de joindre Sortie');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Atelier 14')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the filters in the address and sends them to the server', async () => {
    const api = new FakeProductApi().seed('events', ...events).seed('eventCategories', { _id: anId(50), name: 'Concert', slug: 'concert' });
    const { user, navigator } = await renderApp({ path: '/home/Poitiers', api });
    await screen.findByText('Jam session');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Prix' }), 'free');
    expect(navigator.location).toBe('/home/Poitiers?price=free');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Concert');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quand' }), 'weekend');
    expect(navigator.location).toBe(`/home/Poitiers?price=free&category=${anId(50)}&date=weekend`);
    await screen.findByText('Jam session');
    expect(api.lastCallTo('listEvents')?.[0]).toMatchObject({
      free: 'true',
      categoryId: anId(50),
      from: '2026-01-16T23:00:00.000Z',
      to: '2026-01-18T22:59:59.999Z',
    });
  });

  it('reads the filters from the address', async () => {
    const api = new FakeProductApi().seed('events', ...events);
    await renderApp({ path: '/home/Poitiers?price=paid&date=today', api });
    await screen.findByText('Jam session');
    expect((screen.getByRole('combobox', { name: 'Prix' }) as HTMLSelectElement).value).toBe('paid');
    expect(api.lastCallTo('listEvents')?.[0]).toMatchObject({ free: 'false', from: '2026-01-15T20:00:00.000Z', to: '2026-01-15T22:59:59.999Z' });
  });

  it('says when nothing is coming up, and when the server fails', async () => {
    const api = new FakeProductApi();
    await renderApp({ path: '/home/Poitiers', api });
    expect(await screen.findByText('Aucun événement à venir à Poitiers pour le moment. Revenez bientôt !')).toBeTruthy();

    const failing = new FakeProductApi().fail('listEvents', new ApiError('boom', { statusCode: 500 }));
    await renderApp({ path: '/home/Poitiers', api: failing });
    expect((await screen.findByRole('alert')).textContent).toContain('Une erreur est survenue de notre côté');
  });

  it('offers the known cities for an unknown one, without asking for its events', async () => {
    const api = new FakeProductApi();
    await renderApp({ path: '/home/Gotham', api, config: { cities: ['Poitiers', 'Niort'] } });
    expect(await screen.findByText('Sortie n’est pas encore présent à Gotham.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Niort' }).getAttribute('href')).toBe('/home/Niort');
    expect(api.callsTo('listEvents')).toEqual([]);
  });
});
