// MusicPort's contract (@sortie/core/testing) on the Spotify adapter, over a local server answering like Spotify's
// accounts service and Web API (the documented bodies, status codes and error shapes).
import * as vitest from 'vitest';
import { musicContract } from '@sortie/core/testing';
import { startTestServer, type RecordedRequest, type Reply } from '../test-support/http-server';
import { SpotifyMusicAdapter } from './spotify-music.adapter';

const VALID = 'BQD-valid-access-token';
const EXPIRED = 'BQD-expired-access-token';

function spotify(request: RecordedRequest): Reply {
  const path = request.url.split('?')[0];
  if (request.method === 'POST' && path === '/api/token') {
    const form = new URLSearchParams(request.rawBody);
    if (form.get('grant_type') === 'authorization_code') return { body: { access_token: VALID, token_type: 'Bearer', scope: 'streaming', expires_in: 3600, refresh_token: 'AQD-refresh' } };
    if (form.get('grant_type') === 'refresh_token') return { body: { access_token: VALID, token_type: 'Bearer', scope: 'streaming', expires_in: 3600 } };
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type parameter is missing' } };
  }
  if (request.headers.authorization !== `Bearer ${VALID}`) return { status: 401, body: { error: { status: 401, message: 'The access token expired' } } };
  if (request.method === 'GET' && path === '/v1/me') return { body: { id: 'camille', display_name: 'Camille', product: 'premium' } };
  if (request.method === 'GET' && path === '/v1/me/player') return { status: 204 };
  if (request.method === 'GET' && path === '/v1/me/playlists') return { body: { href: 'https://api.spotify.com/v1/me/playlists', limit: 20, offset: 0, total: 1, items: [{ id: 'pl1', name: 'Soirée' }] } };
  if (request.method === 'PUT' && ['/v1/me/player/play', '/v1/me/player/pause', '/v1/me/player/seek'].includes(path ?? '')) return { status: 204 };
  return { status: 404, body: { error: { status: 404, message: 'Service not found' } } };
}

musicContract(vitest, 'SpotifyMusicAdapter over a local Spotify', async () => {
  const server = await startTestServer(spotify);
  const port = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: server.url, apiBaseUrl: server.url });
  return { port, validToken: VALID, expiredToken: EXPIRED, teardown: () => server.close() };
});
