import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

beforeAll(async () => {
  await import('../../pages/EventPage');
}, 60_000);

const EVENT = anId(1);

describe('the tournaments of an event’s page', () => {
  it('lists them with their game, format and status, each linking to its page', async () => {
    const api = new FakeProductApi()
      .seed('events', anEvent({ _id: EVENT, title: 'Soirée jeux' }))
      .seed(
        'tournaments',
        { _id: anId(2), eventId: EVENT, name: 'Coupe de fléchettes', game: 'Fléchettes', format: 'double_elimination', status: 'running', participants: [{ id: 'a', name: 'Alex', seed: 1 }, { id: 'b', name: 'Sam', seed: 2 }], matches: [] },
        { _id: anId(3), eventId: EVENT, name: 'Mario Kart', game: 'Mario Kart 8', format: 'swiss', status: 'registration', participants: [], matches: [] },
      );
    await renderApp({ path: `/events/${EVENT}`, api });
    const section = await screen.findByRole('region', { name: 'Tournois' });
    expect(within(section).getByRole('link', { name: 'Coupe de fléchettes' }).getAttribute('href')).toBe(`/tournaments/${anId(2)}`);
    expect(within(section).getByText('Fléchettes · Double élimination')).toBeTruthy();
    expect(within(section).getByText('En cours · 2 participants')).toBeTruthy();
    expect(within(section).getByText('Inscriptions ouvertes · 0 participant')).toBeTruthy();
    expect(api.callsTo('list')).toContainEqual(['tournaments', { eventId: EVENT, limit: 50 }]);
  });

  it('shows nothing when the event has no tournament', async () => {
    await renderApp({ path: `/events/${EVENT}`, api: new FakeProductApi().seed('events', anEvent({ _id: EVENT, title: 'Soirée jeux' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Soirée jeux' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Tournois' })).toBeNull();
  });
});
