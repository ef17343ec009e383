import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@sortie/core';
import { FakeClock, FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./LandingPage');
}, 60_000);

// The fake clock reads Thursday 15 January 2026, 21:00 in Paris.
describe('the landing page (/)', () => {
  it('shows tonight’s and this weekend’s first events of the chosen city', async () => {
    const api = new FakeProductApi().seed('events', anEvent({ _id: anId(1), title: 'Jam session', startsAt: '2026-01-15T21:30:00.000Z' }));
    await renderApp({ api, config: { cities: ['Poitiers', 'Niort'] } });
    const tonight = await screen.findByRole('region', { name: 'Ce soir à Poitiers' });
    expect((await within(tonight).findByRole('link', { name: 'Jam session' })).getAttribute('href')).toBe(`/events/${anId(1)}`);
    expect(within(tonight).getByText('22:30', { exact: false })).toBeTruthy();
    expect(within(tonight).getByRole('link', { name: 'Tout voir' }).getAttribute('href')).toBe('/home/Poitiers?date=today');
    const [tonightQuery, weekendQuery] = api.callsTo('listEvents').map(([query]) => query);
    expect(tonightQuery).toMatchObject({ city: 'Poitiers', limit: 4, from: '2026-01-15T20:00:00.000Z', to: '2026-01-15T22:59:59.999Z' });
    expect(weekendQuery).toMatchObject({ city: 'Poitiers', limit: 4, from: '2026-01-16T23:00:00.000Z', to: '2026-01-18T22:59:59.999Z' });
    expect(screen.getByRole('region', { name: 'Ce week-end' })).toBeTruthy();
  });

  it('follows the city picked in the list', async () => {
    const api = new FakeProductApi();
    const { user } = await renderApp({ api, config: { cities: ['Poitiers', 'Niort'] } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Votre ville' }), 'Niort');
    expect(await screen.findByRole('region', { name: 'Ce soir à Niort' })).toBeTruthy();
    expect(await screen.findByText('Rien de prévu ce soir pour l’instant : jetez un œil au reste de l’agenda.')).toBeTruthy();
    expect(api.lastCallTo('listEvents')?.[0]).toMatchObject({ city: 'Niort' });
  });

  it('says in French when the highlights cannot be loaded, and keeps the rest of the page', async () => {
    await renderApp({ api: new FakeProductApi().fail('listEvents', new ApiError('fetch failed', { statusCode: 0 })) });
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toContain('Impossible de joindre Sortie');
    expect(screen.getByRole('heading', { level: 2, name: 'Tout pour bien sortir' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Découvrir Sortie Pro' }).getAttribute('href')).toBe('/pro');
  });
});

describe('the landing page on a Sunday', () => {
  it('offers next weekend rather than the weekend already ending', async () => {
    const api = new FakeProductApi();
    // Sunday 18 January 2026, 15:00 in Paris.
    await renderApp({ api, clock: new FakeClock('2026-01-18T14:00:00.000Z') });
    const next = await screen.findByRole('region', { name: 'Le week-end prochain' });
    expect(within(next).getByRole('link', { name: 'Tout voir' }).getAttribute('href')).toBe('/home/Poitiers');
    await screen.findAllByText('Le programme du week-end arrive bientôt.');
    expect(api.callsTo('listEvents').map(([query]) => query)).toContainEqual(expect.objectContaining({ from: '2026-01-23T23:00:00.000Z', to: '2026-01-25T22:59:59.999Z' }));
  });
});
