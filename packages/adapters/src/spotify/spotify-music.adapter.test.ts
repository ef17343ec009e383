import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, PLAYLIST_TRACKS_LIMIT, SPOTIFY_SCOPES } from '@sortie/core';
import { SPOTIFY_PLAYLIST_ITEMS, startLocalSpotify } from './local-spotify';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../test-support/http-server';
import { SpotifyMusicAdapter } from './spotify-music.adapter';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: (req: RecordedRequest) => Reply) {
  server = await startTestServer(handler);
  const adapter = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: server.url, apiBaseUrl: server.url });
  return { adapter, requests: server.requests };
}

// Bodies shaped like Spotify's documented answers.
const TOKEN = { access_token: 'BQD-access', token_type: 'Bearer', scope: SPOTIFY_SCOPES.join(' '), expires_in: 3600, refresh_token: 'AQD-refresh' };

describe('SpotifyMusicAdapter', () => {
  it('builds the authorization address of the code flow with PKCE', () => {
    const adapter = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify' });
    const url = new URL(adapter.authorizeUrl({ state: 'abcdefghijklmnop', codeChallenge: 'challenge', scopes: SPOTIFY_SCOPES }));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.spotify.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-id',
      scope: 'user-read-private user-read-email streaming user-read-playback-state user-modify-playback-state playlist-read-private',
      redirect_uri: 'https://sortie.test/spotify',
      state: 'abcdefghijklmnop',
      code_challenge_method: 'S256',
      code_challenge: 'challenge',
    });
  });

  it('exchanges the code form-encoded with the PKCE verifier and no client secret', async () => {
    const { adapter, requests } = await setup(() => ({ body: TOKEN }));
    await expect(adapter.exchangeCode('the-code', 'the-verifier')).resolves.toMatchObject({ access_token: 'BQD-access', refresh_token: 'AQD-refresh' });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/token' });
    expect(requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.rawBody))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://sortie.test/spotify',
      client_id: 'client-id',
      code_verifier: 'the-verifier',
    });
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('refreshes a token form-encoded with the client id only', async () => {
    const { adapter, requests } = await setup(() => ({ body: { access_token: 'BQD-new', token_type: 'Bearer', expires_in: 3600 } }));
    await expect(adapter.refreshToken('AQD-refresh')).resolves.toEqual({ access_token: 'BQD-new', token_type: 'Bearer', expires_in: 3600 });
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.rawBody))).toEqual({ grant_type: 'refresh_token', refresh_token: 'AQD-refresh', client_id: 'client-id' });
  });

  it('maps a refused refresh to ApiError with the status', async () => {
    const { adapter } = await setup(() => ({ status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked' } }));
    const error = await adapter.refreshToken('revoked').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 400, message: 'Spotify a refusé la requête (400) : Refresh token revoked.' });
  });

  it('reads /v1/me with the bearer token, and a 401 rejects with its status (the core then refreshes)', async () => {
    const answers: Reply[] = [{ body: { id: 'lea', display_name: 'Léa', product: 'premium' } }, { status: 401, body: { error: { status: 401, message: 'The access token expired' } } }];
    const { adapter, requests } = await setup(() => answers.shift() ?? {});
    await expect(adapter.getMe('BQD-access')).resolves.toMatchObject({ id: 'lea' });
    expect(requests[0]?.headers.authorization).toBe('Bearer BQD-access');
    await expect(adapter.getMe('BQD-old')).rejects.toMatchObject({ statusCode: 401, message: 'Spotify a refusé la requête (401) : The access token expired.' });
  });

  it('resolves undefined for the player when Spotify answers 204 (nothing playing)', async () => {
    const answers: Reply[] = [{ status: 204 }, { body: { is_playing: true, progress_ms: 1000, item: { name: 'Bohemian Rhapsody' } } }];
    const { adapter, requests } = await setup(() => answers.shift() ?? {});
    await expect(adapter.getPlayer('t')).resolves.toBeUndefined();
    await expect(adapter.getPlayer('t')).resolves.toMatchObject({ is_playing: true });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/v1/me/player' });
  });

  it('plays (with or without uris), pauses and seeks with PUT', async () => {
    const { adapter, requests } = await setup(() => ({ status: 204 }));
    await adapter.play('t', { uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'] });
    await adapter.play('t');
    await adapter.pause('t');
    await adapter.seek('t', 25_000);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /v1/me/player/play', 'PUT /v1/me/player/play', 'PUT /v1/me/player/pause', 'PUT /v1/me/player/seek?position_ms=25000']);
    expect(requests[0]?.body).toEqual({ uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'] });
    expect(requests[1]?.rawBody).toBe('');
  });

  it('lists the devices, parsed as Spotify documents them (a null id and a null volume included)', async () => {
    const { adapter, requests } = await setup(() => ({
      body: {
        devices: [
          { id: '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e', is_active: true, is_private_session: false, is_restricted: false, name: 'Enceinte du bar', type: 'Speaker', volume_percent: 70, supports_volume: true },
          { id: null, is_active: false, is_private_session: false, is_restricted: true, name: 'Télé', type: 'TV', volume_percent: null, supports_volume: false },
        ],
      },
    }));
    await expect(adapter.getDevices('BQD-access')).resolves.toEqual([
      { id: '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e', is_active: true, is_restricted: false, name: 'Enceinte du bar', type: 'Speaker', volume_percent: 70 },
      { id: null, is_active: false, is_restricted: true, name: 'Télé', type: 'TV', volume_percent: null },
    ]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/v1/me/player/devices', rawBody: '' });
    expect(requests[0]?.headers.authorization).toBe('Bearer BQD-access');
  });

  it('lists no device when Spotify knows none, and refuses an unreadable list with an ApiError 502', async () => {
    const answers: Reply[] = [{ body: { devices: [] } }, { body: { devices: [{ name: 'sans id ni type' }] } }];
    const { adapter } = await setup(() => answers.shift() ?? {});
    await expect(adapter.getDevices('t')).resolves.toEqual([]);
    const error = await adapter.getDevices('t').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 502, code: 'MUSIC_API_ERROR' });
  });

  it('plays a track on a device from an offset: device_id in the query, {uris, position_ms} as JSON', async () => {
    const { adapter, requests } = await setup(() => ({ status: 204 }));
    await expect(adapter.play('BQD-access', { uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'], deviceId: '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e', positionMs: 42_000.4 })).resolves.toBeUndefined();
    const [request] = requests;
    expect(request?.method).toBe('PUT');
    const url = new URL(request?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/v1/me/player/play');
    expect(Object.fromEntries(url.searchParams)).toEqual({ device_id: '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e' });
    expect(request?.headers['content-type']).toContain('application/json');
    expect(request?.headers.authorization).toBe('Bearer BQD-access');
    expect(JSON.parse(request?.rawBody ?? '')).toEqual({ uris: ['spotify:track:4uLU6hMCjMI75M1A2tKUQC'], position_ms: 42_000 });
  });

  it('resumes on a device with no body, and pauses a device with device_id in the query; 204s resolve undefined', async () => {
    const { adapter, requests } = await setup(() => ({ status: 204 }));
    await expect(adapter.play('t', { deviceId: 'dev 1/é' })).resolves.toBeUndefined();
    await expect(adapter.pause('t', 'dev 1/é')).resolves.toBeUndefined();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /v1/me/player/play?device_id=dev+1%2F%C3%A9', 'PUT /v1/me/player/pause?device_id=dev+1%2F%C3%A9']);
    expect(requests.map((r) => r.rawBody)).toEqual(['', '']);
    expect(new URL(requests[1]?.url ?? '', 'http://x').searchParams.get('device_id')).toBe('dev 1/é');
  });

  it('rejects play on a device Spotify does not know with ApiError 404 and Spotify’s message', async () => {
    const { adapter } = await setup(() => ({ status: 404, body: { error: { status: 404, message: 'Device not found' } } }));
    const error = await adapter.play('t', { uris: ['spotify:track:1'], deviceId: 'gone' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 404, code: 'MUSIC_API_ERROR', message: 'Spotify a refusé la requête (404) : Device not found.' });
  });

  it('rejects a refused play with the status (no retry here: that is the core’s rule)', async () => {
    const { adapter, requests } = await setup(() => ({ status: 403, body: { error: { status: 403, message: 'Player command failed: Premium required', reason: 'PREMIUM_REQUIRED' } } }));
    await expect(adapter.play('t')).rejects.toMatchObject({ statusCode: 403 });
    expect(requests).toHaveLength(1);
  });

  it('lists the playlists', async () => {
    const { adapter, requests } = await setup(() => ({ body: { href: 'x', limit: 20, offset: 0, total: 1, items: [{ id: 'p1', name: 'Blind test 80s' }] } }));
    await expect(adapter.getPlaylists('t')).resolves.toMatchObject({ items: [{ name: 'Blind test 80s' }] });
    expect(requests[0]?.url).toBe('/v1/me/playlists');
  });

  it('reads a playlist’s playable tracks in order, page after page, without episodes, local files or removed tracks', async () => {
    const spotify = await startLocalSpotify({ validTokens: ['BQD-valid'] });
    server = spotify;
    const adapter = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: spotify.url, apiBaseUrl: spotify.url });
    await expect(adapter.getPlaylistTracks('BQD-valid', 'pl1')).resolves.toEqual([
      { uri: 'spotify:track:5Bb6X8lBcEYRN4tZQwJqRf', name: 'Alors on danse - Radio Edit', artists: ['Stromae'], durationMs: 206_000, coverUrl: 'https://i.scdn.co/image/cheese-300' },
      { uri: 'spotify:track:0nrRP2bk19rLc0orkWPQk2', name: 'Wake Me Up', artists: ['Avicii', 'Aloe Blacc'], durationMs: 247_000, coverUrl: 'https://i.scdn.co/image/true-300' },
      { uri: 'spotify:track:3AJwUDP919kvQ9QcozQPxg', name: 'Tous les mêmes', artists: ['Stromae'], durationMs: 213_000, coverUrl: 'https://i.scdn.co/image/racinecarre-300' },
    ]);
    expect(spotify.requests.map((r) => r.url)).toEqual(['/v1/playlists/pl1/tracks?limit=100&offset=0&additional_types=track']);

    // 250 tracks: three pages asked, the first 200 kept.
    const many = Array.from({ length: 250 }, (_, i) => ({ ...structuredClone(SPOTIFY_PLAYLIST_ITEMS[0]!), track: { ...structuredClone(SPOTIFY_PLAYLIST_ITEMS[0]!.track!), uri: `spotify:track:t${i}`, name: `Titre ${i}` } }));
    spotify.playlists = { big: { name: 'Grosse soirée', items: many } };
    spotify.requests.length = 0;
    const tracks = await adapter.getPlaylistTracks('BQD-valid', 'big');
    expect(tracks).toHaveLength(PLAYLIST_TRACKS_LIMIT);
    expect([tracks[0]!.name, tracks[199]!.name]).toEqual(['Titre 0', 'Titre 199']);
    expect(spotify.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('offset'))).toEqual(['0', '100']);
  });

  it('rejects an unknown playlist with ApiError 404, and an expired token with 401', async () => {
    const spotify = await startLocalSpotify({ validTokens: ['BQD-valid'] });
    server = spotify;
    const adapter = new SpotifyMusicAdapter({ clientId: 'client-id', redirectUri: 'https://sortie.test/spotify', accountsBaseUrl: spotify.url, apiBaseUrl: spotify.url });
    await expect(adapter.getPlaylistTracks('BQD-valid', 'nope')).rejects.toMatchObject({ statusCode: 404, code: 'MUSIC_API_ERROR', message: 'Spotify a refusé la requête (404) : Resource not found.' });
    await expect(adapter.getPlaylistTracks('BQD-old', 'pl1')).rejects.toBeInstanceOf(ApiError);
  });
});
