import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type EventGames } from '@sortie/core/domain';
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
const meta = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
/** The event's page and what GET /api/events/:id/games answers for it (the server leaves drafts out). */
const eventWith = (games: Partial<EventGames>) =>
  new FakeProductApi().seed('events', event()).serve(OPERATIONS.eventGames, ({ path }) => (path.id === EVENT ? { tournaments: [], championships: [], blindTests: [], raffles: [], forms: [], ...games } : Promise.reject(new Error('autre événement'))));

describe('the games of an event’s page', () => {
  it('lists its tournaments with their game, format and status, and the action that fits each', async () => {
    const api = eventWith({
      tournaments: [
        aTournament({ _id: anId(2), eventId: EVENT, name: 'Coupe de fléchettes', game: 'Fléchettes', format: 'double_elimination', status: 'running', participants: [player('a', 'Alex', 1), player('b', 'Sam', 2)] as never }),
        aTournament({ _id: anId(3), eventId: EVENT, name: 'Mario Kart', game: 'Mario Kart 8', format: 'swiss', status: 'registration', participants: [] }),
      ],
    });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });
    const section = await screen.findByRole('region', { name: 'Tournois' });
    expect(within(section).getByRole('link', { name: 'Coupe de fléchettes' }).getAttribute('href')).toBe(`/tournaments/${anId(2)}`);
    expect(within(section).getByText('Fléchettes · Double élimination')).toBeTruthy();
    expect(within(section).getByText('En cours · 2 participants')).toBeTruthy();
    expect(within(section).getByText('Inscriptions ouvertes · 0 participant')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'S’inscrire : Mario Kart' }).getAttribute('href')).toBe(`/tournaments/${anId(3)}`);
    expect(within(section).queryByRole('link', { name: 'S’inscrire : Coupe de fléchettes' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Grand écran : Coupe de fléchettes' }).getAttribute('href')).toBe(`/tournaments/${anId(2)}/screen`);
    // One request for every kind of game, none per kind.
    expect(api.callsOf(OPERATIONS.eventGames)).toEqual([{ path: { id: EVENT } }]);
    expect(api.callsTo('list').map(([resource]) => resource)).not.toContain('tournaments');
  });

  it('shows an open raffle to enter, a closed one without the button, and an open form to fill', async () => {
    const raffle = (n: number, title: string, opensAt: string, closesAt: string) => ({ _id: anId(n), ...meta, eventId: EVENT, title, description: '', rules: '', status: 'open' as const, legalBasis: 'free_draw' as const, entryPolicy: 'verified' as const, entryCount: 0, opensAt, closesAt, prizes: [], draw: null });
    const api = eventWith({
      raffles: [raffle(4, 'Tombola du soir', '2026-01-14T10:00:00.000Z', '2026-01-16T10:00:00.000Z'), raffle(5, 'Tombola d’hier', '2026-01-10T10:00:00.000Z', '2026-01-14T10:00:00.000Z')],
      forms: [{ _id: anId(7), ...meta, eventId: EVENT, title: 'Devenir bénévole', description: '', fields: [], entryCount: 0, onePerPerson: false, requireVerified: false }],
    });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });

    const raffles = await screen.findByRole('region', { name: 'Tombola' });
    expect(within(raffles).getByRole('link', { name: 'Participer : Tombola du soir' }).getAttribute('href')).toBe(`/raffles/${anId(4)}`);
    expect(within(raffles).getByText('Participations closes')).toBeTruthy();
    expect(within(raffles).queryByRole('link', { name: 'Participer : Tombola d’hier' })).toBeNull();

    const forms = await screen.findByRole('region', { name: 'Inscriptions' });
    expect(within(forms).getByRole('link', { name: 'Remplir : Devenir bénévole' }).getAttribute('href')).toBe(`/forms/${anId(7)}`);
  });

  it('shows a championship’s podium so far, from its finished legs', async () => {
    const players = [
      { id: 'm', name: 'Mario', seed: 1, checkedIn: true, dropped: false },
      { id: 'l', name: 'Luigi', seed: 2, checkedIn: true, dropped: false },
    ];
    const rank = (participantId: string, rank: number) => ({ participantId, rank, played: 1, wins: 2 - rank, draws: 0, losses: rank - 1, points: 0, tiebreaks: { headToHead: 0, buchholz: 0, sonnebornBerger: 0 } });
    const api = eventWith({
      tournaments: [
        aTournament({ _id: anId(2), eventId: EVENT, name: 'Manche 1', status: 'finished', participants: players, standings: [rank('m', 1), rank('l', 2)], winnerId: 'm' }),
        aTournament({ _id: anId(3), eventId: EVENT, name: 'Manche 2', status: 'registration', participants: players }),
      ],
      championships: [{ _id: anId(8), ...meta, eventId: EVENT, name: 'Championnat Mario Kart', tournamentIds: [anId(2), anId(3)], scoring: [10, 6], standings: [] }],
    });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });

    const section = await screen.findByRole('region', { name: 'Championnat' });
    expect(within(section).getByRole('link', { name: 'Championnat Mario Kart' }).getAttribute('href')).toBe(`/events/${EVENT}/championship/${anId(8)}`);
    expect(within(section).getByText('1 manche jouée sur 2')).toBeTruthy();
    const podium = within(section).getByRole('list', { name: 'Classement : Championnat Mario Kart' });
    expect(within(podium).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['1. Mario — 10 pts', '2. Luigi — 6 pts']);
  });

  it('gives the code of a blind test being played, and a link that joins with it', async () => {
    const api = eventWith({
      blindTests: [
        { _id: anId(9), ...meta, eventId: EVENT, title: 'Quiz années 80', status: 'live', questionIds: [], mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0, teams: [], teamScore: 'mean', autoReveal: false, joinCode: '482913' },
        { _id: anId(10), ...meta, eventId: EVENT, title: 'Quiz fini', status: 'finished', questionIds: [], mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 0, teams: [], teamScore: 'mean', autoReveal: false },
      ],
    });
    await renderApp({ path: `/events/${EVENT}`, api, clock: clock() });

    const section = await screen.findByRole('region', { name: 'Blind test' });
    expect(await within(section).findByText('482913')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Rejoindre : Quiz années 80' }).getAttribute('href')).toBe(`/blindTests/${anId(9)}?code=482913`);
    expect(within(section).getByText('Quiz fini')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Rejoindre : Quiz fini' })).toBeNull();
  });

  it('shows no games section when the event has none', async () => {
    await renderApp({ path: `/events/${EVENT}`, api: eventWith({}), clock: clock() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Soirée jeux' })).toBeTruthy();
    for (const name of ['Tournois', 'Championnat', 'Blind test', 'Tombola', 'Inscriptions']) expect(screen.queryByRole('region', { name })).toBeNull();
  });
});
