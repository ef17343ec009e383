import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, FakeProductApi, aTournament, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../../test/render-app';

beforeAll(async () => {
  await import('../../pages/EventPage');
}, 60_000);

const EVENT = anId(1);
/** The fake clock's evening: 2026-01-15, 21:00 in Paris. */
const clock = () => new FakeClock('2026-01-15T20:00:00.000Z');
const event = () => anEvent({ _id: EVENT, title: 'Soirée jeux' });
const player = (id: string, name: string, seed: number) => ({ id, name, seed });

describe('the games of an event’s page', () => {
  it('lists its tournaments with their game, format and status, and the action that fits each', async () => {
    const api = new FakeProductApi()
      .seed('events', event())
      .seed(
        'tournaments',
        { _id: anId(2), eventId: EVENT, name: 'Coupe de fléchettes', game: 'Fléchettes', format: 'double_elimination', status: 'running', participants: [player('a', 'Alex', 1), player('b', 'Sam', 2)], matches: [] },
        { _id: anId(3), eventId: EVENT, name: 'Mario Kart', game: 'Mario Kart 8', format: 'swiss', status: 'registration', participants: [], matches: [] },
      );
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });
    const section = await screen.findByRole('region', { name: 'Tournois' });
    expect(within(section).getByRole('link', { name: 'Coupe de fléchettes' }).getAttribute('href')).toBe(`/tournaments/${anId(2)}`);
    expect(within(section).getByText('Fléchettes · Double élimination')).toBeTruthy();
    expect(within(section).getByText('En cours · 2 participants')).toBeTruthy();
    expect(within(section).getByText('Inscriptions ouvertes · 0 participant')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'S’inscrire : Mario Kart' }).getAttribute('href')).toBe(`/tournaments/${anId(3)}`);
    expect(within(section).queryByRole('link', { name: 'S’inscrire : Coupe de fléchettes' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Grand écran : Coupe de fléchettes' }).getAttribute('href')).toBe(`/tournaments/${anId(2)}/screen`);
    expect(api.callsTo('list')).toContainEqual(['tournaments', { eventId: EVENT, limit: 50 }]);
  });

  it('shows an open raffle to enter, a closed one without the button, and an open form to fill', async () => {
    const api = new FakeProductApi()
      .seed('events', event())
      .seed(
        'raffles',
        { _id: anId(4), eventId: EVENT, title: 'Tombola du soir', status: 'open', opensAt: '2026-01-14T10:00:00.000Z', closesAt: '2026-01-16T10:00:00.000Z', prizes: [], draw: null },
        { _id: anId(5), eventId: EVENT, title: 'Tombola d’hier', status: 'open', opensAt: '2026-01-10T10:00:00.000Z', closesAt: '2026-01-14T10:00:00.000Z', prizes: [], draw: null },
        { _id: anId(6), eventId: EVENT, title: 'Tombola en préparation', status: 'draft', opensAt: '2026-01-10T10:00:00.000Z', closesAt: '2026-01-20T10:00:00.000Z', prizes: [], draw: null },
      )
      .seed('forms', { _id: anId(7), eventId: EVENT, title: 'Devenir bénévole', fields: [], entryCount: 0 });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });

    const raffles = await screen.findByRole('region', { name: 'Tombola' });
    expect(within(raffles).getByRole('link', { name: 'Participer : Tombola du soir' }).getAttribute('href')).toBe(`/raffles/${anId(4)}`);
    expect(within(raffles).getByText('Participations closes')).toBeTruthy();
    expect(within(raffles).queryByRole('link', { name: 'Participer : Tombola d’hier' })).toBeNull();
    expect(within(raffles).queryByText('Tombola en préparation')).toBeNull();

    const forms = await screen.findByRole('region', { name: 'Inscriptions' });
    expect(within(forms).getByRole('link', { name: 'Remplir : Devenir bénévole' }).getAttribute('href')).toBe(`/forms/${anId(7)}`);
  });

  it('shows a championship’s podium so far, from its finished legs', async () => {
    const players = [
      { id: 'm', name: 'Mario', seed: 1, checkedIn: true, dropped: false },
      { id: 'l', name: 'Luigi', seed: 2, checkedIn: true, dropped: false },
    ];
    const rank = (participantId: string, rank: number) => ({ participantId, rank, played: 1, wins: 2 - rank, draws: 0, losses: rank - 1, points: 0, tiebreaks: { headToHead: 0, buchholz: 0, sonnebornBerger: 0 } });
    const api = new FakeProductApi()
      .seed('events', event())
      .seed(
        'tournaments',
        aTournament({ _id: anId(2), eventId: EVENT, name: 'Manche 1', status: 'finished', participants: players, standings: [rank('m', 1), rank('l', 2)], winnerId: 'm' }),
        aTournament({ _id: anId(3), eventId: EVENT, name: 'Manche 2', status: 'registration', participants: players }),
      )
      .seed('championships', { _id: anId(8), eventId: EVENT, name: 'Championnat Mario Kart', tournamentIds: [anId(2), anId(3)], scoring: [10, 6], standings: [] });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });

    const section = await screen.findByRole('region', { name: 'Championnat' });
    expect(within(section).getByRole('link', { name: 'Championnat Mario Kart' }).getAttribute('href')).toBe(`/events/${EVENT}/championship/${anId(8)}`);
    expect(within(section).getByText('1 manche jouée sur 2')).toBeTruthy();
    const podium = within(section).getByRole('list', { name: 'Classement : Championnat Mario Kart' });
    expect(within(podium).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['1. Mario — 10 pts', '2. Luigi — 6 pts']);
  });

  it('gives the code of a blind test being played, and a link that joins with it', async () => {
    const api = new FakeProductApi()
      .seed('events', event())
      .seed('blindtests', { _id: anId(9), eventId: EVENT, title: 'Quiz années 80', status: 'live', questionIds: [], mode: 'answers', joinCode: '482913' }, { _id: anId(10), eventId: EVENT, title: 'Quiz secret', status: 'draft', questionIds: [], mode: 'answers' });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });

    const section = await screen.findByRole('region', { name: 'Blind test' });
    expect(await within(section).findByText('482913')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Rejoindre : Quiz années 80' }).getAttribute('href')).toBe(`/blindTests/${anId(9)}?code=482913`);
    expect(within(section).queryByText('Quiz secret')).toBeNull();
  });

  it('shows no games section when the event has none', async () => {
    await renderApp({ path: `/events/${EVENT}`, api: new FakeProductApi().seed('events', event()), clock: clock() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Soirée jeux' })).toBeTruthy();
    for (const name of ['Tournois', 'Championnat', 'Blind test', 'Tombola', 'Inscriptions']) expect(screen.queryByRole('region', { name })).toBeNull();
  });
});
