import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '@sortie/core';
import { FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page is a lazy chunk: transform it before the first test's clock starts (2 shared cores).
beforeAll(async () => {
  await import('./ChampionshipPage');
}, 60_000);

const EVENT = anId(1);
const CHAMPIONSHIP = anId(2);
const TOURNAMENT = anId(3);
const path = `/events/${EVENT}/championship/${CHAMPIONSHIP}`;

const TOURNAMENT_2 = anId(4);
const UNFINISHED = anId(5);
const standing = (participantId: string, rank: number) => ({ participantId, rank, played: 1, wins: 0, draws: 0, losses: 0, points: 0, tiebreaks: { headToHead: 0, buchholz: 0, sonnebornBerger: 0 } });
const finished = (id: string, name: string, ranking: Array<[string, string | undefined]>) => ({
  _id: id, name, game: 'Mario Kart 8', status: 'finished', format: 'single_elimination',
  participants: ranking.map(([player, userId], i) => ({ id: `p${i}`, name: player, seed: i + 1, ...(userId ? { userId } : {}) })),
  standings: ranking.map((_, i) => standing(`p${i}`, i + 1)), matches: [],
});

function api(tournaments: Array<Record<string, unknown>>, scoring = [10, 6]) {
  return new FakeProductApi()
    .seed('events', anEvent({ _id: EVENT, title: 'Soirée jeux vidéo' }))
    .seed('championships', { _id: CHAMPIONSHIP, eventId: EVENT, name: 'Championnat Mario Kart', tournamentIds: tournaments.map((t) => t['_id']), scoring, standings: [] })
    .seed('tournaments', ...tournaments);
}
const registering = { _id: UNFINISHED, name: 'Tournoi Mario Kart', game: 'Mario Kart 8', status: 'registration', participants: [{ id: 'a', name: 'Alex', seed: 1 }, { id: 'b', name: 'Sam', seed: 2 }], matches: [] };

describe('a championship’s page', () => {
  it('computes the standings from its finished tournaments’ final ranks and lists its tournaments', async () => {
    const USER = anId(9);
    await renderApp({
      path,
      api: api([
        finished(TOURNAMENT, 'Manche 1', [['Sam', USER], ['Alex', undefined], ['Lou', undefined]]),
        finished(TOURNAMENT_2, 'Manche 2', [['Alex', undefined], ['Samuel', USER]]),
        registering,
      ]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Championnat Mario Kart' })).toBeTruthy();
    const table = await screen.findByRole('table');
    // Alex 6 + 10, Sam (one account, two names) 10 + 6: tied on points, Alex and Sam each have a first place and a second; Lou scores nothing past the table.
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1Alex162', '2Sam162', '3Lou01']);
    expect(screen.getByText('Barème : 1er 10 pts, 2e 6 pts.')).toBeTruthy();
    expect(screen.getByText('2 tournois terminés sur 3.')).toBeTruthy();
    const tournament = await screen.findByRole('link', { name: 'Tournoi Mario Kart' });
    expect(tournament.getAttribute('href')).toBe(`/tournaments/${UNFINISHED}`);
    expect(screen.getByText('Mario Kart 8 · Inscriptions ouvertes · 2 participants')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manche 1' }).getAttribute('href')).toBe(`/tournaments/${TOURNAMENT}`);
    expect((await screen.findByRole('link', { name: '← Soirée jeux vidéo' })).getAttribute('href')).toBe(`/events/${EVENT}`);
  });

  it('says when no tournament has finished yet', async () => {
    await renderApp({ path, api: api([registering]) });
    expect(await screen.findByText('Aucun point marqué pour l’instant : le classement s’affichera après le premier tournoi.')).toBeTruthy();
  });

  it('shows a French error for a missing championship', async () => {
    await renderApp({ path, api: new FakeProductApi().fail('get', new NotFoundError('Championnat introuvable.')) });
    expect((await screen.findByRole('alert')).textContent).toContain('Championnat introuvable.');
  });
});
