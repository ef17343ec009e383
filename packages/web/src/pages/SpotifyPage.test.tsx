import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPOTIFY_AUTH_STATE_KEY, SPOTIFY_TOKEN_KEY } from '@sortie/core';
import { FakeTokenStore } from '@sortie/core/testing';
import { renderApp } from '../test/render-app';

// The page's chunk (and markdown) compiled once, before the tests' own time limits start.
beforeAll(async () => {
  await Promise.all([import('./SpotifyPage')]);
}, 60_000);


function storeBegunSignIn(originalUrl: string) {
  const tokens = new FakeTokenStore();
  tokens.set(SPOTIFY_AUTH_STATE_KEY, JSON.stringify({ state: 'etat123', originalUrl, codeVerifier: 'v'.repeat(64) }));
  return tokens;
}

describe('/spotify', () => {
  it('completes the sign-in with the code, stores the token and goes back to the page the visitor came from', async () => {
    const tokens = storeBegunSignIn('/blindtests/0123456789abcdef01234567?ecran=1');
    const { navigator, fakes } = await renderApp({ path: '/spotify?code=le-code&state=etat123', tokens });
    await waitFor(() => expect(navigator.location).toBe('/blindtests/0123456789abcdef01234567?ecran=1'));
    expect(fakes.music.callsTo('exchangeCode')).toEqual([['le-code', 'v'.repeat(64)]]);
    expect(tokens.get(SPOTIFY_TOKEN_KEY)).not.toBeNull();
    expect(tokens.get(SPOTIFY_AUTH_STATE_KEY)).toBeNull();
  });

  it('never leaves the site, even if the stored address points elsewhere', async () => {
    const tokens = storeBegunSignIn('https://malveillant.example/piege');
    const { navigator } = await renderApp({ path: '/spotify?code=le-code&state=etat123', tokens });
    await waitFor(() => expect(navigator.location).toBe('/'));
    expect(navigator.redirects).toEqual([]);
  });

  it('says in French when the state does not match', async () => {
    const tokens = storeBegunSignIn('/');
    const { fakes } = await renderApp({ path: '/spotify?code=le-code&state=autre', tokens });
    expect((await screen.findByRole('alert')).textContent).toContain('La connexion à Spotify n’a pas pu être vérifiée : veuillez réessayer.');
    expect(fakes.music.callsTo('exchangeCode')).toEqual([]);
  });

  it('says in French when the visitor refused the authorisation', async () => {
    const tokens = storeBegunSignIn('/');
    await renderApp({ path: '/spotify?error=access_denied&state=etat123', tokens });
    expect((await screen.findByRole('alert')).textContent).toContain('Spotify n’a pas autorisé la connexion.');
  });
});
