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

function api(standings: Array<{ participant: string; points: number; tournaments: number }>) {
  return new FakeProductApi()
    .seed('events', anEvent({ _id: EVENT, title: 'Soirée jeux vidéo' }))
    .seed('championships', { _id: CHAMPIONSHIP, eventId: EVENT, name: 'Championnat Mario Kart', tournamentIds: [TOURNAMENT], scoring: [10, 6], standings })
    .seed('tournaments', { _id: TOURNAMENT, name: 'Tournoi Mario Kart', game: 'Mario Kart 8', status: 'registration', participants: [{ id: 'a', name: 'Alex', seed: 1 }, { id: 'b', name: 'Sam', seed: 2 }], matches: [] });
}

describe('a championship’s page', () => {
  it('ranks the participants by points and lists its tournaments', async () => {
    await renderApp({ path, api: api([{ participant: 'Sam', points: 6, tournaments: 1 }, { participant: 'Alex', points: 10, tournaments: 1 }]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Championnat Mario Kart' })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1Alex101', '2Sam61']);
    expect(screen.getByText('Barème : 1er 10 pts, 2e 6 pts.')).toBeTruthy();
    const tournament = await screen.findByRole('link', { name: 'Tournoi Mario Kart' });
    expect(tournament.getAttribute('href')).toBe(`/tournaments/${TOURNAMENT}`);
    expect(screen.getByText('Mario Kart 8 · Inscriptions ouvertes · 2 participants')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '← Soirée jeux vidéo' })).getAttribute('href')).toBe(`/events/${EVENT}`);
  });

  it('says when no points are scored yet', async () => {
    await renderApp({ path, api: api([]) });
    expect(await screen.findByText('Aucun point marqué pour l’instant : le classement s’affichera après le premier tournoi.')).toBeTruthy();
  });

  it('shows a French error for a missing championship', async () => {
    await renderApp({ path, api: new FakeProductApi().fail('get', new NotFoundError('Championnat introuvable.')) });
    expect((await screen.findByRole('alert')).textContent).toContain('Championnat introuvable.');
  });
});
