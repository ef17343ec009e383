import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, MusicPlayback, SPOTIFY_TOKEN_KEY } from '@sortie/core';
import { FakeClock, FakeTokenStore } from '@sortie/core/testing';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../test-support/http-server';
import { SpotifyMusicAdapter } from './spotify-music.adapter';

// The core's MusicPlayback over the real Spotify adapter and a local Spotify look-alike:
// the adapter maps each refusal to an ApiError with its status, the core refreshes once.
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const expired = { status: 401, body: { error: { status: 401, message: 'The access token expired' } } };

async function setup(handler: (req: RecordedRequest) => Reply) {
  server = await startTestServer(handler);
  const store = new FakeTokenStore();
  store.set(SPOTIFY_TOKEN_KEY, JSON.stringify({ access_token: 'old', refresh_token: 'R' }));
  const adapter = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: server.url, apiBaseUrl: server.url });
  return { playback: new MusicPlayback(adapter, store, new FakeClock()), store, requests: server.requests };
}

describe('MusicPlayback over SpotifyMusicAdapter', () => {
  it('refreshes once after a refused play and retries with the new token', async () => {
    const { playback, store, requests } = await setup((req) =>
      req.url === '/api/token' ? { body: { access_token: 'new', token_type: 'Bearer', expires_in: 3600 } } : req.headers.authorization === 'Bearer old' ? expired : { status: 204 },
    );
    await playback.play(['spotify:track:1']);
    expect(requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization ?? ''}`.trim())).toEqual([
      'PUT /v1/me/player/play Bearer old',
      'POST /api/token',
      'PUT /v1/me/player/play Bearer new',
    ]);
    expect(store.json(SPOTIFY_TOKEN_KEY)).toMatchObject({ access_token: 'new', refresh_token: 'R' });
  });

  it('lets the second failure through as an ApiError with Spotify’s status', async () => {
    const { playback, requests } = await setup((req) =>
      req.url === '/api/token' ? { body: { access_token: 'new', token_type: 'Bearer' } } : { status: 404, body: { error: { status: 404, message: 'Player command failed: No active device found' } } },
    );
    const error = await playback.pause().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 404, message: 'Spotify a refusé la requête (404) : Player command failed: No active device found.' });
    expect(requests).toHaveLength(3);
  });

  it('refreshes after a 401 on /v1/me, and a refused refresh is an ApiError 400', async () => {
    const { playback } = await setup((req) => (req.url === '/api/token' ? { status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' } } : expired));
    await expect(playback.me()).rejects.toMatchObject({ statusCode: 400, code: 'MUSIC_API_ERROR' });
  });
});
