import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '@sortie/core';
import { FakeProductApi, anEvent, anId } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./ArtistPage')]);
}, 60_000);


const WHEN = '2026-01-01T00:00:00.000Z';
const ARTIST = anId(900);
const artist = {
  _id: ARTIST, name: 'La Rue Ketanou', slug: 'la-rue-ketanou', bio: 'Trio de chanson *festive*.', genres: ['Chanson', 'Folk'],
  links: { spotify: 'https://open.spotify.com/artist/ketanou', instagram: 'javascript:alert(1)' }, createdAt: WHEN, updatedAt: WHEN,
};

function apiWithArtist() {
  // The server finds an artist by id or by slug: so does this fake.
  return new FakeProductApi()
    .answer('get', (resource: string, ref: string) => {
      if (resource === 'artists' && (ref === ARTIST || ref === artist.slug)) return artist;
      throw new NotFoundError('Artiste introuvable.');
    })
    .seed('events', anEvent({ _id: anId(901), title: 'Ketanou en concert', artistIds: [ARTIST] }));
}

describe('/artists/{id}', () => {
  it('opens by slug: bio, genres, safe links, follow and upcoming dates by the artist’s id', async () => {
    const api = apiWithArtist();
    await renderApp({ path: '/artists/la-rue-ketanou', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'La Rue Ketanou' })).toBeTruthy();
    expect(screen.getByText('festive').tagName).toBe('EM');
    expect(within(screen.getByRole('list', { name: 'Genres' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Chanson', 'Folk']);
    const links = within(screen.getByRole('list', { name: 'Liens' }));
    expect(links.getByRole('link', { name: /Spotify/ }).getAttribute('href')).toBe('https://open.spotify.com/artist/ketanou');
    expect(links.queryByRole('link', { name: /Instagram/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Suivre La Rue Ketanou' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Ketanou en concert' })).toBeTruthy();
    await waitFor(() => expect(api.lastCallTo('listEvents')?.[0]).toMatchObject({ artistId: ARTIST }));
  });

  it('opens by 24-hex id too', async () => {
    await renderApp({ path: `/artists/${ARTIST}`, api: apiWithArtist() });
    expect(await screen.findByRole('heading', { level: 1, name: 'La Rue Ketanou' })).toBeTruthy();
  });

  it('explains an unknown artist in French', async () => {
    await renderApp({ path: '/artists/inconnu', api: apiWithArtist() });
    expect((await screen.findByRole('alert')).textContent).toContain('Artiste introuvable.');
    expect(screen.getByRole('heading', { level: 1, name: 'Artiste' })).toBeTruthy();
  });
});
