// MusicPort's contract (@sortie/core/testing) on the Spotify adapter, over a local server answering like Spotify's
// accounts service and Web API (the documented bodies, status codes and error shapes).
import * as vitest from 'vitest';
import { musicContract } from '@sortie/core/testing';
import { startLocalSpotify } from './local-spotify';
import { SpotifyMusicAdapter } from './spotify-music.adapter';

const VALID = 'BQD-valid-access-token';
const EXPIRED = 'BQD-expired-access-token';

musicContract(vitest, 'SpotifyMusicAdapter over a local Spotify', async () => {
  const spotify = await startLocalSpotify({ validTokens: [VALID] });
  const port = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: spotify.url, apiBaseUrl: spotify.url });
  return { port, validToken: VALID, expiredToken: EXPIRED, teardown: () => spotify.close() };
});
